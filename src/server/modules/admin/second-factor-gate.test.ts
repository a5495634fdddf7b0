// engines: both — the administrator's gate reads how each session began, and the enrolment link spends a token, on each engine
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_ENROLMENT_PATH, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { PASSWORD, randomIp, sessionCookieFrom, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { codeAt, enableTwoStep, pendingCookieFrom, post } from '#test/helpers/two-step.js';
import { FLAGS, SoftwareAuthenticator } from '#test/support/webauthn.js';
import { followProviderFlow, startTestOidcProvider, type TestOidcProvider } from '#test/helpers/oidc-provider.js';
import { oidcIdentities, outbox, sessions, users } from '#server/db/schema.js';
import { enrolmentLinkFor } from '#server/modules/accounts/index.js';

/**
 * REQUIRE_ADMIN_2FA (decision 061): an administrator's call to any /api/admin route, the backup routes included,
 * needs a session that began with a second factor; owning one is not enough. Every route is taken from the OpenAPI
 * document, so a new admin route is checked without a change here.
 */
const APP_URL = 'http://market.test';
const PASSKEY_ADMIN = 'passkey-admin@example.test';
const FRESH_ADMIN = 'fresh-admin@example.test';
const LINK_ADMIN = 'link-admin@example.test';
const OIDC_ADMIN = 'oidc-admin@example.test';

let t: TestApp;
let provider: TestOidcProvider;
let routes: { method: string; url: string }[];
beforeAll(async () => {
  provider = await startTestOidcProvider({ appUrl: APP_URL });
  t = await createTestApp({
    PUBLIC_URL: APP_URL,
    REQUIRE_ADMIN_2FA: '1',
    ADMIN_EMAILS: `${ADMIN_EMAIL},${PASSKEY_ADMIN},${FRESH_ADMIN},${LINK_ADMIN},${OIDC_ADMIN}`,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  routes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })));
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

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

/** The enrolment link emailed to `email` (the newest), as its token. */
async function emailedEnrolmentToken(email: string): Promise<string> {
  const [row] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'second-factor-enrolment')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = row?.text.split('\n').find((line) => line.includes(SECOND_FACTOR_ENROLMENT_PATH));
  if (!link) throw new Error(`no enrolment link emailed to ${email}`);
  return new URL(link.slice(link.indexOf('http'))).searchParams.get('token')!;
}

/** 'Email me the link', then the link opened in the same signed-in browser: this session may enrol a second factor. */
async function openEnrolmentLink(cookie: string, email: string): Promise<void> {
  const sent = await post(t.app, '/api/auth/second-factor-enrolment/email', {}, cookie);
  expect(sent.statusCode, sent.body).toBe(202);
  const opened = await post(t.app, '/api/auth/second-factor-enrolment', { token: await emailedEnrolmentToken(email) }, cookie);
  expect(opened.statusCode, opened.body).toBe(200);
}

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
    await openEnrolmentLink(admin.cookie, ADMIN_EMAIL);
    const { secret } = await enableTwoStep(t.app, admin.cookie);
    await eachRoute(admin.cookie, refusedWith('sign_in_again'));

    const first = await passwordSignIn(ADMIN_EMAIL);
    expect(first.json()).toEqual({ secondFactorRequired: true, methods: ['code'] });
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
      await openEnrolmentLink(passkeyAdmin.cookie, PASSKEY_ADMIN);
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

    it('a session that began without it (the sign-up, before the passkey) is told to sign in again with it, on every route', async () => {
      await eachRoute(passkeyAdmin.cookie, refusedWith('sign_in_again'));
    });

    it('signing in with the password asks for the passkey; answered with it, every route is open', async () => {
      const first = await passwordSignIn(PASSKEY_ADMIN);
      expect(first.json()).toEqual({ secondFactorRequired: true, methods: ['passkey'] });
      expect(first.cookies.find((c) => c.name === 'csm_session')).toBeUndefined();
      const pending = pendingCookieFrom(first);

      const options = await post(t.app, '/api/auth/login/second-factor/passkey-options', {}, pending);
      expect(options.statusCode, options.body).toBe(200);
      const { allowCredentials } = options.json<{ allowCredentials: { id: string }[] }>();
      expect(allowCredentials.map((c) => c.id)).toEqual([...device.credentials.keys()]);

      // Someone else's passkey does not answer it, and the first step stays for the right one.
      const stranger = new SoftwareAuthenticator({ origin: APP_URL });
      const theirs = await signUp(t.app);
      const theirOptions = await post(t.app, '/api/auth/passkeys/registration-options', {}, theirs.cookie);
      expect((await post(t.app, '/api/auth/passkeys', { response: stranger.create(theirOptions.json()) }, theirs.cookie)).statusCode).toBe(201);
      const forged = await post(t.app, '/api/auth/login/second-factor/passkey', { response: stranger.get(options.json()) }, pending);
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ code: 'unknown_passkey' });
      expect(forged.cookies.find((c) => c.name === 'csm_session')).toBeUndefined();

      const retry = await post(t.app, '/api/auth/login/second-factor/passkey-options', {}, pending);
      // Presence alone will do here: the password was the first factor.
      const second = await post(t.app, '/api/auth/login/second-factor/passkey', { response: device.get(retry.json(), { flags: FLAGS.UP }) }, pending);
      expect(second.statusCode, second.body).toBe(200);
      const [session] = await t.database.db.select().from(sessions).where(and(eq(sessions.userId, passkeyAdmin.user.id), eq(sessions.signInMethod, 'password_and_passkey')));
      expect(session).toMatchObject({ secondFactor: true });
      await eachRoute(sessionCookieFrom(second), admitted);

      // The first step was used up.
      const again = await post(t.app, '/api/auth/login/second-factor/passkey-options', {}, pending);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ code: 'second_factor_expired' });
    });

    it('the passkey step refuses without a live first step, and bad bodies with 400 JSON', async () => {
      const expired = { message: TWO_STEP_TEXTS.pendingExpired, code: 'second_factor_expired' };
      for (const url of ['/api/auth/login/second-factor/passkey-options', '/api/auth/login/second-factor/passkey']) {
        // Nobody, a signed-in member, a made-up cookie: no first step.
        for (const cookie of [undefined, member.cookie, 'csm_second_step=made-up']) {
          const res = await post(t.app, url, url.endsWith('passkey') ? { response: { id: 'x' } } : {}, cookie);
          expect([400, 401], `${url} ${cookie}: ${res.body}`).toContain(res.statusCode);
          if (res.statusCode === 401) expect(res.json()).toEqual(expired);
        }
      }
      const pending = pendingCookieFrom(await passwordSignIn(PASSKEY_ADMIN));
      for (const payload of [{}, { response: 'nope' }, { response: { id: 7 } }, { response: {}, extra: 1 }]) {
        const res = await post(t.app, '/api/auth/login/second-factor/passkey', payload, pending);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json<{ code: string }>().code).toBeDefined();
        expect(res.cookies.find((c) => c.name === 'csm_session')).toBeUndefined();
      }
    });

    it('signed in with the passkey, which verified the person: every route is open', async () => {
      await eachRoute(await signInWithPasskey(), admitted);
    });

    it('signed in with the passkey without user verification (presence only): refused as a single factor', async () => {
      await eachRoute(await signInWithPasskey(FLAGS.UP), refusedWith('sign_in_again'));
    });
  });

  it('a member who is no administrator and has a passkey but not two-step sign-in signs in with the password alone', async () => {
    const someone = await signUp(t.app);
    const device = new SoftwareAuthenticator({ origin: APP_URL });
    const options = await post(t.app, '/api/auth/passkeys/registration-options', {}, someone.cookie);
    expect((await post(t.app, '/api/auth/passkeys', { response: device.create(options.json()) }, someone.cookie)).statusCode).toBe(201);
    const res = await passwordSignIn(someone.email);
    expect(res.json()).toMatchObject({ id: someone.user.id });
    expect(sessionCookieFrom(res)).toBeTruthy();
  });

  it('the sessions list says which sessions began with a second factor', async () => {
    const fresh = await signUpAdministrator(t.app, t.database.db, FRESH_ADMIN);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: fresh.cookie } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ sessions: { secondFactor: boolean }[] }>().sessions).toEqual([expect.objectContaining({ secondFactor: false, method: 'sign_up' })]);
  });

  describe("an administrator's first second factor", () => {
    let linkAdmin: SignedUp;
    beforeAll(async () => {
      linkAdmin = await signUpAdministrator(t.app, t.database.db, LINK_ADMIN);
    });
    const enrolmentRefused = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: TWO_STEP_TEXTS.enrolmentLinkRequired, code: 'second_factor_enrolment_required' });
    };

    it('is not enrolled on the strength of the password: neither an authenticator app nor a passkey', async () => {
      // Whoever has the password signs in and tries to add their own second factor.
      const thief = sessionCookieFrom(await passwordSignIn(LINK_ADMIN));
      enrolmentRefused(await post(t.app, '/api/auth/totp/setup', {}, thief));
      enrolmentRefused(await post(t.app, '/api/auth/totp/enable', { code: '123456' }, thief));
      enrolmentRefused(await post(t.app, '/api/auth/passkeys/registration-options', {}, thief));
      const [row] = await t.database.db.select().from(users).where(eq(users.id, linkAdmin.user.id));
      expect(row).toMatchObject({ totpPendingSecret: null, totpEnabledAt: null });
    });

    it('starts from a single-use link emailed to the confirmed address, good only in the session that opens it', async () => {
      const sent = await post(t.app, '/api/auth/second-factor-enrolment/email', {}, linkAdmin.cookie);
      expect(sent.statusCode, sent.body).toBe(202);
      expect(sent.json()).toEqual({ message: expect.stringContaining(LINK_ADMIN) });
      const token = await emailedEnrolmentToken(LINK_ADMIN);

      // Another account's session cannot spend it, and it stays good for its own.
      const other = await signUp(t.app);
      const foreign = await post(t.app, '/api/auth/second-factor-enrolment', { token }, other.cookie);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toMatchObject({ code: 'invalid_link' });

      const opened = await post(t.app, '/api/auth/second-factor-enrolment', { token }, linkAdmin.cookie);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(Date.parse(opened.json<{ enrolmentUntil: string }>().enrolmentUntil)).toBeGreaterThan(Date.now());
      // Once only.
      expect((await post(t.app, '/api/auth/second-factor-enrolment', { token }, linkAdmin.cookie)).statusCode).toBe(400);

      // A session of the same account that did not open it (the thief's) still cannot enrol.
      const thief = sessionCookieFrom(await passwordSignIn(LINK_ADMIN));
      enrolmentRefused(await post(t.app, '/api/auth/totp/setup', {}, thief));

      const { secret } = await enableTwoStep(t.app, linkAdmin.cookie);
      expect(secret).toMatch(/^[A-Z2-7]+$/);
    });

    it('the operator’s command makes the same link; members, signed-out people and bad tokens get nothing', async () => {
      const fresh = (await t.database.db.select().from(users).where(eq(users.email, FRESH_ADMIN)))[0];
      const freshAdmin = fresh ? { id: fresh.id } : (await signUpAdministrator(t.app, t.database.db, FRESH_ADMIN)).user;
      const row = (await t.database.db.select().from(users).where(eq(users.id, freshAdmin.id)))[0]!;
      const link = await enrolmentLinkFor(t.database.db, APP_URL, row);
      expect(link).toMatch(new RegExp(`^${APP_URL}${SECOND_FACTOR_ENROLMENT_PATH}\\?token=`));

      expect((await post(t.app, '/api/auth/second-factor-enrolment/email', {})).statusCode).toBe(401);
      const notNeeded = await post(t.app, '/api/auth/second-factor-enrolment/email', {}, member.cookie);
      expect(notNeeded.statusCode).toBe(409);
      expect(notNeeded.json()).toMatchObject({ code: 'enrolment_not_needed' });
      for (const payload of [{}, { token: '' }, { token: 'x'.repeat(500) }, { token: 'made-up' }, { token: 'a', extra: 1 }]) {
        const res = await post(t.app, '/api/auth/second-factor-enrolment', payload, member.cookie);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });
  });

  describe('an administrator signing in with OpenID Connect', () => {
    let subjects = 0;
    const signInAtProvider = async (sub: string, amr?: string[]) => {
      provider.accounts.set(sub, { email: OIDC_ADMIN, email_verified: true });
      if (amr) provider.amr.set(sub, amr);
      else provider.amr.delete(sub);
      return followProviderFlow(t.app, await t.app.inject({ method: 'GET', url: '/api/login/oidc' }), sub);
    };
    const sub = `oidc-admin-${Date.now().toString(36)}-${++subjects}`;

    it('is refused with only the provider’s password; admitted when its amr shows a second factor', async () => {
      const plain = await signInAtProvider(sub);
      expect(plain.headers.location).toBe('/');
      // The new account accepts the terms first, as the page would ask.
      const accepted = await t.app.inject({ method: 'PATCH', url: '/api/auth/terms-acceptance', payload: { termsAccepted: true }, headers: { cookie: sessionCookieFrom(plain) } });
      expect(accepted.statusCode, accepted.body).toBe(200);
      await eachRoute(sessionCookieFrom(plain), refusedWith('set_up'));

      const withCode = await signInAtProvider(sub, ['pwd', 'otp']);
      expect(withCode.headers.location).toBe('/');
      const [session] = await t.database.db.select().from(sessions).where(and(eq(sessions.signInMethod, 'oidc'), eq(sessions.secondFactor, true)));
      expect(session).toBeDefined();
      await eachRoute(sessionCookieFrom(withCode), admitted);
    });

    it('once the account has a passkey, a sign-in without amr asks for it before any session', async () => {
      const withKey = await signInAtProvider(sub, ['hwk']);
      const cookie = sessionCookieFrom(withKey);
      // Its session began with a second factor, so it may add a passkey without a link.
      const device = new SoftwareAuthenticator({ origin: APP_URL });
      const options = await post(t.app, '/api/auth/passkeys/registration-options', {}, cookie);
      expect(options.statusCode, options.body).toBe(200);
      expect((await post(t.app, '/api/auth/passkeys', { response: device.create(options.json()) }, cookie)).statusCode).toBe(201);

      const plain = await signInAtProvider(sub);
      expect(plain.statusCode).toBe(302);
      expect(plain.headers.location).toBe('/login?secondStep=passkey');
      expect(plain.cookies.find((c) => c.name === 'csm_session' && c.value !== '')).toBeUndefined();
      const pending = pendingCookieFrom(plain);
      const stepOptions = await post(t.app, '/api/auth/login/second-factor/passkey-options', {}, pending);
      const second = await post(t.app, '/api/auth/login/second-factor/passkey', { response: device.get(stepOptions.json()) }, pending);
      expect(second.statusCode, second.body).toBe(200);
      const [account] = await t.database.db.select().from(users).where(eq(users.email, OIDC_ADMIN));
      const [latest] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, account!.id))
        .orderBy(desc(sessions.createdAt))
        .limit(1);
      // The session is the provider's (its ID token kept for sign-out) and began with a second factor.
      expect(latest).toMatchObject({ signInMethod: 'oidc', secondFactor: true });
      expect(latest?.oidcIdToken).toBeTruthy();
      await eachRoute(sessionCookieFrom(second), admitted);
    });
  });

  describe('a member with two-step sign-in on, signing in with OpenID Connect', () => {
    it('is asked for the code unless the provider’s amr shows a second factor, and a new identity links only after it', async () => {
      const person = await signUp(t.app);
      await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, person.user.id));
      const { secret } = await enableTwoStep(t.app, person.cookie);
      const sub = `two-step-member-${Date.now().toString(36)}`;
      provider.accounts.set(sub, { email: person.email, email_verified: true });
      const identities = () => t.database.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, sub));

      // The provider vouches for the address, even with its own second factor: the link waits for this account's step.
      provider.amr.set(sub, ['mfa']);
      const held = await followProviderFlow(t.app, await t.app.inject({ method: 'GET', url: '/api/login/oidc' }), sub);
      expect(held.headers.location).toBe('/login?secondStep=code');
      expect(await identities()).toEqual([]);
      const wrong = await post(t.app, '/api/auth/login/second-factor', { code: codeAt(secret, Date.now()) === '000000' ? '111111' : '000000' }, pendingCookieFrom(held));
      expect(wrong.statusCode).toBe(400);
      expect(await identities()).toEqual([]);
      const linked = await post(t.app, '/api/auth/login/second-factor', { code: codeAt(secret, Date.now() + 30_000) }, pendingCookieFrom(held));
      expect(linked.statusCode, linked.body).toBe(200);
      expect(await identities()).toEqual([expect.objectContaining({ userId: person.user.id })]);

      // Linked now: the provider's second factor counts; without one, the code is asked.
      const direct = await followProviderFlow(t.app, await t.app.inject({ method: 'GET', url: '/api/login/oidc' }), sub);
      expect(direct.headers.location).toBe('/');
      expect(sessionCookieFrom(direct)).toBeTruthy();
      provider.amr.delete(sub);
      const asked = await followProviderFlow(t.app, await t.app.inject({ method: 'GET', url: '/api/login/oidc' }), sub);
      expect(asked.headers.location).toBe('/login?secondStep=code');
    });
  });
});
