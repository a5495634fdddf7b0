import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginPageUrl, safeReturnTo, SIGN_UP_MODE } from '#shared/auth.js';
import { apiErrorSchema } from '#shared/errors.js';
import { text } from '#shared/input.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { redirectResponse } from '../../lib/responses.js';
import { sessionListRoutes } from './devices/routes.js';
import { clearSessionCookie } from './identity/plugin.js';
import type { ProfileService } from './identity/profile.js';
import { profileRoutes } from './identity/profile-routes.js';
import type { SessionStore } from './identity/sessions.js';
import type { OidcClient } from './oidc/client.js';
import { oidcRoutes, redirectToProvider } from './oidc/routes.js';
import type { OidcAccounts } from './oidc/service.js';
import { passkeyRoutes } from './passkeys/routes.js';
import type { PasskeyService } from './passkeys/service.js';
import type { RecentSignInDeps } from './password/recent-sign-in.js';
import { recentSignInRoutes } from './password/recent-sign-in-routes.js';
import { passwordRoutes } from './password/routes.js';
import type { PasswordService } from './password/service.js';
import type { SignInLimits } from './password/sign-in-limits.js';
import type { Outbox } from '../mail/index.js';
import { isAdministrator } from './identity/presenter.js';
import { createEnrolment } from './two-step/enrolment.js';
import { createFailedStepWarning } from './two-step/failed-steps.js';
import { twoStepRoutes } from './two-step/routes.js';
import type { TwoStep } from './two-step/service.js';

/**
 * Every way in and out under /api: the sign-in entry and sign-out here, then each way's own routes (password, OpenID
 * Connect, two-step, passkeys), the sessions list and the person's own profile.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  config: Config;
  sessions: SessionStore;
  password: PasswordService;
  oidc: OidcClient | null;
  oidcAccounts: OidcAccounts;
  profile: ProfileService;
  /** Where the recent sign-in reads the session's start (two-step sign-in and passkeys, decisions 054 and 055). */
  db: Db;
  twoStep: TwoStep;
  passkeys: PasskeyService;
  /** The outbox: 'Someone entered your password but not your code' (decision 061). */
  mail: Outbox;
  /** The app's one sign-in budget: the sign-in page's, and every password typed again to prove a recent sign-in. */
  signInLimits: SignInLimits;
}> = async (app, opts) => {
  const { config, sessions, password, oidc, oidcAccounts, profile, db, twoStep, passkeys, mail, signInLimits } = opts;
  const recent: RecentSignInDeps = { db, signInLimits };
  const failedSteps = createFailedStepWarning({ db, mail, publicUrl: config.PUBLIC_URL });
  // While REQUIRE_ADMIN_2FA is on, an administrator's session without a second factor enrols one only from an emailed link (decision 061).
  const enrolment = createEnrolment({ db, mail, publicUrl: config.PUBLIC_URL, guarded: (user) => config.REQUIRE_ADMIN_2FA && isAdministrator(user, config.ADMIN_EMAILS) });

  await app.register(oidcRoutes, { config, accounts: oidcAccounts, sessions, oidc, twoStep });
  await app.register(twoStepRoutes, { config, sessions, twoStep, passkeys, recent, failedSteps, completeOidcLink: oidcAccounts.completeLink, enrolment });
  await app.register(sessionListRoutes, { sessions, recent });
  await app.register(recentSignInRoutes, { passkeys, recent });
  // A password typed to confirm a new passkey counts against the same sign-in budget as the sign-in page's.
  await app.register(passkeyRoutes, { config, passkeys, sessions, recent, enrolment });

  // The specification's sign-in entry (§1): our /login page, or straight to the provider when it is the only way in.
  app.get(
    '/api/login',
    {
      schema: {
        // `mode=signup`: the 'Sign up' links, which open the page on its 'Create account' tab.
        querystring: z.object({ returnTo: text().optional(), mode: z.literal(SIGN_UP_MODE).optional() }),
        response: { 302: redirectResponse('the sign-in page, or the identity provider when it is the only way in'), 400: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      if (oidc && !config.LOCAL_ACCOUNTS) return redirectToProvider(reply, oidc, config, returnTo);
      return reply.redirect(loginPageUrl(returnTo, undefined, { signUp: request.query.mode === SIGN_UP_MODE }));
    },
  );

  /** Ends our session, and the provider's too when the session began there and the provider offers an end-session endpoint. */
  async function logout(request: FastifyRequest, reply: FastifyReply) {
    const idToken = request.session?.oidcIdToken;
    if (request.session) await sessions.destroy(request.session.id);
    clearSessionCookie(reply, config);
    const providerLogout = idToken ? oidc?.endSessionUrl(idToken) : undefined;
    return reply.redirect(providerLogout?.href ?? '/');
  }
  const loggedOut = { response: { 302: redirectResponse("the home page, or the identity provider's end-session page when the session began there") } };
  app.get('/api/logout', { schema: loggedOut }, (request, reply) => logout(request, reply));
  app.post('/api/logout', { config: { allowBeforeTerms: true }, schema: loggedOut }, (request, reply) => logout(request, reply));

  await app.register(passwordRoutes, { config, password, sessions, twoStep, signInLimits });
  await app.register(profileRoutes, { config, profile });
};
