// engines: one
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/account.js';
import type { User } from '#shared/auth.js';
import { users } from '#server/db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { randomIp, sessionCookieFrom, signUp, signUpAdministrator, uniqueEmail } from '#test/helpers/factories.js';
import { followProviderFlow, startTestOidcProvider, type TestOidcProvider } from '#test/helpers/oidc-provider.js';
import { storedIdToken } from '#test/helpers/reauth.js';
import { authenticatedSince, reauthenticatedUntil, REAUTH_WINDOW_MS } from './reauth.js';

/**
 * Re-authentication at the provider (decision 016): an account without a password confirms a change of email or its deletion
 * by signing in again at its provider, GET /api/auth/reauthenticate, against the real `oidc-provider`.
 */
const APP_URL = 'http://market.test';

let provider: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startTestOidcProvider({ appUrl: APP_URL });
  t = await createTestApp({ PUBLIC_URL: APP_URL, OIDC_ISSUER_URL: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let subjects = 0;
const uniqueSub = () => `reauth-${Date.now().toString(36)}-${++subjects}`;
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const me = async (cookie: string) => (await get('/api/auth/user', cookie)).json<User>();
const send = (method: 'POST' | 'DELETE', url: string, cookie: string, payload: object) =>
  t.app.inject({ method, url, remoteAddress: randomIp(), headers: { cookie }, payload });

/** A person who signed up through the provider (no password here), signed in, terms accepted. */
async function providerPerson(sub = uniqueSub()) {
  provider.accounts.set(sub, { email: uniqueEmail('sso'), email_verified: true });
  const cookie = sessionCookieFrom(await followProviderFlow(t.app, await get('/api/login/oidc'), sub));
  expect((await t.app.inject({ method: 'PATCH', url: '/api/auth/terms-acceptance', headers: { cookie }, payload: { termsAccepted: true } })).statusCode).toBe(200);
  return { sub, cookie, user: await me(cookie) };
}

const reauthenticate = (cookie?: string, returnTo = '/profile') => get(`/api/auth/reauthenticate?returnTo=${encodeURIComponent(returnTo)}`, cookie);

describe('GET /api/auth/reauthenticate', () => {
  it('sends a signed-in person to the provider with prompt=login and max_age=0; 401 signed out, 403 banned', async () => {
    expect((await reauthenticate()).statusCode).toBe(401);
    const member = await signUp(t.app);
    const admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
    const { cookie } = await providerPerson();
    for (const who of [member.cookie, admin.cookie, cookie]) {
      const res = await reauthenticate(who);
      expect(res.statusCode, res.body).toBe(302);
      const url = new URL(res.headers.location as string);
      expect(url.origin).toBe(provider.issuer);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ prompt: 'login', max_age: '0', client_id: provider.clientId });
    }
    const banned = await signUp(t.app);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
    expect((await reauthenticate(banned.cookie)).statusCode).toBe(403);
  });

  it('answers 404 without a provider, and keeps returnTo on this site', async () => {
    const plain = await createTestApp();
    try {
      const person = await signUp(plain.app);
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/reauthenticate', headers: { cookie: person.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    } finally {
      await plain.close();
    }
    const { sub, cookie } = await providerPerson();
    const back = await followProviderFlow(t.app, await reauthenticate(cookie, 'https://evil.example/x'), sub, cookie);
    expect(back.headers.location).toBe('/');
  });
});

describe('an account without a password, changing its email or leaving', () => {
  it('is refused until it signs in again at the provider, then may for five minutes', { timeout: 90_000 }, async () => {
    const { sub, cookie, user } = await providerPerson();
    expect(user).toMatchObject({ hasPassword: false, reauthenticatedUntil: null });
    for (const [method, url, payload] of [
      ['POST', '/api/auth/change-email', { newEmail: uniqueEmail('moved') }],
      ['DELETE', '/api/auth/account', { confirmation: 'DELETE' }],
    ] as const) {
      const res = await send(method, url, cookie, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.reauthRequired, code: 'reauth_required' });
    }

    const back = await followProviderFlow(t.app, await reauthenticate(cookie, '/profile?tab=account'), sub, cookie);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/profile?tab=account');
    const fresh = sessionCookieFrom(back);
    expect(fresh).not.toBe(cookie);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(401);
    const until = Date.parse((await me(fresh)).reauthenticatedUntil!);
    expect(until).toBeGreaterThan(Date.now() + REAUTH_WINDOW_MS - 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + REAUTH_WINDOW_MS);

    const newEmail = uniqueEmail('moved');
    const changed = await send('POST', '/api/auth/change-email', fresh, { newEmail });
    expect(changed.statusCode, changed.body).toBe(202);
    expect(changed.json<User>()).toMatchObject({ pendingEmail: newEmail });
    const bad = await send('DELETE', '/api/auth/account', fresh, { confirmation: 'delete please' });
    expect(bad.statusCode).toBe(400);
    const deleted = await send('DELETE', '/api/auth/account', fresh, { confirmation: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('does not count a sign-in at the provider as someone else, nor a flow begun by another person', { timeout: 90_000 }, async () => {
    const owner = await providerPerson();
    const other = await providerPerson();
    // The person signs in at the provider with another identity: nobody is signed in or changed, and the page says so.
    const wrong = await followProviderFlow(t.app, await reauthenticate(owner.cookie), other.sub, owner.cookie);
    expect(wrong.statusCode).toBe(302);
    expect(wrong.headers.location).toBe('/profile?reauth=failed');
    expect(wrong.cookies.find((c) => c.name.endsWith('csm_session'))).toBeUndefined();
    expect(await me(owner.cookie)).toMatchObject({ id: owner.user.id, reauthenticatedUntil: null });

    // A flow started by the owner, finished in a browser signed in as someone else: refused too.
    const crossed = await followProviderFlow(t.app, await reauthenticate(owner.cookie), owner.sub, other.cookie);
    expect(crossed.headers.location).toBe('/profile?reauth=failed');
    expect(await me(other.cookie)).toMatchObject({ id: other.user.id, reauthenticatedUntil: null });

    // Signed out meanwhile: back to the sign-in page.
    const start = await reauthenticate(owner.cookie);
    await get('/api/logout', owner.cookie);
    const late = await followProviderFlow(t.app, start, owner.sub);
    expect(late.headers.location).toBe('/login?error=expired&returnTo=%2Fprofile');
  });
});

describe('what counts as fresh', () => {
  it('reads auth_time from the stored ID token: within five minutes, not from the future, and after the flow began', () => {
    const now = Date.now();
    const at = (secondsAgo: number) => storedIdToken({ auth_time: Math.floor((now - secondsAgo * 1000) / 1000) });
    expect(reauthenticatedUntil(at(10), now)).toBeInstanceOf(Date);
    expect(reauthenticatedUntil(at(5 * 60 + 5), now)).toBeNull();
    expect(reauthenticatedUntil(at(-10 * 60), now)).toBeNull();
    for (const broken of [null, undefined, '', 'not-a-token', 'a.b.c', storedIdToken({}), storedIdToken({ auth_time: 'yesterday' })]) {
      expect(reauthenticatedUntil(broken, now)).toBeNull();
    }
    expect(authenticatedSince(now - 5_000, now - 10_000)).toBe(true);
    expect(authenticatedSince(now - 10 * 60_000, now - 10_000)).toBe(false);
    expect(authenticatedSince(undefined, now)).toBe(false);
  });
});
