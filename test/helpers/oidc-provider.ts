import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Provider, { type Configuration } from 'oidc-provider';

/** What the test provider says about a person: the standard claims our callback reads. */
export interface TestAccountClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface TestOidcProvider {
  /** The issuer identifier, e.g. http://127.0.0.1:41234 (no trailing slash). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people it knows, by `sub`; a test sets the claims before the sign-in. */
  accounts: Map<string, TestAccountClaims>;
  /** How a person signs in there, by `sub`: the ID token's `amr` (RFC 8176), none when unset. */
  amr: Map<string, string[]>;
  close(): Promise<void>;
}

/** oidc-provider warns that a development setup is a development setup: true, and expected here. */
function quietly<T>(build: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!/^oidc-provider WARNING: (a )?quick start development-only/.test(String(args[0]))) warn(...args);
  };
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a loopback port, with one confidential client whose
 * redirect URI is `{appUrl}/api/callback`. Its development interactions (a login page that takes any
 * login name as the `sub`, then a consent page) are what a test drives, by plain HTTP or in Chromium.
 */
export async function startTestOidcProvider(options: {
  appUrl: string;
  port?: number;
  host?: string;
  /** The claims of a login name no test has set in `accounts` (by default: none but `sub`). */
  defaultClaims?: (sub: string) => TestAccountClaims;
}): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccountClaims>();
  const clientId = 'marketplace-test';
  const clientSecret = 'a-test-client-secret-that-is-long-enough';
  const host = options.host ?? '127.0.0.1';

  const server: Server = createServer();
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${options.appUrl}/api/callback`],
        post_logout_redirect_uris: [`${options.appUrl}/`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      // `amr` goes into every ID token that has one (set below), as providers with their own second factor do.
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    cookies: { keys: ['test-cookie-key-one-that-is-long-enough'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    ttl: { AccessToken: 600, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...(accounts.get(sub) ?? options.defaultClaims?.(sub) ?? {}) }),
    }),
  };
  const provider = quietly(() => new Provider(issuer, configuration));
  // The development login finishes with the login name only; a test's `amr` is added to it here, as a provider with
  // its own second factor would record one.
  const amr = new Map<string, string[]>();
  const finish = provider.interactionFinished.bind(provider);
  provider.interactionFinished = (req, res, result, finishOptions) => {
    const methods = result.login ? amr.get(result.login.accountId) : undefined;
    return finish(req, res, methods && result.login ? { ...result, login: { ...result.login, amr: methods } } : result, finishOptions);
  };
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    amr,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A browser's cookies for the provider only: each sign-in starts with none, so nobody is already signed in there. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
}

/**
 * Goes through the provider's development login (any login name becomes the `sub`) and consent pages with plain
 * HTTP, starting at the authorization URL our app redirected to; answers the URL the provider sends the browser
 * back to (our /api/callback with code and state, or an error). `consent: false` presses "Cancel" instead.
 */
export async function signInAtProvider(authorizationUrl: string, sub: string, options: { consent?: boolean } = {}): Promise<string> {
  const jar = new CookieJar();
  const origin = new URL(authorizationUrl).origin;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  let next: { url: string; init?: RequestInit } | undefined = { url: authorizationUrl };
  for (let hop = 0; next && hop < 12; hop++) {
    const res: Response = await fetch(next.url, { ...next.init, redirect: 'manual', headers: { ...next.init?.headers, cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const target: URL = new URL(location, next.url);
      if (target.origin !== origin) return target.href;
      next = { url: target.href };
      continue;
    }
    if (res.status !== 200) throw new Error(`the provider answered ${res.status} at ${next.url}: ${await res.text()}`);
    // An interaction page: the login form, then the consent form, both posting back to their own URL.
    const html = await res.text();
    const uid: string = new URL(next.url).pathname.split('/').pop()!;
    if (html.includes('name="login"')) {
      next = { url: `${origin}/interaction/${uid}`, init: { method: 'POST', headers: form, body: new URLSearchParams({ prompt: 'login', login: sub, password: 'any' }) } };
    } else if (options.consent === false) {
      next = { url: `${origin}/interaction/${uid}/abort` };
    } else {
      next = { url: `${origin}/interaction/${uid}`, init: { method: 'POST', headers: form, body: new URLSearchParams({ prompt: 'consent' }) } };
    }
  }
  throw new Error('the provider never sent the browser back');
}

/**
 * From our answer that sends the browser to the provider (`/api/login/oidc`, `/api/auth/reauthenticate`), through
 * the provider's pages as `sub`, back to our `/api/callback` with the flow cookie and `cookie` (the app's session,
 * when the browser has one): the callback's answer.
 */
export async function followProviderFlow(app: FastifyInstance, start: LightMyRequestResponse, sub: string, cookie?: string): Promise<LightMyRequestResponse> {
  if (start.statusCode !== 302) throw new Error(`expected a redirect to the provider, got ${start.statusCode}: ${start.body}`);
  const callback = new URL(await signInAtProvider(start.headers.location as string, sub));
  const flow = start.cookies.filter((c) => c.name === 'csm_oidc_flow').map((c) => `${c.name}=${c.value}`);
  return app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: [cookie, ...flow].filter(Boolean).join('; ') } });
}
