// engines: one
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { PASSWORD, randomIp, sessionCookieFrom, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { codeAt, enableTwoStep, pendingCookieFrom, post } from '#test/helpers/two-step.js';
import { FLAGS, SoftwareAuthenticator } from '#test/support/webauthn.js';
import { sessions, users } from '#server/db/schema.js';

/**
 * REQUIRE_ADMIN_2FA (decision 061): an administrator's call to any /api/admin route, the backup routes included,
 * needs a session that began with a second factor; owning one is not enough. Every route is taken from the OpenAPI
 * document, so a new admin route is checked without a change here.
 */
const APP_URL = 'http://market.test';
const PASSKEY_ADMIN = 'passkey-admin@example.test';
const FRESH_ADMIN = 'fresh-admin@example.test';

let t: TestApp;
let routes: { method: string; url: string }[];
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: APP_URL, REQUIRE_ADMIN_2FA: '1', ADMIN_EMAILS: `${ADMIN_EMAIL},${PASSKEY_ADMIN},${FRESH_ADMIN}` });
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  routes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })));
});
afterAll(() => t?.close());

const call = (route: { method: string; url: string }, cookie?: string) =>
  t.app.inject({ method: route.method as 'GET', url: route.url, remoteAddress: randomIp(), headers: cookie ? { cookie } : {}, ...(route.method !== 'GET' && { payload: {} }) });

/** Every admin route's answer to `cookie`, as `METHOD url → status code` lines, the refusals' bodies checked by `expectEach`. */
async function eachRoute(cookie: string | undefined, expectEach: (res: LightMyRequestResponse, route: string) => void): Promise<void> {
  for (const route of routes) expectEach(await call(route, cookie), `${route.method} ${route.url}`);
}

const refusedWith = (secondFactor: 'set_up' | 'sign_in_again') => (res: LightMyRequestResponse, route: string) => {
  expect(res.statusCode, route).toBe(403);
  expect(res.json(), route).toEqual({
    message: secondFactor === 'set_up' ? TWO_STEP_TEXTS.adminSecondFactorRequired : TWO_STEP_TEXTS.adminSignInAgain,
    code: 'second_factor_required',
    secondFactor,
  });
};
const admitted = (res: LightMyRequestResponse, route: string) => {
  // Made-up ids and empty bodies may be refused by the route itself, never by the gate.
  expect([401, 403], `${route}: ${res.body}`).not.toContain(res.statusCode);
};

const passwordSignIn = async (email: string) => {
  const res = await post(t.app, '/api/auth/login', { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
describe('REQUIRE_ADMIN_2FA', () => {
  let admin: SignedUp;
  let member: SignedUp;
  beforeAll(async () => {
    admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
    member = await signUp(t.app);
  });

  it('covers the backup routes as well as the rest of /api/admin', () => {
    expect(routes).toEqual(expect.arrayContaining([{ method: 'GET', url: '/api/admin/backups' }, { method: 'POST', url: '/api/admin/backups' }, { method: 'GET', url: '/api/admin/users' }]));
    expect(routes.length).toBeGreaterThan(15);
  });

  it('signed out 401 and a member the plain 403 on every route: nobody else learns of the requirement', async () => {
    await eachRoute(undefined, (res, route) => expect(res.statusCode, route).toBe(401));
    await eachRoute(member.cookie, (res, route) => {
      expect(res.statusCode, route).toBe(403);
      expect(res.json(), route).toMatchObject({ code: 'forbidden' });
    });
  });

  it('an administrator without a second factor is told to set one up, on every route, and nothing changes', async () => {
    await eachRoute(admin.cookie, refusedWith('set_up'));
    refusedWith('set_up')(await post(t.app, `/api/admin/users/${member.user.id}/ban`, {}, admin.cookie), 'ban');
    expect((await t.database.db.select().from(users).where(eq(users.id, member.user.id)))[0]!.isBanned).toBe(false);
  });

  it('turning two-step sign-in on does not open the session it was turned on in; the password and a code do', async () => {
    const { secret } = await enableTwoStep(t.app, admin.cookie);
    await eachRoute(admin.cookie, refusedWith('sign_in_again'));

    const first = await passwordSignIn(ADMIN_EMAIL);
    expect(first.json()).toEqual({ secondFactorRequired: true });
    const second = await post(t.app, '/api/auth/login/second-factor', { code: codeAt(secret, Date.now() + 30_000) }, pendingCookieFrom(first));
    expect(second.statusCode, second.body).toBe(200);
    const cookie = sessionCookieFrom(second);
    const [session] = await t.database.db.select().from(sessions).where(and(eq(sessions.userId, admin.user.id), eq(sessions.signInMethod, 'second_factor')));
    expect(session).toMatchObject({ secondFactor: true });
    await eachRoute(cookie, admitted);
    expect((await call({ method: 'GET', url: '/api/admin/backups' }, cookie)).statusCode).toBe(200);
  });

  describe('an administrator whose second factor is a passkey', () => {
    const device = new SoftwareAuthenticator({ origin: APP_URL });
    let passkeyAdmin: SignedUp;
    beforeAll(async () => {
      passkeyAdmin = await signUpAdministrator(t.app, t.database.db, PASSKEY_ADMIN);
      const options = await post(t.app, '/api/auth/passkeys/registration-options', {}, passkeyAdmin.cookie);
      expect(options.statusCode, options.body).toBe(200);
      const added = await post(t.app, '/api/auth/passkeys', { response: device.create(options.json()) }, passkeyAdmin.cookie);
      expect(added.statusCode, added.body).toBe(201);
    });

    const signInWithPasskey = async (flags?: number) => {
      const options = await post(t.app, '/api/auth/passkeys/authentication-options');
      const res = await post(t.app, '/api/auth/passkeys/authenticate', { response: device.get(options.json(), flags === undefined ? {} : { flags }) });
      expect(res.statusCode, res.body).toBe(200);
      return sessionCookieFrom(res);
    };

    it('signed in with the password alone: told to sign in again with it, on every route', async () => {
      const res = await passwordSignIn(PASSKEY_ADMIN);
      await eachRoute(sessionCookieFrom(res), refusedWith('sign_in_again'));
    });

    it('signed in with the passkey, which verified the person: every route is open', async () => {
      await eachRoute(await signInWithPasskey(), admitted);
    });

    it('signed in with the passkey without user verification (presence only): refused as a single factor', async () => {
      await eachRoute(await signInWithPasskey(FLAGS.UP), refusedWith('sign_in_again'));
    });
  });

  it('the sessions list says which sessions began with a second factor', async () => {
    const fresh = await signUpAdministrator(t.app, t.database.db, FRESH_ADMIN);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: fresh.cookie } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ sessions: { secondFactor: boolean }[] }>().sessions).toEqual([expect.objectContaining({ secondFactor: false, method: 'sign_up' })]);
  });
});
