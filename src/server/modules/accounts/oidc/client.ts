import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import { emailSchema } from '#shared/auth.js';
import type { OidcConfig } from '#server/config.js';

/** What a provider told us about a person, already checked by openid-client and cleaned of bad values. */
export interface OidcProfile {
  issuer: string;
  subject: string;
  email?: string;
  /** Only the provider's literal `email_verified: true` counts. */
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  profileImageUrl?: string;
}

/** How long to wait for the provider on each call, in seconds. */
const REQUEST_TIMEOUT_S = 5;
/** After a failed discovery, the next attempt waits at least this long (a sign-in attempt retries it). */
const RETRY_AFTER_MS = 10_000;
/**
 * Authentication method references (RFC 8176) that show the provider asked for more than a password: a second factor
 * by its own name (`mfa`, `mca`), a code (`otp`, `sms`, `tel`), a key (`hwk`, `swk`, `sc`, `pop`) or a body (`fpt`,
 * `face`, `iris`, `retina`, `vbm`). Decision 061: such a sign-in is a second factor here too.
 */
const SECOND_FACTOR_AMR = new Set(['mfa', 'mca', 'otp', 'sms', 'tel', 'hwk', 'swk', 'sc', 'pop', 'fpt', 'face', 'iris', 'retina', 'vbm']);
export const amrShowsSecondFactor = (amr: readonly string[]) => amr.some((method) => SECOND_FACTOR_AMR.has(method));

/** How long a person may spend at the provider between leaving and coming back. */
export const FLOW_MAX_AGE_MS = 10 * 60 * 1000;

/** What the callback needs to check the answer: kept in a short-lived signed cookie between the two requests. */
export const oidcFlowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(1),
  returnTo: z.string(),
  expiresAt: z.number(),
  /** Set when a signed-in person confirms who they are at the provider (decision 016), not a sign-in. */
  reauthUserId: z.string().optional(),
});
export type OidcFlow = z.infer<typeof oidcFlowSchema>;

const nameClaim = z.string().trim().min(1).max(100).optional().catch(undefined);
const pictureClaim = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .optional()
  .catch(undefined);

/** The claims we read, each dropped when it is not what the standard says it is. */
function profileFrom(issuer: string, claims: Record<string, unknown>): OidcProfile {
  const email = emailSchema.optional().catch(undefined).parse(claims.email);
  return {
    issuer,
    subject: String(claims.sub),
    email,
    emailVerified: email !== undefined && claims.email_verified === true,
    firstName: nameClaim.parse(claims.given_name),
    lastName: nameClaim.parse(claims.family_name),
    profileImageUrl: pictureClaim.parse(claims.picture),
  };
}

/**
 * The OpenID Connect relying party, built on openid-client: discovery (at start, and again on demand after a
 * failure), the authorization request with PKCE, state and nonce, the checked code exchange, the userinfo
 * call, and the provider's end-session address.
 */
export function createOidcClient(settings: OidcConfig, publicUrl: string, log: FastifyBaseLogger) {
  const redirectUri = `${publicUrl}/api/callback`;
  // http:// issuers are allowed by the configuration only on this machine (tests, local development).
  const insecure = new URL(settings.issuer).protocol === 'http:';
  let configuration: client.Configuration | undefined;
  let pending: Promise<client.Configuration | undefined> | undefined;
  let lastFailureAt = 0;

  async function discover(): Promise<client.Configuration | undefined> {
    try {
      configuration = await client.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: REQUEST_TIMEOUT_S,
      });
      configuration.timeout = REQUEST_TIMEOUT_S;
      log.info(`OpenID Connect: ${settings.name} (${settings.issuer}) is ready`);
      return configuration;
    } catch (error) {
      lastFailureAt = Date.now();
      const reason = error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
      log.error(
        `OpenID Connect: could not read the discovery document of ${settings.issuer}: ${reason}. ` +
          `Sign-in with ${settings.name} is unavailable until it answers (retried at the next sign-in attempt); local accounts keep working.`,
      );
      return undefined;
    }
  }

  /** The discovered provider; after a failure, tries again when the last attempt is old enough. */
  function ready(): Promise<client.Configuration | undefined> {
    if (configuration) return Promise.resolve(configuration);
    if (!pending && Date.now() - lastFailureAt >= RETRY_AFTER_MS) pending = discover().finally(() => (pending = undefined));
    return pending ?? Promise.resolve(undefined);
  }

  return {
    name: settings.name,
    issuer: settings.issuer,
    /** Whether discovery has succeeded; never waits for the network. */
    isAvailable: () => configuration !== undefined,
    ready,

    /**
     * Where to send the person, and what the callback must find in the cookie to accept the answer.
     * `reauthUserId`: the provider must ask for the credentials again (prompt=login, max_age=0), whatever session it has.
     */
    async start(provider: client.Configuration, returnTo: string, options: { reauthUserId?: string } = {}): Promise<{ url: URL; flow: OidcFlow }> {
      const verifier = client.randomPKCECodeVerifier();
      const flow: OidcFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        returnTo,
        expiresAt: Date.now() + FLOW_MAX_AGE_MS,
        ...(options.reauthUserId !== undefined && { reauthUserId: options.reauthUserId }),
      };
      const url = client.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
        ...(flow.reauthUserId !== undefined && { prompt: 'login', max_age: '0' }),
      });
      return { url, flow };
    },

    /**
     * Checks the authorization response (state, issuer), exchanges the code with the PKCE verifier, checks the
     * ID token (signature, audience, nonce, times) and reads userinfo when the provider has it.
     * Throws what openid-client throws.
     */
    async finish(
      provider: client.Configuration,
      callbackUrl: URL,
      flow: OidcFlow,
    ): Promise<{ profile: OidcProfile; idToken: string | undefined; authTime: number | undefined; amr: string[] }> {
      const tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new client.ClientError('the provider answered without an ID token');
      let claims: Record<string, unknown> = idClaims;
      if (provider.serverMetadata().userinfo_endpoint && tokens.access_token) {
        // fetchUserInfo refuses an answer about anyone but the ID token's subject.
        claims = { ...(await client.fetchUserInfo(provider, tokens.access_token, idClaims.sub)), ...idClaims };
      }
      const authTime = typeof idClaims.auth_time === 'number' ? idClaims.auth_time * 1000 : undefined;
      const amr = Array.isArray(idClaims.amr) ? idClaims.amr.filter((value): value is string => typeof value === 'string') : [];
      return { profile: profileFrom(provider.serverMetadata().issuer, claims), idToken: tokens.id_token, authTime, amr };
    },

    /** The provider's sign-out address for a session that began there, or undefined when it offers none. */
    endSessionUrl(idToken: string): URL | undefined {
      if (!configuration?.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(configuration, { id_token_hint: idToken, post_logout_redirect_uri: `${publicUrl}/` });
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

/**
 * Why a callback failed: the person (or the provider) said no, the provider could not be reached, or the
 * answer failed a check (state, issuer, code, PKCE, ID token): the last is the only one that may be an attack.
 */
export function oidcFailureKind(error: unknown): 'denied' | 'unavailable' | 'invalid' {
  if (error instanceof client.AuthorizationResponseError) return 'denied';
  if (error instanceof TypeError && error.message === 'fetch failed') return 'unavailable';
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'unavailable';
  return 'invalid';
}
