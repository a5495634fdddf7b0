// engines: one
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/account.js';
import type { User } from '#shared/auth.js';
import { accountTokens, users } from '#server/db/schema.js';
import { PASSWORD, randomIp, signUp, uniqueEmail, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { linkIn, createTestAppWithSmtp, type TestAppWithSmtp } from '#test/helpers/smtp.js';

const PUBLIC_URL = 'https://neighbours.example';

let t: TestAppWithSmtp;
beforeAll(async () => {
  t = await createTestAppWithSmtp({ PUBLIC_URL });
});
afterAll(() => t?.close());

const post = (url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload && { payload }), remoteAddress: randomIp() });
const verify = (token: string, cookie?: string) => post('/api/auth/verify-email', { token }, cookie);
const resend = (cookie?: string) => post('/api/auth/resend-verification', undefined, cookie);
const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json<User>();

/** Sends what is due, then the link of the newest verification email to `address`. */
async function verificationLink(address: string) {
  await t.app.mailer.flush();
  const mails = t.smtp.to(address).filter((m) => m.subject === 'Confirm your email address');
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no verification email to ${address}`);
  return { mail, ...linkIn(mail, '/verify-email') };
}

const expireLinksOf = (userId: string) =>
  t.database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(accountTokens.userId, userId));

describe('the verification link sent at sign-up', () => {
  it('confirms the address once, signed out; a second click is refused', async () => {
    const person = await signUp(t.app);
    expect(person.user).toMatchObject({ emailVerified: false, pendingEmail: null, hasPassword: true });

    const { mail, url, token } = await verificationLink(person.email);
    expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/verify-email`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain(`href="${url.href}"`);

    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified, outcome: 'verified' });
    expect((await me(person.cookie)).emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.invalidLink, code: 'invalid_link' });
  });

  it('keeps only the SHA-256 of the token', async () => {
    const person = await signUp(t.app);
    const { token } = await verificationLink(person.email);
    const rows = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, person.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'verify_email', email: person.email, usedAt: null });
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('is refused once expired, and the address stays unconfirmed', async () => {
    const person = await signUp(t.app);
    const { token } = await verificationLink(person.email);
    await expireLinksOf(person.user.id);
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.invalidLink);
    expect((await me(person.cookie)).emailVerified).toBe(false);
  });

  it('works for someone signed in who has not accepted the terms yet', async () => {
    const person = await signUp(t.app, { acceptTerms: false });
    const { token } = await verificationLink(person.email);
    expect((await verify(token, person.cookie)).statusCode).toBe(200);
    expect(await me(person.cookie)).toMatchObject({ emailVerified: true, termsAccepted: false });
  });

  it('lets exactly one of two clicks at the same moment through', async () => {
    const person = await signUp(t.app);
    const { token } = await verificationLink(person.email);
    const answers = await Promise.all([verify(token), verify(token), verify(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('is refused when the account no longer has the address it was sent to', async () => {
    const person = await signUp(t.app);
    const { token } = await verificationLink(person.email);
    await t.database.db.update(users).set({ email: uniqueEmail('elsewhere') }).where(eq(users.id, person.user.id));
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.invalidLink);
    expect((await me(person.cookie)).emailVerified).toBe(false);
  });

  it('is not written for a sign-up that is refused', async () => {
    const person = await signUp(t.app);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: randomIp(), payload: { email: person.email, password: PASSWORD } });
    expect(again.statusCode).toBe(409);
    await t.app.mailer.flush();
    expect(t.smtp.to(person.email)).toHaveLength(1);
  });

  it.each([
    ['a malformed token', { token: 'not-a-token' }],
    ['a token of the wrong length', { token: 'A'.repeat(42) }],
    ['no token', {}],
    ['a number', { token: 42 }],
  ])('answers 400 JSON to %s', async (_name, payload) => {
    const res = await post('/api/auth/verify-email', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: ACCOUNT_MESSAGES.invalidLink, errors: { token: ACCOUNT_MESSAGES.invalidLink } });
  });

  it('answers 400 JSON to a well-formed token nobody issued, and to a body that is not JSON', async () => {
    const unknown = await verify('B'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: ACCOUNT_MESSAGES.invalidLink, code: 'invalid_link' });
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: { 'content-type': 'application/json' }, payload: '{"token":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBeTypeOf('string');
  });
});

describe('resending the verification email', () => {
  it('sends a new link that replaces the previous one', async () => {
    const person = await signUp(t.app);
    const first = await verificationLink(person.email);
    const res = await resend(person.cookie);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationSent(person.email) });
    const second = await verificationLink(person.email);
    expect(second.token).not.toBe(first.token);

    expect((await verify(first.token)).statusCode).toBe(400);
    expect((await verify(second.token)).statusCode).toBe(200);
  });

  it('allows 3 per hour per account, then answers 429', async () => {
    const person = await signUp(t.app, { acceptTerms: false });
    for (let i = 0; i < 3; i++) expect((await resend(person.cookie)).statusCode).toBe(202);
    const limited = await resend(person.cookie);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account has its own budget.
    const other = await signUp(t.app);
    expect((await resend(other.cookie)).statusCode).toBe(202);
  });

  it('answers 409 once the address is verified, 400 without an address, 401 signed out', async () => {
    const person = await signUp(t.app);
    const { token } = await verificationLink(person.email);
    await verify(token);
    const verified = await resend(person.cookie);
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toEqual({ message: ACCOUNT_MESSAGES.alreadyVerified, code: 'already_verified' });

    const noAddress = await signUp(t.app);
    await t.database.db.update(users).set({ email: null }).where(eq(users.id, noAddress.user.id));
    const none = await resend(noAddress.cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: ACCOUNT_MESSAGES.noEmail, code: 'bad_request' });

    expect((await resend()).statusCode).toBe(401);
  });
});

describe('message emails and unverified addresses', () => {
  async function writeTo(writer: SignedUp, listingId: number, message: string) {
    const res = await post('/api/conversations', { serviceId: listingId, message, sendCopyToSender: true }, writer.cookie);
    expect([200, 201]).toContain(res.statusCode);
  }
  const messageEmailsTo = (address: string) => t.smtp.to(address).filter((m) => m.subject !== 'Confirm your email address');

  it('sends no notification and no copy until the address is confirmed through its link', async () => {
    const owner = await signUp(t.app);
    const writer = await signUp(t.app);
    const listing = await createListing(t, owner.cookie, { title: 'Piano lessons' });
    await writeTo(writer, listing.id, 'Do you teach beginners?');
    await t.app.mailer.flush();
    expect(messageEmailsTo(owner.email)).toEqual([]);
    expect(messageEmailsTo(writer.email)).toEqual([]);

    for (const person of [owner, writer]) expect((await verify((await verificationLink(person.email)).token)).statusCode).toBe(200);
    const other = await signUp(t.app);
    await writeTo(other, listing.id, 'A second neighbour asks');
    await writeTo(writer, listing.id, 'And a follow-up from me');
    await t.app.mailer.flush();
    // One notification per conversation: the first message of each was never notified, so both are now.
    expect(messageEmailsTo(owner.email).map((m) => m.subject).sort()).toEqual(
      [`${other.user.username} sent you a message about "Piano lessons"`, `${writer.user.username} sent you a message about "Piano lessons"`].sort(),
    );
    expect(messageEmailsTo(writer.email).map((m) => m.subject)).toEqual(['Copy of your message to ' + owner.user.username + ' about "Piano lessons"']);
    // The unconfirmed third neighbour got no copy.
    expect(messageEmailsTo(other.email)).toEqual([]);
  });
});
