// engines: one
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/account.js';
import type { User } from '#shared/auth.js';
import { MESSAGES } from '#shared/texts.js';
import { accountTokens, users } from '#server/db/schema.js';
import { createTestApp } from '#test/helpers/app.js';
import { PASSWORD, randomIp, sessionCookieFrom, signUp, uniqueEmail } from '#test/helpers/factories.js';
import { closedPort, linkIn, createTestAppWithSmtp, type TestAppWithSmtp } from '#test/helpers/smtp.js';

const PUBLIC_URL = 'https://neighbours.example';
const NEW_PASSWORD = 'a brand new passphrase';

let t: TestAppWithSmtp;
beforeAll(async () => {
  t = await createTestAppWithSmtp({ PUBLIC_URL });
});
afterAll(() => t?.close());

const post = (url: string, payload: object, options: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url, headers: options.cookie ? { cookie: options.cookie } : {}, payload, remoteAddress: options.ip ?? randomIp() });
const forgot = (email: string, ip?: string) => post('/api/auth/forgot-password', { email }, { ip });
const reset = (token: string, password = NEW_PASSWORD, cookie?: string) => post('/api/auth/reset-password', { token, password }, { cookie });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const changePassword = (cookie: string, currentPassword: string, newPassword = NEW_PASSWORD) =>
  post('/api/auth/change-password', { currentPassword, newPassword }, { cookie });
const status = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode;
const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Sends what is due; the reset emails `address` received so far. */
async function resetEmailsTo(address: string) {
  await t.app.mailer.flush();
  return t.smtp.to(address).filter((m) => m.subject === 'Reset your password');
}
async function resetLink(address: string) {
  const mail = (await resetEmailsTo(address)).at(-1);
  if (!mail) throw new Error(`no reset email to ${address}`);
  return { mail, ...linkIn(mail, '/reset-password') };
}
/** A second session of the same person, as from another device. */
async function anotherSession(email: string, password = PASSWORD) {
  const res = await login(email, password);
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}
const sameAnswer = (res: LightMyRequestResponse) => ({ status: res.statusCode, type: res.headers['content-type'], body: res.body });

describe('forgot password', () => {
  it('answers the same bytes for a known, an unknown, a banned and a passwordless address; only usable accounts get the email', async () => {
    const known = await signUp(t.app);
    const banned = await signUp(t.app);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
    const passwordless = await signUp(t.app);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, passwordless.user.id));
    const unknown = uniqueEmail('nobody');

    const answers = await Promise.all([known.email, unknown, banned.email, passwordless.email].map((email) => forgot(email)));
    expect(answers[0]!.statusCode).toBe(202);
    expect(answers[0]!.json()).toEqual({ message: ACCOUNT_MESSAGES.forgotPasswordSent });
    for (const answer of answers) expect(sameAnswer(answer)).toEqual(sameAnswer(answers[0]!));
    expect(answers.every((a) => a.cookies.length === 0)).toBe(true);

    expect(await resetEmailsTo(known.email)).toHaveLength(1);
    expect(await resetEmailsTo(passwordless.email)).toHaveLength(1);
    expect(await resetEmailsTo(banned.email)).toEqual([]);
    expect(t.smtp.to(unknown)).toEqual([]);
  });

  it('finds the account whatever the case of the address', async () => {
    const person = await signUp(t.app, { email: uniqueEmail('Mixed.Case') });
    expect((await forgot(person.email.toUpperCase())).statusCode).toBe(202);
    expect(await resetEmailsTo(person.email)).toHaveLength(1);
  });

  it('allows 5 requests per 30 minutes per address, whatever its case and the IP', async () => {
    const person = await signUp(t.app);
    for (let i = 0; i < 5; i++) expect((await forgot(i % 2 ? person.email.toUpperCase() : person.email)).statusCode).toBe(202);
    const limited = await forgot(person.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MESSAGES.tooManyRequests, code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();
    // An unknown address is limited the same way: a 429 tells nothing either.
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 5; i++) expect((await forgot(nobody)).statusCode).toBe(202);
    expect((await forgot(nobody)).statusCode).toBe(429);
  });

  it('allows 5 requests per 30 minutes per IP, whatever the address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await forgot(uniqueEmail('spray'), ip)).statusCode).toBe(202);
    expect((await forgot(uniqueEmail('spray'), ip)).statusCode).toBe(429);
    expect((await forgot(uniqueEmail('spray'))).statusCode).toBe(202);
  });

  it('answers 400 JSON to a bad address', async () => {
    for (const payload of [{ email: 'not-an-email' }, {}, { email: 12 }]) {
      const res = await post('/api/auth/forgot-password', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { email: expect.any(String) } });
    }
  });
});

describe('reset password through the emailed link', () => {
  // Half a dozen password hashes at full cost (scrypt, 128 MiB each): slow on a busy machine.
  it('sets the new password, ends every session, signs the person in, and works once', { timeout: 90_000 }, async () => {
    const person = await signUp(t.app);
    const laptop = await anotherSession(person.email);
    expect((await forgot(person.email)).statusCode).toBe(202);

    const { mail, url, token } = await resetLink(person.email);
    expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/reset-password`);
    expect(mail.text).toContain('1 hour');
    expect(mail.text).toContain('nothing changes');
    expect(mail.html).toContain(`href="${url.href}"`);
    // Until the link is used, nothing changed.
    expect((await login(person.email, PASSWORD)).statusCode).toBe(200);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    const user = res.json<User>();
    expect(user).toMatchObject({ id: person.user.id, email: person.email, hasPassword: true, emailVerified: true });
    const fresh = sessionCookieFrom(res);
    expect(await status(fresh)).toBe(200);
    expect(await status(person.cookie)).toBe(401);
    expect(await status(laptop)).toBe(401);

    expect((await login(person.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(person.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.invalidLink, code: 'invalid_link' });
    expect((await login(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const person = await signUp(t.app);
    await forgot(person.email);
    const { token } = await resetLink(person.email);
    await t.database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.userId, person.user.id));
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.invalidLink, code: 'invalid_link' });
    expect(res.cookies).toEqual([]);
    expect(await status(person.cookie)).toBe(200);
    expect((await login(person.email, PASSWORD)).statusCode).toBe(200);
  });

  it('keeps only the newest link working', async () => {
    const person = await signUp(t.app);
    await forgot(person.email);
    const first = await resetLink(person.email);
    await forgot(person.email);
    const second = await resetLink(person.email);
    expect((await reset(first.token)).statusCode).toBe(400);
    expect((await reset(second.token)).statusCode).toBe(200);
  });

  it('lets exactly one of two submissions at the same moment through', async () => {
    const person = await signUp(t.app);
    await forgot(person.email);
    const { token } = await resetLink(person.email);
    const answers = await Promise.all([reset(token, 'first parallel passphrase'), reset(token, 'second parallel passphrase')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('lets an account without a password (single sign-on) set one', async () => {
    const person = await signUp(t.app);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, person.user.id));
    await forgot(person.email);
    const res = await reset((await resetLink(person.email)).token);
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().hasPassword).toBe(true);
    expect((await login(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 403 to a person banned after the link was sent, and changes nothing', async () => {
    const person = await signUp(t.app);
    await forgot(person.email);
    const { token } = await resetLink(person.email);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, person.user.id));
    const before = await rowOf(person.user.id);
    const res = await reset(token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MESSAGES.suspended, code: 'account_suspended' });
    expect(res.cookies.filter((c) => c.value !== '')).toEqual([]);
    expect((await rowOf(person.user.id)).passwordHash).toBe(before.passwordHash);
    await t.database.db.update(users).set({ isBanned: false }).where(eq(users.id, person.user.id));
    expect((await login(person.email, PASSWORD)).statusCode).toBe(200);
  });

  it('does not confirm an address the link was not sent to', async () => {
    const person = await signUp(t.app);
    await forgot(person.email);
    const { token } = await resetLink(person.email);
    const moved = uniqueEmail('moved');
    await t.database.db.update(users).set({ email: moved }).where(eq(users.id, person.user.id));
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ email: moved, emailVerified: false });
  });

  it.each([
    ['a short password', { password: 'short' }, 'password'],
    ['no password', { password: undefined }, 'password'],
    ['a malformed token', { token: 'abc' }, 'token'],
  ])('answers 400 JSON to %s and changes nothing', async (_name, change, field) => {
    const person = await signUp(t.app);
    await forgot(person.email);
    const { token } = await resetLink(person.email);
    const res = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD, ...change });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect((await login(person.email, PASSWORD)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
  });
});

describe('with LOCAL_ACCOUNTS=0', () => {
  it('answers 403 to forgot and reset', async () => {
    const oidcOnly = await createTestApp({
      LOCAL_ACCOUNTS: '0',
      OIDC_ISSUER_URL: `http://127.0.0.1:${await closedPort()}`,
      OIDC_CLIENT_ID: 'marketplace',
      OIDC_CLIENT_SECRET: 'a-client-secret',
    });
    try {
      for (const [url, payload] of [
        ['/api/auth/forgot-password', { email: uniqueEmail() }],
        ['/api/auth/reset-password', { token: 'C'.repeat(43), password: NEW_PASSWORD }],
      ] as const) {
        const res = await oidcOnly.app.inject({ method: 'POST', url, payload, remoteAddress: randomIp() });
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ message: MESSAGES.localAccountsOff, code: 'sign_in_method_off' });
      }
    } finally {
      await oidcOnly.close();
    }
  });
});

describe('change password', () => {
  it('needs the current password: a wrong one is a 400 on that field and changes nothing', async () => {
    const person = await signUp(t.app);
    const res = await changePassword(person.cookie, 'not my password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.wrongPassword, code: 'wrong_password', errors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword } });
    expect((await login(person.email, PASSWORD)).statusCode).toBe(200);
  });

  it('ends every other session of the account and keeps this one', async () => {
    const person = await signUp(t.app);
    const phone = await anotherSession(person.email);
    const tablet = await anotherSession(person.email);
    const bystander = await signUp(t.app);

    const res = await changePassword(person.cookie, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ id: person.user.id, hasPassword: true });
    expect(await status(person.cookie)).toBe(200);
    expect(await status(phone)).toBe(401);
    expect(await status(tablet)).toBe(401);
    expect(await status(bystander.cookie)).toBe(200);

    expect((await login(person.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('retires a reset link sent before the change', async () => {
    const person = await signUp(t.app);
    await forgot(person.email);
    const { token } = await resetLink(person.email);
    expect((await changePassword(person.cookie, PASSWORD)).statusCode).toBe(200);
    expect((await reset(token, 'someone else passphrase')).statusCode).toBe(400);
    expect((await login(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 400 to an account without a password yet', async () => {
    const person = await signUp(t.app);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, person.user.id));
    const res = await changePassword(person.cookie, 'anything at all');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.noPasswordYet, code: 'bad_request' });
  });

  it('allows 10 wrong tries per hour per account, then answers 429 even to the right password', async () => {
    const person = await signUp(t.app);
    for (let i = 0; i < 10; i++) expect((await changePassword(person.cookie, `wrong guess ${i}`)).statusCode).toBe(400);
    expect((await changePassword(person.cookie, 'wrong guess 10')).statusCode).toBe(429);
    expect((await changePassword(person.cookie, PASSWORD)).statusCode).toBe(429);
    expect((await login(person.email, PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['a short new password', { newPassword: 'short' }, 'newPassword'],
    ['no current password', { currentPassword: '' }, 'currentPassword'],
  ])('answers 400 JSON to %s and changes nothing', async (_name, change, field) => {
    const person = await signUp(t.app);
    const res = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, ...change }, { cookie: person.cookie });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect((await login(person.email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 signed out', async () => {
    const res = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
  });
});
