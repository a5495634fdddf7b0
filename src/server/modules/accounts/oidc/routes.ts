import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authProvidersSchema, loginPageUrl, safeReturnTo } from '#shared/auth.js';
import { apiErrorSchema } from '#shared/errors.js';
import { text } from '#shared/input.js';
import { MESSAGES } from '#shared/texts.js';
import type { Config } from '#server/config.js';
import { badRequest, notFound, serviceUnavailable } from '#server/lib/errors.js';
import { redirectResponse } from '#server/lib/responses.js';
import { requireUser } from '#server/lib/viewer.js';
import { amrShowsSecondFactor, FLOW_MAX_AGE_MS, oidcFailureKind, oidcFlowSchema, type OidcClient, type OidcFlow } from './client.js';
import { startSession } from '../identity/plugin.js';
import { isHttps } from '../identity/cookies.js';
import { authenticatedSince } from './reauth.js';
import type { OidcAccounts } from './service.js';
import type { SessionStore } from '../identity/sessions.js';
import { beginSecondStep } from '../two-step/routes.js';
import type { TwoStep } from '../two-step/service.js';

/** Holds state, nonce, PKCE verifier and returnTo between leaving for the provider and coming back. */
const FLOW_COOKIE = 'csm_oidc_flow';
const FLOW_COOKIE_PATH = '/api/callback';

const returnToQuery = z.object({ returnTo: text().optional() });
const toProvider = redirectResponse("the identity provider's sign-in page");
/** The authorization response; openid-client reads and checks it from the full URL. */
const callbackQuery = z.looseObject({
  code: text().optional(),
  state: text().optional(),
  iss: text().optional(),
  error: text().optional(),
  error_description: text().optional(),
});

function flowCookieOptions(config: Config) {
  return { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure: isHttps(config.PUBLIC_URL) };
}

/** Sends the person to the provider's sign-in page; 503 while the provider cannot be discovered. */
export async function redirectToProvider(
  reply: FastifyReply,
  oidc: OidcClient,
  config: Config,
  returnTo: string,
  options: { reauthUserId?: string } = {},
): Promise<FastifyReply> {
  const provider = await oidc.ready();
  if (!provider) throw serviceUnavailable(MESSAGES.oidcUnavailable);
  const { url, flow } = await oidc.start(provider, returnTo, options);
  // SameSite=Lax: the provider's redirect back is a top-level GET navigation, which carries it.
  reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
    ...flowCookieOptions(config),
    maxAge: FLOW_MAX_AGE_MS / 1000,
    signed: true,
  });
  return reply.redirect(url.href);
}

/** The flow this browser started, when its cookie is ours (signature), well-formed and not expired. */
function readFlow(request: FastifyRequest): OidcFlow | undefined {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  try {
    const flow = oidcFlowSchema.parse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')));
    return flow.expiresAt > Date.now() ? flow : undefined;
  } catch {
    return undefined;
  }
}

export const oidcRoutes: FastifyPluginAsyncZod<{ config: Config; accounts: OidcAccounts; sessions: SessionStore; oidc: OidcClient | null; twoStep: TwoStep }> = async (
  app,
  opts,
) => {
  const { config, accounts, sessions, oidc, twoStep } = opts;

  app.get('/api/auth/providers', { schema: { response: { 200: authProvidersSchema } } }, async () => {
    // A provider that was down at start gets another chance in the background; this answer never waits for it.
    if (oidc && !oidc.isAvailable()) void oidc.ready();
    return { local: config.LOCAL_ACCOUNTS, oidc: oidc && { name: oidc.name, available: oidc.isAvailable() } };
  });

  app.get(
    '/api/login/oidc',
    { schema: { querystring: returnToQuery, response: { 302: toProvider, 400: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema } } },
    async (request, reply) => {
      if (!oidc) throw notFound(MESSAGES.oidcNotConfigured);
      return redirectToProvider(reply, oidc, config, safeReturnTo(request.query.returnTo));
    },
  );

  // A signed-in person confirms who they are at the provider before changing their email or deleting the account (decision 016).
  app.get(
    '/api/auth/reauthenticate',
    {
      config: { signedIn: true },
      schema: { querystring: returnToQuery, response: { 302: toProvider, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!oidc) throw notFound(MESSAGES.oidcNotConfigured);
      return redirectToProvider(reply, oidc, config, safeReturnTo(request.query.returnTo), { reauthUserId: user.id });
    },
  );

  /**
   * The end of a re-authentication: nobody is signed in or created here. Only the same person, signed in in this
   * browser, coming back with the identity linked to their account and credentials typed during this flow,
   * gets a new session whose ID token says so; anyone else goes back with `reauth=failed`.
   */
  async function finishReauthentication(request: FastifyRequest, reply: FastifyReply, flow: OidcFlow, result: Awaited<ReturnType<OidcClient['finish']>>) {
    const returnTo = safeReturnTo(flow.returnTo);
    const user = request.session?.user;
    if (!user) return reply.redirect(loginPageUrl(returnTo, 'expired'));
    const confirmed =
      user.id === flow.reauthUserId &&
      authenticatedSince(result.authTime, flow.expiresAt - FLOW_MAX_AGE_MS) &&
      result.idToken !== undefined &&
      (await accounts.ownsIdentity(user.id, result.profile));
    if (!confirmed) {
      request.log.warn('OpenID Connect: a re-authentication was not by the signed-in person, or the provider did not ask for the credentials');
      return reply.redirect(`${returnTo}${returnTo.includes('?') ? '&' : '?'}reauth=failed`);
    }
    // The same person in the same browser: a second factor the replaced session had, it keeps (decision 061).
    const secondFactor = amrShowsSecondFactor(result.amr) || request.session?.secondFactor === true;
    await startSession(request, reply, { sessions, config, userId: user.id, oidcIdToken: result.idToken, method: 'oidc', secondFactor });
    return reply.redirect(returnTo);
  }

  app.get(
    '/api/callback',
    {
      schema: {
        querystring: callbackQuery,
        response: { 302: redirectResponse('where the sign-in started, or the sign-in page with the reason it failed'), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!oidc) throw notFound(MESSAGES.oidcNotConfigured);
      const flow = readFlow(request);
      // One use only, whatever happens next.
      reply.clearCookie(FLOW_COOKIE, flowCookieOptions(config));
      if (!flow) return reply.redirect(loginPageUrl('/', 'expired'));
      const returnTo = safeReturnTo(flow.returnTo);
      const provider = await oidc.ready();
      if (!provider) return reply.redirect(loginPageUrl(returnTo, 'unavailable'));

      let result: Awaited<ReturnType<OidcClient['finish']>>;
      try {
        result = await oidc.finish(provider, new URL(request.url, config.PUBLIC_URL), flow);
      } catch (error) {
        const kind = oidcFailureKind(error);
        if (kind !== 'invalid') {
          request.log.warn({ err: error }, `OpenID Connect: sign-in ${kind === 'denied' ? 'refused by the provider' : 'failed, provider unreachable'}`);
          return reply.redirect(loginPageUrl(returnTo, kind));
        }
        request.log.warn({ err: error }, 'OpenID Connect: a sign-in answer failed its checks');
        throw badRequest(MESSAGES.oidcVerificationFailed, { code: 'identity_provider_failed' });
      }

      if (flow.reauthUserId !== undefined) return finishReauthentication(request, reply, flow, result);
      const outcome = await accounts.signInWithOidc(result.profile, { holdLink: async (user) => (await twoStep.secondStepsOf(user)).length > 0 });
      if ('refused' in outcome) return reply.redirect(loginPageUrl(returnTo, outcome.refused));
      // The account's own second step (decision 061): unless the provider's `amr` shows it asked for one, and always
      // before a new identity is linked to an account that gives one.
      const providerSecondFactor = amrShowsSecondFactor(result.amr);
      const methods = await twoStep.secondStepsOf(outcome.user);
      if (methods.length > 0 && (outcome.heldLink !== undefined || !providerSecondFactor)) {
        await beginSecondStep(reply, config, sessions, outcome.user.id, methods, { firstStep: 'oidc', oidcIdToken: result.idToken ?? null, oidcLink: outcome.heldLink ?? null });
        return reply.redirect(loginPageUrl(returnTo, undefined, { secondStep: methods }));
      }
      await startSession(request, reply, { sessions, config, userId: outcome.user.id, oidcIdToken: result.idToken, method: 'oidc', secondFactor: providerSecondFactor });
      return reply.redirect(returnTo);
    },
  );
};
