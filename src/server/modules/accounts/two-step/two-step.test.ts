// engines: one
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/auth.js';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_ACCOUNT_TRIES_PER_HOUR, SECOND_FACTOR_TRIES, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { PASSWORD, randomIp, sessionCookieFrom, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { awayFromStepEdge, codeAt, enableTwoStep, pendingCookieFrom, post as postTo, STEP_MS } from '#test/helpers/two-step.js';
import { outbox, pendingSignIns, recoveryCodes, sessions, users } from '#server/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload?: object, cookie?: string) => postTo(t.app, url, payload, cookie);
const login = (email: string, password = PASSWORD) => post('/api/auth/login', { email, password });
const secondFactor = (code: string, cookie?: string) => post('/api/auth/login/second-factor', { code }, cookie);
const secondFactorFrom = (remoteAddress: string, code: string, cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/second-factor', headers: { cookie }, payload: { code }, remoteAddress });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const forgetLastStep = (id: string) => t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.id, id));
/** As if the session had begun `minutes` ago. */
const ageSessionsOf = (id: string, minutes: number) =>
  t.database.db
    .update(sessions)
    .set({ createdAt: sql`now() - ${minutes} * interval '1 minute'`, reauthenticatedAt: null })
    .where(eq(sessions.userId, id));

/** The first step: the right password answers { secondFactorRequired: true, methods: ['code'] }, no session, and the pending cookie. */
async function firstStep(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ secondFactorRequired: true, methods: ['code'] });
  expect(res.cookies.find((c) => c.name === 'csm_session')).toBeUndefined();
  return pendingCookieFrom(res);
}

describe('setting up two-step sign-in', () => {
  it('answers a secret, its otpauth URL and a QR code rendered here; turns on with a code, answering 10 recovery codes once', async () => {
    const person = await signUp(t.app);
    expect(person.user.twoStepEnabled).toBe(false);
    const setup = await post('/api/auth/totp/setup', {}, person.cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json<{ secret: string; otpauthUrl: string; qrCode: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Not on until a code confirms it; the secret is sealed at rest, never stored as it is.
    let row = await userRow(person.user.id);
    expect(row.totpEnabledAt).toBeNull();
    expect(row.totpPendingSecret).toMatch(/^v1\./);
    expect(row.totpPendingSecret).not.toContain(secret);

    const wrong = await post('/api/auth/totp/enable', { code: '000000' === codeAt(secret, Date.now()) ? '111111' : '000000' }, person.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_second_factor', errors: { code: TWO_STEP_TEXTS.invalidCode } });

    const enable = await post('/api/auth/totp/enable', { code: codeAt(secret, Date.now()) }, person.cookie);
    expect(enable.statusCode, enable.body).toBe(200);
    const codes = enable.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    row = await userRow(person.user.id);
    expect(row.totpEnabledAt).not.toBeNull();
    expect(row.totpPendingSecret).toBeNull();
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(secret);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.user.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const { codeHash } of stored) expect(codes.some((c) => codeHash.includes(c) || codeHash.includes(c.replace('-', '')))).toBe(false);

    expect((await me(person.cookie)).json<User>().twoStepEnabled).toBe(true);
    // Once on, set up again is refused (turn it off first).
    const again = await post('/api/auth/totp/setup', {}, person.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'two_step_already_enabled' });
  });

  it('refuses to turn on without a setup first, and after the pending secret was replaced by a new setup', async () => {
    const person = await signUp(t.app);
    const none = await post('/api/auth/totp/enable', { code: '123456' }, person.cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'two_step_not_enabled', message: TWO_STEP_TEXTS.notSetUp });

    const first = (await post('/api/auth/totp/setup', {}, person.cookie)).json<{ secret: string }>().secret;
    await post('/api/auth/totp/setup', {}, person.cookie);
    const stale = await post('/api/auth/totp/enable', { code: codeAt(first, Date.now()) }, person.cookie);
    expect(stale.statusCode).toBe(400);
    expect((await userRow(person.user.id)).totpEnabledAt).toBeNull();
  });

  it('needs a sign-in within 10 minutes, or the password again (a wrong one is refused and changes nothing)', async () => {
    const person = await signUp(t.app);
    await ageSessionsOf(person.user.id, 11);
    const stale = await post('/api/auth/totp/setup', {}, person.cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ message: TWO_STEP_TEXTS.recentSignInRequired, code: 'recent_sign_in_required' });

    const wrong = await post('/api/auth/totp/setup', { password: 'not my password at all' }, person.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', errors: { password: TWO_STEP_TEXTS.wrongPassword } });
    expect((await userRow(person.user.id)).totpPendingSecret).toBeNull();

    const withPassword = await post('/api/auth/totp/setup', { password: PASSWORD }, person.cookie);
    expect(withPassword.statusCode, withPassword.body).toBe(200);
    const { secret } = withPassword.json<{ secret: string }>();

    // Turning on needs it too: the password just typed counts for 10 minutes, then no longer.
    await ageSessionsOf(person.user.id, 11);
    const enableStale = await post('/api/auth/totp/enable', { code: codeAt(secret, Date.now()) }, person.cookie);
    expect(enableStale.statusCode).toBe(403);
    expect(enableStale.json()).toMatchObject({ code: 'recent_sign_in_required' });
    const enable = await post('/api/auth/totp/enable', { code: codeAt(secret, Date.now()), password: PASSWORD }, person.cookie);
    expect(enable.statusCode, enable.body).toBe(200);
  });
});

describe('signing in with two-step sign-in on', () => {
  let person: SignedUp;
  let secret: string;
  let recovery: string[];
  beforeAll(async () => {
    person = await signUp(t.app);
    ({ secret, recoveryCodes: recovery } = await enableTwoStep(t.app, person.cookie));
  });

  it('asks for the second step after the right password, then answers the User and sets the session; a time code works once', async () => {
    const pending = await firstStep(person.email);
    const res = await login(person.email);
    const cookie = res.cookies.find((c) => c.name === 'csm_second_step');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax', maxAge: 300 });

    // The next step's code (the enable spent the current one): within ±1 step.
    const code = codeAt(secret, Date.now() + STEP_MS);
    const ok = await secondFactor(code, pending);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<User>()).toMatchObject({ id: person.user.id, email: person.email, twoStepEnabled: true });
    const session = sessionCookieFrom(ok);
    expect((await me(session)).statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'csm_second_step')?.value).toBe('');
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, person.user.id)).orderBy(sql`${sessions.createdAt} desc`).limit(1);
    expect(row!.signInMethod).toBe('second_factor');

    // The same code again: refused, even from a fresh first step.
    const replay = await secondFactor(code, await firstStep(person.email));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: TWO_STEP_TEXTS.invalidCode, code: 'invalid_second_factor', errors: { code: TWO_STEP_TEXTS.invalidCode } });
    expect(replay.cookies.find((c) => c.name === 'csm_session')).toBeUndefined();
  });

  it('accepts a recovery code once (any case, spaces or dash), then refuses it', async () => {
    const pending = await firstStep(person.email);
    const code = recovery[0]!;
    const ok = await secondFactor(` ${code.toUpperCase().replace('-', ' ')} `, pending);
    expect(ok.statusCode, ok.body).toBe(200);
    const [used] = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, person.user.id), sql`${recoveryCodes.usedAt} is not null`));
    expect(used).toBeDefined();

    const again = await secondFactor(code, await firstStep(person.email));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_second_factor' });
  });

  it('accepts the codes of the step before and after (clock skew), refuses two steps away', async () => {
    // The first steps (a slow password hash) before the clock-sensitive part; each check is one quick request. A first
    // step is used up by its second (decision 061), so each accepted code has its own.
    const pendings = [await firstStep(person.email), await firstStep(person.email)];
    for (const [offset, status, pending] of [
      [-2, 400, pendings[0]!],
      [2, 400, pendings[0]!],
      [-1, 200, pendings[0]!],
      [1, 200, pendings[1]!],
    ] as const) {
      await forgetLastStep(person.user.id);
      await awayFromStepEdge();
      const res = await secondFactor(codeAt(secret, Date.now() + offset * STEP_MS), pending);
      expect(res.statusCode, `${offset} steps: ${res.body}`).toBe(status);
    }
  });

  it('refuses without the first step, with a tampered or an expired pending cookie', async () => {
    const code = codeAt(secret, Date.now() + STEP_MS);
    const expired = { message: TWO_STEP_TEXTS.pendingExpired, code: 'second_factor_expired' };
    expect((await secondFactor(code)).json()).toEqual(expired);
    expect((await secondFactor(code)).statusCode).toBe(401);
    expect((await secondFactor(code, `csm_second_step=${person.user.id}.${Date.now() + 60_000}`)).statusCode).toBe(401);
    const old = t.app.signCookie(`${person.user.id}.${Date.now() - 1}`);
    expect((await secondFactor(code, `csm_second_step=${old}`)).statusCode).toBe(401);
    const pending = await firstStep(person.email);
    expect((await secondFactor(code, `${pending}x`)).statusCode).toBe(401);
  });

  it('keeps the first step on the server: it works once, ends at its five minutes, and ends with a new password', async () => {
    const someone = await signUp(t.app);
    const { secret: theirs } = await enableTwoStep(t.app, someone.cookie);
    const pendingRows = () => t.database.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, someone.user.id));

    // Used once: the same cookie with another good code is refused, and the row is gone.
    const pending = await firstStep(someone.email);
    expect(await pendingRows()).toHaveLength(1);
    expect((await secondFactor(codeAt(theirs, Date.now() + STEP_MS), pending)).statusCode).toBe(200);
    expect(await pendingRows()).toHaveLength(0);
    await forgetLastStep(someone.user.id);
    const again = await secondFactor(codeAt(theirs, Date.now()), pending);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'second_factor_expired' });
    expect(again.cookies.find((c) => c.name === 'csm_session')).toBeUndefined();

    // Past its five minutes on the server, whatever the cookie says.
    const late = await firstStep(someone.email);
    await t.database.db.update(pendingSignIns).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(pendingSignIns.userId, someone.user.id));
    await forgetLastStep(someone.user.id);
    expect((await secondFactor(codeAt(theirs, Date.now()), late)).statusCode).toBe(401);

    // A password changed meanwhile (by the owner, from a session of theirs) ends it.
    const beforeChange = await firstStep(someone.email);
    const change = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' }, someone.cookie);
    expect(change.statusCode, change.body).toBe(200);
    expect(await pendingRows()).toHaveLength(0);
    await forgetLastStep(someone.user.id);
    const ended = await secondFactor(codeAt(theirs, Date.now()), beforeChange);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'second_factor_expired' });
  });

  it(`allows ${SECOND_FACTOR_TRIES} tries per 10 minutes per account and address; another address still gets the owner in`, async () => {
    const someone = await signUp(t.app);
    const { secret: theirs } = await enableTwoStep(t.app, someone.cookie);
    const pending = await firstStep(someone.email);
    const right = codeAt(theirs, Date.now() + STEP_MS);
    const wrong = right === '000000' ? '111111' : '000000';
    const thief = randomIp();
    for (let i = 0; i < SECOND_FACTOR_TRIES; i++) expect((await secondFactorFrom(thief, wrong, pending)).statusCode).toBe(400);
    const refused = await secondFactorFrom(thief, right, pending);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // A fresh first step does not give a fresh budget.
    expect((await secondFactorFrom(thief, right, await firstStep(someone.email))).statusCode).toBe(429);
    // The owner, elsewhere, is not locked out by the thief's tries.
    const owner = await secondFactorFrom(randomIp(), right, await firstStep(someone.email));
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it(`allows ${SECOND_FACTOR_ACCOUNT_TRIES_PER_HOUR} tries an hour per account from every address together`, async () => {
    const someone = await signUp(t.app);
    const { secret: theirs } = await enableTwoStep(t.app, someone.cookie);
    const pending = await firstStep(someone.email);
    const right = codeAt(theirs, Date.now() + STEP_MS);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < SECOND_FACTOR_ACCOUNT_TRIES_PER_HOUR; i++) expect((await secondFactorFrom(randomIp(), wrong, pending)).statusCode).toBe(400);
    expect((await secondFactorFrom(randomIp(), right, pending)).statusCode).toBe(429);
  });

  it("emails the owner 'Someone entered your password but not your code' at the third failed second step, once", async () => {
    const someone = await signUp(t.app);
    const { secret: theirs } = await enableTwoStep(t.app, someone.cookie);
    const warnings = () =>
      t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, someone.email), eq(outbox.kind, 'failed-second-steps')));
    const right = codeAt(theirs, Date.now() + STEP_MS);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) expect((await secondFactor(wrong, await firstStep(someone.email))).statusCode).toBe(400);
    expect(await warnings()).toHaveLength(0);
    expect((await secondFactor(wrong, await firstStep(someone.email))).statusCode).toBe(400);
    const [warning] = await warnings();
    expect(warning?.subject).toBe(TWO_STEP_TEXTS.failedSecondStepsSubject);
    expect(warning?.text).toContain('/forgot-password');
    expect(warning?.text).toContain('/profile#sessions');
    expect((await secondFactor(wrong, await firstStep(someone.email))).statusCode).toBe(400);
    expect(await warnings()).toHaveLength(1);
  });

  it('does not count wrong codes typed in the owner’s own session (turning two-step off) towards that warning', async () => {
    const someone = await signUp(t.app);
    const { secret: theirs } = await enableTwoStep(t.app, someone.cookie);
    const right = codeAt(theirs, Date.now() + STEP_MS);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/totp/disable', { code: wrong }, someone.cookie)).statusCode).toBe(400);
    const warned = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, someone.email), eq(outbox.kind, 'failed-second-steps')));
    expect(warned).toEqual([]);
  });

  it('leaves a wrong password as it was: 401, no pending cookie', async () => {
    const res = await login(person.email, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(res.cookies).toHaveLength(0);
  });

  it('refuses the second step of a member banned after the first', async () => {
    const someone = await signUp(t.app);
    const { secret: theirs } = await enableTwoStep(t.app, someone.cookie);
    const pending = await firstStep(someone.email);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, someone.user.id));
    const res = await secondFactor(codeAt(theirs, Date.now() + STEP_MS), pending);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'account_suspended' });
    expect(res.cookies.find((c) => c.name === 'csm_session')).toBeUndefined();
  });

  it('stays on after a password reset: the reset asks for the second step and starts no session', async () => {
    const someone = await signUp(t.app);
    const { secret: theirs } = await enableTwoStep(t.app, someone.cookie);
    expect((await post('/api/auth/forgot-password', { email: someone.email })).statusCode).toBe(202);
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.toAddress, someone.email), eq(outbox.kind, 'reset-password')));
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const reset = await post('/api/auth/reset-password', { token, password: 'a brand new passphrase' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ secondFactorRequired: true, methods: ['code'] });
    expect(reset.cookies.find((c) => c.name === 'csm_session')).toBeUndefined();
    expect((await userRow(someone.user.id)).totpEnabledAt).not.toBeNull();
    const done = await secondFactor(codeAt(theirs, Date.now() + STEP_MS), pendingCookieFrom(reset));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<User>().twoStepEnabled).toBe(true);
  });
});

describe('turning two-step sign-in off', () => {
  it('takes a code, or the password; the secret and the recovery codes go', async () => {
    const person = await signUp(t.app);
    const { secret } = await enableTwoStep(t.app, person.cookie);
    const wrongCode = await post('/api/auth/totp/disable', { code: '12345678' }, person.cookie);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: 'invalid_second_factor' });
    const byCode = await post('/api/auth/totp/disable', { code: codeAt(secret, Date.now() + STEP_MS) }, person.cookie);
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json<User>().twoStepEnabled).toBe(false);
    const row = await userRow(person.user.id);
    expect(row).toMatchObject({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.user.id))).toHaveLength(0);
    // Signing in is one step again.
    const signIn = await login(person.email);
    expect(signIn.json<User>().id).toBe(person.user.id);

    const off = await post('/api/auth/totp/disable', { password: PASSWORD }, person.cookie);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'two_step_not_enabled' });

    await enableTwoStep(t.app, person.cookie);
    const wrongPassword = await post('/api/auth/totp/disable', { password: 'not my password at all' }, person.cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ code: 'wrong_password' });
    expect((await userRow(person.user.id)).totpEnabledAt).not.toBeNull();
    const byPassword = await post('/api/auth/totp/disable', { password: PASSWORD }, person.cookie);
    expect(byPassword.statusCode, byPassword.body).toBe(200);
    expect(byPassword.json<User>().twoStepEnabled).toBe(false);
  });
});

describe('who may call the two-step routes, and bad input', () => {
  const routes = ['/api/auth/totp/setup', '/api/auth/totp/enable', '/api/auth/totp/disable'];

  it('answers 401 signed out, 403 to a banned member, 403 before the terms are accepted', async () => {
    for (const url of routes) {
      const res = await post(url, { code: '123456' });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ code: 'unauthenticated' });
    }
    const newcomer = await signUp(t.app, { acceptTerms: false });
    for (const url of routes) expect((await post(url, { code: '123456' }, newcomer.cookie)).json(), url).toMatchObject({ code: 'terms_not_accepted' });
    for (const url of routes) {
      const banned = await signUp(t.app);
      await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
      const res = await post(url, { code: '123456' }, banned.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'account_suspended' });
    }
  });

  it("works on the caller's own account only: another member's setup is not theirs to confirm", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const { secret } = (await post('/api/auth/totp/setup', {}, owner.cookie)).json<{ secret: string }>();
    const res = await post('/api/auth/totp/enable', { code: codeAt(secret, Date.now()) }, other.cookie);
    expect(res.statusCode).toBe(409);
    expect((await userRow(owner.user.id)).totpEnabledAt).toBeNull();
    expect((await userRow(other.user.id)).totpEnabledAt).toBeNull();
  });

  it('answers 400 JSON to bad bodies and changes nothing', async () => {
    const person = await signUp(t.app);
    const cases: Array<[string, unknown]> = [
      ['/api/auth/totp/setup', { password: 5 }],
      ['/api/auth/totp/setup', { extra: true }],
      ['/api/auth/totp/enable', {}],
      ['/api/auth/totp/enable', { code: '' }],
      ['/api/auth/totp/enable', { code: 'x'.repeat(33) }],
      ['/api/auth/totp/enable', { code: 123456 }],
      ['/api/auth/totp/disable', {}],
      ['/api/auth/totp/disable', { code: '123456', password: PASSWORD }],
      ['/api/auth/login/second-factor', {}],
      ['/api/auth/login/second-factor', { code: '\u0000' }],
    ];
    for (const [url, body] of cases) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: person.cookie }, payload: body as object, remoteAddress: randomIp() });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'validation_failed' });
    }
    expect(await userRow(person.user.id)).toMatchObject({ totpPendingSecret: null, totpEnabledAt: null });
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  const adminUsers = (app: TestApp['app'], cookie?: string) => app.inject({ method: 'GET', url: '/api/admin/users', headers: cookie ? { cookie } : {} });

  // With 1: src/server/modules/admin/second-factor-gate.test.ts, every route and every way of signing in (decision 061).
  it('with 0 (the default): an administrator without a second factor is let in', async () => {
    const admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
    expect((await adminUsers(t.app, admin.cookie)).statusCode).toBe(200);
  });
});
