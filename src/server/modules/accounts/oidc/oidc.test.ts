// engines: one
import { once } from 'node:events';
import { createServer } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oidcIdentities, users } from '#server/db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, PASSWORD, randomIp, sessionCookieFrom, signUp, uniqueEmail } from '#test/helpers/factories.js';
import { signInAtProvider, startTestOidcProvider, type TestAccountClaims, type TestOidcProvider } from '#test/helpers/oidc-provider.js';

const APP_URL = 'http://market.test';

let provider: TestOidcProvider;
let t: TestApp;

const oidcEnv = (p: TestOidcProvider, extra: Record<string, string> = {}) => ({
  PUBLIC_URL: APP_URL,
  OIDC_ISSUER_URL: p.issuer,
  OIDC_CLIENT_ID: p.clientId,
  OIDC_CLIENT_SECRET: p.clientSecret,
  OIDC_NAME: 'Town ID',
  ...extra,
});

beforeAll(async () => {
  provider = await startTestOidcProvider({ appUrl: APP_URL });
  t = await createTestApp(oidcEnv(provider));
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let subjects = 0;
const uniqueSub = () => `person-${Date.now().toString(36)}-${++subjects}`;

const get = (app: TestApp, url: string, cookie?: string) => app.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const cookieHeader = (res: LightMyRequestResponse) => res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'csm_session' && c.value !== '');

/** /api/login/oidc → the provider's pages as `sub` → back at /api/callback with the flow cookie: the callback's answer. */
async function signInWithProvider(sub: string, claims: TestAccountClaims, options: { returnTo?: string; app?: TestApp; tamper?: (callback: URL) => void } = {}) {
  const app = options.app ?? t;
  provider.accounts.set(sub, claims);
  const start = await get(app, `/api/login/oidc${options.returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(options.returnTo)}`}`);
  expect(start.statusCode, start.body).toBe(302);
  expect(start.headers.location).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
  const callback = new URL(await signInAtProvider(start.headers.location as string, sub));
  expect(callback.origin + callback.pathname).toBe(`${APP_URL}/api/callback`);
  options.tamper?.(callback);
  return get(app, callback.pathname + callback.search, cookieHeader(start));
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function identitiesOf(sub: string) {
  return t.database.db.select().from(oidcIdentities).where(and(eq(oidcIdentities.issuer, provider.issuer), eq(oidcIdentities.subject, sub)));
}

describe('sign-in with an OpenID Connect provider', () => {
  it('sends the browser to the provider with PKCE, state and nonce, and a short-lived signed HttpOnly cookie', async () => {
    const res = await get(t, '/api/login/oidc?returnTo=%2Fmessages');
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: `${APP_URL}/api/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const key of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(key)).toMatch(/^[\w-]{40,}$/);
    const flow = res.cookies.find((c) => c.name === 'csm_oidc_flow')!;
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/callback', maxAge: 600 });
    expect(flow.value).not.toContain(url.searchParams.get('state'));
  });

  it('creates the person from the claims, signs them in and returns to the saved page', async () => {
    const sub = uniqueSub();
    const email = uniqueEmail('oidc');
    const res = await signInWithProvider(
      sub,
      { email, email_verified: true, given_name: 'Ada', family_name: 'Lovelace', picture: 'https://id.example.org/ada.png' },
      { returnTo: '/messages?tab=2' },
    );
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/messages?tab=2');
    expect(sessionCookie(res)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'csm_oidc_flow')?.value).toBe('');

    const me = await get(t, '/api/auth/user', sessionCookieFrom(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, emailVerified: true, firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: 'https://id.example.org/ada.png', termsAccepted: false });
    expect(me.json().username).toMatch(/^oidc_/);
    expect(await identitiesOf(sub)).toHaveLength(1);
    expect((await userRow(me.json().id)).passwordHash).toBeNull();
  });

  it('updates the same person at the next sign-in instead of making a second account', async () => {
    const sub = uniqueSub();
    const email = uniqueEmail('again');
    const first = await signInWithProvider(sub, { email, email_verified: true, given_name: 'Grace', family_name: 'Brewster' });
    const firstUser = (await get(t, '/api/auth/user', sessionCookieFrom(first))).json();

    const newEmail = uniqueEmail('renamed');
    const second = await signInWithProvider(sub, { email: newEmail, email_verified: true, given_name: 'Grace', family_name: 'Hopper', picture: 'https://id.example.org/g.png' });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('/');
    const secondUser = (await get(t, '/api/auth/user', sessionCookieFrom(second))).json();
    expect(secondUser.id).toBe(firstUser.id);
    expect(secondUser).toMatchObject({ email: newEmail, lastName: 'Hopper', profileImageUrl: 'https://id.example.org/g.png' });
    expect(await identitiesOf(sub)).toHaveLength(1);
    const [{ count }] = (await t.database.db.select({ count: sql<number>`count(*)::int` }).from(users).where(sql`lower(${users.email}) in (${email}, ${newEmail})`)) as [
      { count: number },
    ];
    expect(count).toBe(1);
  });

  it('counts the address as verified when the provider says so, and never replaces a picture uploaded here', async () => {
    const sub = uniqueSub();
    const email = uniqueEmail('claims');
    const first = await signInWithProvider(sub, { email, email_verified: false, picture: 'https://id.example.org/a.png' });
    const { id } = (await get(t, '/api/auth/user', sessionCookieFrom(first))).json();
    expect(await userRow(id)).toMatchObject({ email, emailVerified: false, profileImageUrl: 'https://id.example.org/a.png' });

    await signInWithProvider(sub, { email, email_verified: true, picture: 'https://id.example.org/b.png' });
    expect(await userRow(id)).toMatchObject({ email, emailVerified: true, profileImageUrl: 'https://id.example.org/b.png' });

    const uploaded = '/api/images/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
    await t.database.db.update(users).set({ profileImageUrl: uploaded }).where(eq(users.id, id));
    const moved = uniqueEmail('claims-moved');
    await signInWithProvider(sub, { email: moved, email_verified: true, picture: 'https://id.example.org/c.png' });
    expect(await userRow(id)).toMatchObject({ email: moved, emailVerified: true, profileImageUrl: uploaded });
  });

  it('takes an unverified address only for an account without one, and leaves it unverified', async () => {
    const sub = uniqueSub();
    const first = await signInWithProvider(sub, {});
    const { id } = (await get(t, '/api/auth/user', sessionCookieFrom(first))).json();
    expect(await userRow(id)).toMatchObject({ email: null, emailVerified: false });
    const email = uniqueEmail('later');
    await signInWithProvider(sub, { email, email_verified: false });
    expect(await userRow(id)).toMatchObject({ email, emailVerified: false });
    await signInWithProvider(sub, { email: uniqueEmail('unvouched'), email_verified: false });
    expect(await userRow(id)).toMatchObject({ email, emailVerified: false });
  });

  it('rotates the session: one started before the sign-in is not kept', async () => {
    const { cookie: before } = await signUp(t.app);
    provider.accounts.set('rotating', { email: uniqueEmail('rot'), email_verified: true });
    const start = await get(t, '/api/login/oidc', before);
    const callback = new URL(await signInAtProvider(start.headers.location as string, 'rotating'));
    const res = await get(t, callback.pathname + callback.search, `${before}; ${cookieHeader(start)}`);
    expect(res.statusCode).toBe(302);
    expect(sessionCookieFrom(res)).not.toBe(before);
    expect((await get(t, '/api/auth/user', before)).statusCode).toBe(401);
  });

  it('refuses a tampered state: 400, no session, no account', async () => {
    const sub = uniqueSub();
    const res = await signInWithProvider(sub, { email: uniqueEmail('tamper'), email_verified: true }, { tamper: (url) => url.searchParams.set('state', 'forged-state-value') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This sign-in could not be verified. Please start again from the sign-in page.', code: 'identity_provider_failed' });
    expect(sessionCookie(res)).toBeUndefined();
    expect(await identitiesOf(sub)).toHaveLength(0);
  });

  it('refuses a callback without the flow cookie (another browser, or too late) and a forged flow cookie', async () => {
    const sub = uniqueSub();
    provider.accounts.set(sub, { email: uniqueEmail('nocookie') });
    const start = await get(t, '/api/login/oidc?returnTo=%2Fprofile');
    const callback = new URL(await signInAtProvider(start.headers.location as string, sub));
    const forged = `csm_oidc_flow=${Buffer.from(JSON.stringify({ state: 'x' })).toString('base64url')}.bad`;
    for (const cookie of [undefined, forged]) {
      const res = await get(t, callback.pathname + callback.search, cookie);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=expired');
      expect(sessionCookie(res)).toBeUndefined();
    }
    expect(await identitiesOf(sub)).toHaveLength(0);
  });

  it('comes back to /login with a reason when the person cancels at the provider', async () => {
    provider.accounts.set('canceller', {});
    const start = await get(t, '/api/login/oidc?returnTo=%2Fprofile');
    const callback = new URL(await signInAtProvider(start.headers.location as string, 'canceller', { consent: false }));
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const res = await get(t, callback.pathname + callback.search, cookieHeader(start));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=denied&returnTo=%2Fprofile');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('ignores a returnTo on another origin and goes home', async () => {
    for (const returnTo of ['https://evil.example/steal', '//evil.example', '/\\evil.example']) {
      const res = await signInWithProvider(uniqueSub(), { email: uniqueEmail('ret'), email_verified: true }, { returnTo });
      expect(res.statusCode, returnTo).toBe(302);
      expect(res.headers.location, returnTo).toBe('/');
      expect(sessionCookie(res)).toBeDefined();
    }
  });
});

describe('account linking by email', () => {
  it('does not let an unverified email take over a local account, nor create a second one', async () => {
    const local = await signUp(t.app);
    const sub = uniqueSub();
    for (const claims of [{ email: local.email, email_verified: false }, { email: local.email.toUpperCase() }]) {
      const res = await signInWithProvider(sub, { ...claims, given_name: 'Mallory' }, { returnTo: '/profile' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=email_in_use&returnTo=%2Fprofile');
      expect(sessionCookie(res)).toBeUndefined();
    }
    expect(await identitiesOf(sub)).toHaveLength(0);
    expect(await userRow(local.user.id)).toMatchObject({ email: local.email, firstName: null });
    const [{ count }] = (await t.database.db.select({ count: sql<number>`count(*)::int` }).from(users).where(sql`lower(${users.email}) = ${local.email.toLowerCase()}`)) as [
      { count: number },
    ];
    expect(count).toBe(1);
  });

  it('links a local account when the provider says the email is verified and ours is too; the password keeps working', async () => {
    const local = await signUp(t.app);
    await markEmailVerified(t.database.db, local.user.id);
    const sub = uniqueSub();
    const res = await signInWithProvider(sub, { email: local.email, email_verified: true, given_name: 'Linked', family_name: 'Person' });
    expect(res.statusCode).toBe(302);
    const me = (await get(t, '/api/auth/user', sessionCookieFrom(res))).json();
    expect(me).toMatchObject({ id: local.user.id, email: local.email, firstName: 'Linked', termsAccepted: true });
    expect(await identitiesOf(sub)).toEqual([expect.objectContaining({ userId: local.user.id })]);

    const again = await signInWithProvider(sub, { email: local.email, email_verified: true });
    expect((await get(t, '/api/auth/user', sessionCookieFrom(again))).json().id).toBe(local.user.id);
    const password = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: randomIp(), payload: { email: local.email, password: PASSWORD } });
    expect(password.statusCode).toBe(200);
  });

  it('never gives an administrator address to an account on an unverified claim', async () => {
    const res = await signInWithProvider(uniqueSub(), { email: ADMIN_EMAIL, email_verified: false, given_name: 'Not' });
    expect(res.statusCode).toBe(302);
    const me = (await get(t, '/api/auth/user', sessionCookieFrom(res))).json();
    expect(me).toMatchObject({ email: null, firstName: 'Not', isAdmin: false });
  });

  it('makes the administrator of an ADMIN_EMAILS address the provider vouches for (decision 016)', async () => {
    const admin = await createTestApp(oidcEnv(provider, { ADMIN_EMAILS: 'sso-admin@example.test' }));
    try {
      const res = await signInWithProvider(uniqueSub(), { email: 'SSO-Admin@example.test', email_verified: true }, { app: admin });
      expect((await get(admin, '/api/auth/user', sessionCookieFrom(res))).json()).toMatchObject({ emailVerified: true, isAdmin: true });
    } finally {
      await admin.close();
    }
  });
});

describe('banned people', () => {
  it('are refused at the callback, whether they came through the provider or a linked local account', async () => {
    const sub = uniqueSub();
    const first = await signInWithProvider(sub, { email: uniqueEmail('ban'), email_verified: true });
    const id = (await get(t, '/api/auth/user', sessionCookieFrom(first))).json().id as string;
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, id));
    const res = await signInWithProvider(sub, { email: uniqueEmail('ban'), email_verified: true }, { returnTo: '/profile' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=suspended&returnTo=%2Fprofile');
    expect(sessionCookie(res)).toBeUndefined();

    const local = await signUp(t.app);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, local.user.id));
    const linked = await signInWithProvider(uniqueSub(), { email: local.email, email_verified: true });
    expect(linked.headers.location).toBe('/login?error=suspended');
    expect(sessionCookie(linked)).toBeUndefined();
  });
});

describe('sign-out', () => {
  it('ends the provider session too when the session began there', async () => {
    const res = await signInWithProvider(uniqueSub(), { email: uniqueEmail('out'), email_verified: true });
    const cookie = sessionCookieFrom(res);
    const out = await get(t, '/api/logout', cookie);
    expect(out.statusCode).toBe(302);
    const location = new URL(out.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${provider.issuer}/session/end`);
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${APP_URL}/`);
    expect(location.searchParams.get('id_token_hint')).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await get(t, '/api/auth/user', cookie)).statusCode).toBe(401);

    // The provider accepts the hint: its sign-out page answers, not an error.
    const providerPage = await fetch(location, { redirect: 'manual' });
    expect(providerPage.status).toBe(200);
  });

  it('goes home for a local session', async () => {
    const { cookie } = await signUp(t.app);
    const out = await get(t, '/api/logout', cookie);
    expect(out.headers.location).toBe('/');
  });
});

describe('what the sign-in page is told', () => {
  it('lists both ways in when both are on', async () => {
    const res = await get(t, '/api/auth/providers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ local: true, oidc: { name: 'Town ID', available: true } });
    expect((await get(t, '/api/login?returnTo=%2Fprofile')).headers.location).toBe('/login?returnTo=%2Fprofile');
  });

  it('without a provider: local only, and the provider routes answer 404', async () => {
    const plain = await createTestApp();
    try {
      expect((await get(plain, '/api/auth/providers')).json()).toEqual({ local: true, oidc: null });
      expect((await get(plain, '/api/login/oidc')).statusCode).toBe(404);
      expect((await get(plain, '/api/callback?code=x&state=y')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('with LOCAL_ACCOUNTS=0: /api/login goes straight to the provider and the password routes answer 403', async () => {
    const oidcOnly = await createTestApp(oidcEnv(provider, { LOCAL_ACCOUNTS: '0' }));
    try {
      expect((await get(oidcOnly, '/api/auth/providers')).json()).toEqual({ local: false, oidc: { name: 'Town ID', available: true } });
      const login = await get(oidcOnly, '/api/login?returnTo=%2Fprofile');
      expect(login.statusCode).toBe(302);
      expect(login.headers.location).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
      for (const url of ['/api/auth/register', '/api/auth/login']) {
        const res = await oidcOnly.app.inject({ method: 'POST', url, remoteAddress: randomIp(), payload: { email: uniqueEmail(), password: PASSWORD } });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toMatch(/email and password is turned off/);
      }
      const res = await signInWithProvider(uniqueSub(), { email: uniqueEmail('only'), email_verified: true }, { app: oidcOnly, returnTo: '/profile' });
      expect(res.headers.location).toBe('/profile');
      expect(sessionCookie(res)).toBeDefined();
    } finally {
      await oidcOnly.close();
    }
  });
});

describe('a provider that cannot be reached at start', () => {
  it('does not stop the server: the button is reported unavailable, the start answers 503, local sign-in works, and a later attempt retries', async () => {
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as { port: number }).port;
    probe.close();
    await once(probe, 'close');

    const down = await createTestApp(oidcEnv({ ...provider, issuer: `http://127.0.0.1:${port}` }));
    let late: TestOidcProvider | undefined;
    try {
      expect((await get(down, '/api/auth/providers')).json()).toEqual({ local: true, oidc: { name: 'Town ID', available: false } });
      const start = await get(down, '/api/login/oidc');
      expect(start.statusCode).toBe(503);
      expect(start.json().message).toBe('The sign-in provider cannot be reached right now. Please try again in a few minutes.');
      const { email } = await signUp(down.app);
      const login = await down.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: randomIp(), payload: { email, password: PASSWORD } });
      expect(login.statusCode).toBe(200);

      // The provider comes up; once the retry pause has passed, the next sign-in attempt discovers it.
      late = await startTestOidcProvider({ appUrl: APP_URL, port });
      const now = Date.now();
      const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 11_000);
      let retried: LightMyRequestResponse;
      try {
        retried = await get(down, '/api/login/oidc');
      } finally {
        clock.mockRestore();
      }
      expect(retried.statusCode, retried.body).toBe(302);
      expect(retried.headers.location).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/auth\\?`));
      expect((await get(down, '/api/auth/providers')).json().oidc.available).toBe(true);
    } finally {
      await down.close();
      await late?.close();
    }
  });
});
