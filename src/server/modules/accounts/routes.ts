import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailNotificationsSchema,
  HOME_ZIP_CHANGES_PER_HOUR,
  HOME_ZIP_TEXTS,
  homeZipSchema,
  loginPageUrl,
  loginSchema,
  registerSchema,
  safeReturnTo,
  SIGN_UP_MODE,
  termsAcceptanceSchema,
  usernameUpdateSchema,
  userSchema,
} from '#shared/auth.js';
import { apiErrorSchema } from '#shared/errors.js';
import { secondFactorRequiredSchema } from '#shared/two-step.js';
import { text } from '#shared/input.js';
import { MESSAGES } from '#shared/texts.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { clientAddress } from '../../lib/client-address.js';
import { RateLimit } from '../../lib/rate-limit.js';
import { redirectResponse } from '../../lib/responses.js';
import type { OidcClient } from './oidc.js';
import { oidcRoutes, redirectToProvider } from './oidc-routes.js';
import { clearSessionCookie, requireAccount, startSession } from './plugin.js';
import { presentUser } from './presenter.js';
import type { UserRow } from './repository.js';
import type { AuthService } from './service.js';
import type { SessionStore } from './sessions.js';
import { createSignInLimits } from './sign-in-limits.js';
import type { RecentSignInDeps } from './recent-sign-in.js';
import { passkeyRoutes } from './passkeys-routes.js';
import type { PasskeyService } from './passkeys.js';
import { sessionListRoutes } from './session-list-routes.js';
import type { TwoStep } from './two-step.js';
import { beginSecondStep, twoStepRoutes } from './two-step-routes.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export const authRoutes: FastifyPluginAsyncZod<{
  config: Config;
  auth: AuthService;
  sessions: SessionStore;
  oidc: OidcClient | null;
  /** Two-step sign-in and the sessions list (issue 20, decision 054), passkeys (decision 055). */
  db: Db;
  twoStep: TwoStep;
  passkeys: PasskeyService;
}> = async (app, opts) => {
  const { config, auth, sessions, oidc, db, twoStep, passkeys } = opts;
  const scale = config.RATE_LIMIT_SCALE;
  const signInPerIp = new RateLimit({ name: 'sign-in', points: 10, durationSeconds: 60 }, scale);
  const signInFailures = createSignInLimits();
  const recent: RecentSignInDeps = { db, signInLimits: signInFailures };
  const signUpPerIp = new RateLimit({ name: 'sign-up', points: 5, durationSeconds: 30 * 60 }, scale);
  // One person's budget, not an address's: not scaled by RATE_LIMIT_SCALE (decision 015).
  const homeZipChanges = new RateLimit({ name: 'home-zip', points: HOME_ZIP_CHANGES_PER_HOUR, durationSeconds: 60 * 60 }, 1, HOME_ZIP_TEXTS.tooMany);
  const present = (row: UserRow) => presentUser(row, config.ADMIN_EMAILS);

  const signIn = (request: FastifyRequest, reply: FastifyReply, userId: string, method: 'password' | 'sign_up') =>
    startSession(request, reply, { sessions, config, userId, method });
  /** With LOCAL_ACCOUNTS=0, email-and-password sign-up and sign-in are refused before anything is read. */
  const assertLocalAccounts = () => {
    if (!config.LOCAL_ACCOUNTS) throw forbidden(MESSAGES.localAccountsOff, { code: 'sign_in_method_off' });
  };

  await app.register(oidcRoutes, { config, auth, sessions, oidc });
  await app.register(twoStepRoutes, { config, sessions, twoStep, recent });
  await app.register(sessionListRoutes, { sessions });
  // A password typed to confirm a new passkey counts against the same sign-in budget as the sign-in page's.
  await app.register(passkeyRoutes, { config, passkeys, sessions, recent });

  // The spec's sign-in entry: our /login page, or straight to the provider when it is the only way in.
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

  app.post(
    '/api/auth/register',
    { config: { allowBeforeTerms: true }, schema: { body: registerSchema, response: { 201: userSchema, ...errors } } },
    async (request, reply) => {
      assertLocalAccounts();
      await signUpPerIp.consume(clientAddress(request));
      const user = await auth.register(request.body);
      await signIn(request, reply, user.id, 'sign_up');
      return reply.code(201).send(present(user));
    },
  );

  app.post(
    '/api/auth/login',
    // With two-step sign-in on, the right password answers { secondFactorRequired: true } and no session (decision 054).
    { config: { allowBeforeTerms: true }, schema: { body: loginSchema, response: { 200: z.union([userSchema, secondFactorRequiredSchema]), ...errors } } },
    async (request, reply) => {
      assertLocalAccounts();
      const address = clientAddress(request);
      await signInPerIp.consume(address);
      await signInFailures.attempt(request.body.email, address);
      const user = await auth.authenticate(request.body);
      await signInFailures.succeeded(request.body.email, address);
      if (twoStep.isEnabled(user)) return beginSecondStep(reply, config, user.id);
      await signIn(request, reply, user.id, 'password');
      return present(user);
    },
  );

  app.get('/api/auth/user', { schema: { response: { 200: userSchema, 401: apiErrorSchema } } }, async (request) =>
    presentUser(requireAccount(request), config.ADMIN_EMAILS, request.session!),
  );

  app.patch('/api/auth/username', { config: { signedIn: true }, schema: { body: usernameUpdateSchema, response: { 200: userSchema, ...errors } } }, async (request) =>
    present(await auth.changeUsername(requireAccount(request).id, request.body.username)),
  );

  app.patch(
    '/api/auth/email-notifications',
    { config: { signedIn: true }, schema: { body: emailNotificationsSchema, response: { 200: userSchema, ...errors } } },
    async (request) => present(await auth.update(requireAccount(request).id, request.body)),
  );

  // Issue 19 (decision 052): the ZIP code browse starts near; null forgets it. Only accepted changes count.
  app.patch('/api/auth/home-zip', { config: { signedIn: true }, schema: { body: homeZipSchema, response: { 200: userSchema, ...errors } } }, async (request) => {
    const { id } = requireAccount(request);
    return present(await homeZipChanges.spendOnSuccess(id, () => auth.setHomeZip(id, request.body.zipCode)));
  });

  app.patch(
    '/api/auth/terms-acceptance',
    { config: { allowBeforeTerms: true, signedIn: true }, schema: { body: termsAcceptanceSchema, response: { 200: userSchema, ...errors } } },
    async (request) => present(await auth.update(requireAccount(request).id, { termsAccepted: true })),
  );
};
