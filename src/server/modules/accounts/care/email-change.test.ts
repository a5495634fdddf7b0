// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/account.js';
import type { User } from '#shared/auth.js';
import { MESSAGES } from '#shared/texts.js';
import { PASSWORD, randomIp, signUp, uniqueEmail, type SignedUp } from '#test/helpers/factories.js';
import { providerOnlyPerson, providerSession } from '#test/helpers/reauth.js';
import { linkIn, createTestAppWithSmtp, type TestAppWithSmtp } from '#test/helpers/smtp.js';

const PUBLIC_URL = 'https://neighbours.example';

let t: TestAppWithSmtp;
beforeAll(async () => {
  t = await createTestAppWithSmtp({ PUBLIC_URL });
});
afterAll(() => t?.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload, remoteAddress: randomIp() });
/** `currentPassword: null` leaves the field out. */
const changeEmail = (person: SignedUp, newEmail: string, currentPassword: string | null = PASSWORD) =>
  post('/api/auth/change-email', { newEmail, ...(currentPassword !== null && { currentPassword }) }, person.cookie);
const verify = (token: string) => post('/api/auth/verify-email', { token });
const login = (email: string, password = PASSWORD) => post('/api/auth/login', { email, password });
const me = async (person: SignedUp) => (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: person.cookie } })).json<User>();

/** Sends what is due; the emails `address` received with this subject. */
async function mailTo(address: string, subject: string) {
  await t.app.mailer.flush();
  return t.smtp.to(address).filter((m) => m.subject === subject);
}
async function changeLink(address: string) {
  const mail = (await mailTo(address, 'Confirm your new email address')).at(-1);
  if (!mail) throw new Error(`no change link to ${address}`);
  return { mail, ...linkIn(mail, '/verify-email') };
}

describe('changing the email address', () => {
  // Half a dozen password hashes at full cost (scrypt, 128 MiB each): slow on a busy machine.
  it('takes effect only when the link sent to the new address is opened; the old address gets a notice', { timeout: 90_000 }, async () => {
    const person = await signUp(t.app);
    const newEmail = uniqueEmail('moved');

    const res = await changeEmail(person, newEmail);
    expect(res.statusCode).toBe(202);
    expect(res.json<User>()).toMatchObject({ id: person.user.id, email: person.email, pendingEmail: newEmail, emailVerified: false });

    const { mail, url, token } = await changeLink(newEmail);
    expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/verify-email`);
    expect(mail.text).toContain('24 hours');
    const [notice] = await mailTo(person.email, 'Your email address is being changed');
    expect(notice).toBeDefined();
    expect(notice!.text).not.toMatch(/https?:\/\//);
    expect(notice!.html).not.toContain('<a ');
    expect(notice!.text).not.toContain(newEmail);
    expect(notice!.text).toContain(`${newEmail[0]}***@example.test`);

    // Until the link is opened, the old address is the account's.
    expect((await login(person.email)).statusCode).toBe(200);
    expect((await login(newEmail)).statusCode).toBe(401);

    const opened = await verify(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChanged, outcome: 'email_changed' });
    expect(await me(person)).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(person.email)).statusCode).toBe(401);
    expect((await verify(token)).statusCode).toBe(400);
  });

  it('keeps only the newest request: an earlier link stops working', async () => {
    const person = await signUp(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await changeEmail(person, first)).statusCode).toBe(202);
    expect((await changeEmail(person, second)).statusCode).toBe(202);
    const firstLink = await changeLink(first);
    const secondLink = await changeLink(second);
    expect((await verify(firstLink.token)).statusCode).toBe(400);
    expect((await verify(secondLink.token)).statusCode).toBe(200);
    expect((await me(person)).email).toBe(second);
  });

  it('retires the links sent to the old address once the change is made', async () => {
    const person = await signUp(t.app);
    await t.app.mailer.flush();
    const [verification] = t.smtp.to(person.email).filter((m) => m.subject === 'Confirm your email address');
    const newEmail = uniqueEmail('moved');
    await changeEmail(person, newEmail);
    expect((await verify((await changeLink(newEmail)).token)).statusCode).toBe(200);
    expect((await verify(linkIn(verification!, '/verify-email').token)).statusCode).toBe(400);
  });

  it('needs the current password: missing or wrong is a 400 on that field, and nothing is pending', async () => {
    const person = await signUp(t.app);
    const missing = await changeEmail(person, uniqueEmail(), null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordRequired, code: 'validation_failed', errors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired } });
    const wrong = await changeEmail(person, uniqueEmail(), 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.wrongPassword, code: 'wrong_password', errors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword } });
    expect((await me(person)).pendingEmail).toBeNull();
  });

  it('asks an account without a password (single sign-on) for a fresh sign-in at its provider instead (decision 016)', async () => {
    const secure = { secure: true };
    const person = await providerOnlyPerson(t, undefined, secure);
    const newEmail = uniqueEmail('sso');
    const changeFrom = (cookie: string) => post('/api/auth/change-email', { newEmail }, cookie);
    // A session left open, or a sign-in at the provider longer than five minutes ago, is not enough.
    for (const stale of [person.cookie, await providerSession(t, person.id, 6 * 60, secure)]) {
      const res = await changeFrom(stale);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.reauthRequired, code: 'reauth_required' });
    }
    const unchanged = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: person.cookie } });
    expect(unchanged.json<User>().pendingEmail).toBeNull();
    expect(await mailTo(newEmail, 'Confirm your new email address')).toEqual([]);

    const fresh = await providerSession(t, person.id, 30, secure);
    for (const [payload, status] of [[{ newEmail: 'not an email' }, 400], [{ newEmail: person.email.toUpperCase() }, 400], [{}, 400]] as const) {
      const res = await post('/api/auth/change-email', payload, fresh);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const res = await changeFrom(fresh);
    expect(res.statusCode).toBe(202);
    expect(res.json<User>()).toMatchObject({ pendingEmail: newEmail, hasPassword: false });
  });

  it('drops a pending change when the password is reset: its link, in someone else\'s mailbox, stops working (decision 016)', async () => {
    const person = await signUp(t.app);
    const elsewhere = uniqueEmail('elsewhere');
    expect((await changeEmail(person, elsewhere)).statusCode).toBe(202);
    const { token } = await changeLink(elsewhere);
    expect((await post('/api/auth/forgot-password', { email: person.email })).statusCode).toBe(202);
    const [reset] = await mailTo(person.email, 'Reset your password');
    const res = await post('/api/auth/reset-password', { token: linkIn(reset!, '/reset-password').token, password: 'a brand new passphrase' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({ email: person.email, pendingEmail: null, emailVerified: true });
    expect((await verify(token)).statusCode).toBe(400);
    expect((await login(elsewhere, 'a brand new passphrase')).statusCode).toBe(401);
  });

  it('refuses the current address, whatever its case, on the newEmail field', async () => {
    const person = await signUp(t.app);
    const res = await changeEmail(person, person.email.toUpperCase());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.sameEmail, code: 'validation_failed', errors: { newEmail: ACCOUNT_MESSAGES.sameEmail } });
  });

  it('refuses an address another account has, whatever its case, with 409 on the newEmail field', async () => {
    const person = await signUp(t.app);
    const other = await signUp(t.app);
    const res = await changeEmail(person, other.email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.emailTaken, code: 'email_taken', errors: { newEmail: MESSAGES.emailTaken } });
    expect((await me(person)).pendingEmail).toBeNull();
  });

  it('answers 409 when another account took the address before the link was opened, and changes nothing', async () => {
    const person = await signUp(t.app);
    const wanted = uniqueEmail('wanted');
    expect((await changeEmail(person, wanted)).statusCode).toBe(202);
    const { token } = await changeLink(wanted);
    // Someone signs up with that address in the meantime.
    const squatter = await signUp(t.app, { email: wanted });

    const res = await verify(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.emailTaken, code: 'email_taken' });
    expect(await me(person)).toMatchObject({ email: person.email, pendingEmail: wanted });
    expect((await me(squatter)).email).toBe(wanted);
    expect((await login(person.email)).statusCode).toBe(200);
  });

  it('allows 5 requests per hour per account, then answers 429', async () => {
    const person = await signUp(t.app);
    for (let i = 0; i < 5; i++) expect((await changeEmail(person, uniqueEmail(`try${i}`))).statusCode).toBe(202);
    expect((await changeEmail(person, uniqueEmail('try5'))).statusCode).toBe(429);
  });

  it.each([
    ['a bad address', { newEmail: 'not-an-email', currentPassword: PASSWORD }, 'newEmail'],
    ['no address', { currentPassword: PASSWORD }, 'newEmail'],
    ['an empty current password', { newEmail: 'someone@example.test', currentPassword: '' }, 'currentPassword'],
  ])('answers 400 JSON to %s and changes nothing', async (_name, payload, field) => {
    const person = await signUp(t.app);
    const res = await post('/api/auth/change-email', payload, person.cookie);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect((await me(person)).pendingEmail).toBeNull();
  });

  it('answers 401 signed out', async () => {
    expect((await post('/api/auth/change-email', { newEmail: uniqueEmail(), currentPassword: PASSWORD })).statusCode).toBe(401);
  });
});
