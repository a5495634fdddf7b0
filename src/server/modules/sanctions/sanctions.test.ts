// engines: one
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AuditLogPage } from '#shared/admin.js';
import type { Conversation, MessagePage } from '#shared/messaging.js';
import { type AdminAppeal, type AdminAppealsPage, type Appeal, SANCTION_TEXTS } from '#shared/sanctions.js';
import { appealLinks, bans, outbox } from '../../db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { call, ok } from '#test/helpers/admin.js';
import { markEmailVerified, randomIp, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t.close());

const ban = (id: string, payload?: object) => call(t, 'POST', `/api/admin/users/${id}/ban`, admin.cookie, payload);
const login = (who: SignedUp, password = who.password) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: randomIp(), payload: { email: who.email, password } });
const appeal = (payload: object) => t.app.inject({ method: 'POST', url: '/api/appeals', remoteAddress: randomIp(), payload });
const decide = (id: number, payload: object, cookie = admin.cookie) => call(t, 'POST', `/api/admin/appeals/${id}/decision`, cookie, payload);
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
/** The emails queued for an address, of one kind. */
const emailsTo = (address: string, kind: string) =>
  t.database.db.select({ subject: outbox.subject, text: outbox.text }).from(outbox).where(and(eq(outbox.toAddress, address), eq(outbox.kind, kind)));

/** A verified member, banned with a reason. */
async function bannedMember(reason = 'Asked neighbours to pay up front and never came.') {
  const member = await signUp(t.app);
  await markEmailVerified(t.database.db, member.user.id);
  const res = await ban(member.user.id, { reason: `  ${reason}  ` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<AdminUser>().isBanned).toBe(true);
  return member;
}

describe('a ban with a reason', () => {
  it('emails the member the reason and an appeal link, and tells them both only after the right password', async () => {
    const member = await bannedMember();
    const [email] = await emailsTo(member.email, 'account-suspended');
    expect(email?.subject).toBe('Your account has been suspended');
    expect(email?.text).toContain('The reason: Asked neighbours to pay up front and never came.');
    expect(email?.text).toMatch(/Appeal this decision:\nhttp:\/\/localhost:\d+\/appeal\?token=[\w-]{43}/);

    // A wrong password learns nothing, not even that the account is suspended.
    const wrong = await login(member, 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });

    const right = await login(member);
    expect(right.statusCode).toBe(403);
    const body = right.json<{ message: string; code: string; reason: string; appealUrl: string }>();
    expect(body).toEqual({ message: 'Your account has been suspended', code: 'account_suspended', reason: 'Asked neighbours to pay up front and never came.', appealUrl: expect.stringContaining('/appeal?token=') });
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it("keeps the spec's call without a body, and refuses a reason over 500 characters (400) without banning", async () => {
    const member = await signUp(t.app);
    const long = await ban(member.user.id, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'validation_failed', errors: { reason: SANCTION_TEXTS.reasonTooLong } });
    expect((await login(member)).statusCode).toBe(200);
    const plain = await ban(member.user.id);
    expect(plain.statusCode, plain.body).toBe(200);
    const right = await login(member);
    expect(right.json()).toMatchObject({ code: 'account_suspended', reason: null, appealUrl: expect.stringContaining('/appeal?token=') });
    // An unverified address is not written to (decision 014): the sign-in page shows the link instead.
    expect(await emailsTo(member.email, 'account-suspended')).toEqual([]);
  });

  it('writes the reason to the audit log, and an unban ends the standing ban', async () => {
    const member = await bannedMember('Spam in every category');
    const audit = await ok<AuditLogPage>(call(t, 'GET', '/api/admin/audit-log?limit=5', admin.cookie));
    expect(audit.entries.find((e) => e.action === 'user.ban' && e.targetId === member.user.id)?.summary).toBe(`${member.user.username}: Spam in every category`);
    expect((await call(t, 'POST', `/api/admin/users/${member.user.id}/unban`, admin.cookie)).statusCode).toBe(200);
    const rows = await t.database.db.select({ liftedAt: bans.liftedAt }).from(bans).where(eq(bans.userId, member.user.id));
    expect(rows).toEqual([{ liftedAt: expect.any(Date) }]);
    expect((await login(member)).statusCode).toBe(200);
  });
});

describe('appealing', () => {
  it('takes one appeal per ban through a single-use link, and the administrator lifts the ban: the member can sign in again and is emailed', async () => {
    const member = await bannedMember();
    const link = (await login(member)).json<{ appealUrl: string }>().appealUrl;
    const res = await appeal({ token: tokenOf(link), message: '  I refunded everyone; here are the receipts.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Appeal>()).toEqual({ id: expect.any(Number), status: 'pending', createdAt: expect.any(String) });
    // Single use: the same link again is refused, and signing in now shows no new link.
    const again = await appeal({ token: tokenOf(link), message: 'Please!' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: SANCTION_TEXTS.invalidAppealLink, code: 'invalid_link' });
    expect((await login(member)).json()).toMatchObject({ code: 'account_suspended', appealUrl: null });

    const pending = await ok<AdminAppealsPage>(call(t, 'GET', '/api/admin/appeals?status=pending&limit=50', admin.cookie));
    const listed = pending.appeals.find((a) => a.id === res.json<Appeal>().id)!;
    expect(listed).toEqual({
      id: res.json<Appeal>().id,
      status: 'pending',
      message: 'I refunded everyone; here are the receipts.',
      createdAt: expect.any(String),
      user: { id: member.user.id, username: member.user.username, email: member.email, isBanned: true },
      ban: { reason: 'Asked neighbours to pay up front and never came.', createdAt: expect.any(String), bannedBy: { id: admin.user.id, username: admin.user.username, email: ADMIN_EMAIL } },
      note: null,
      decidedBy: null,
      decidedAt: null,
    });

    const decided = await decide(listed.id, { decision: 'lift', note: 'Thank you for making it right.' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<AdminAppeal>()).toMatchObject({ status: 'lifted', note: 'Thank you for making it right.', user: { isBanned: false }, decidedBy: { id: admin.user.id } });
    expect((await login(member)).statusCode).toBe(200);
    const [email] = await emailsTo(member.email, 'appeal-lifted');
    expect(email?.text).toContain(SANCTION_TEXTS.lifted);
    expect(email?.text).toContain('Thank you for making it right.');
    // Decided once: a second decision is refused (409) and changes nothing.
    const second = await decide(listed.id, { decision: 'uphold' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: SANCTION_TEXTS.appealAlreadyDecided, code: 'conflict' });
    const audit = await ok<AuditLogPage>(call(t, 'GET', '/api/admin/audit-log?limit=10', admin.cookie));
    expect(audit.entries.filter((e) => e.targetId === member.user.id).map((e) => e.action)).toEqual(['appeal.lift', 'user.ban']);
  });

  it('upholds a ban: the member stays suspended and is emailed the decision', async () => {
    const member = await bannedMember();
    const link = (await login(member)).json<{ appealUrl: string }>().appealUrl;
    const id = (await appeal({ token: tokenOf(link), message: 'It was a misunderstanding.' })).json<Appeal>().id;
    const res = await decide(id, { decision: 'uphold' });
    expect(res.json<AdminAppeal>()).toMatchObject({ status: 'upheld', note: null, user: { isBanned: true } });
    expect((await login(member)).statusCode).toBe(403);
    expect((await emailsTo(member.email, 'appeal-upheld'))[0]?.text).toContain(SANCTION_TEXTS.upheld);
    const audit = await ok<AuditLogPage>(call(t, 'GET', '/api/admin/audit-log?limit=5', admin.cookie));
    expect(audit.entries[0]).toMatchObject({ action: 'appeal.uphold', targetId: member.user.id, summary: member.user.username });
  });

  it('keeps the emailed link working after sign-ins, each of which gives a link too; one appeal uses them all up', async () => {
    const member = await bannedMember();
    const [email] = await emailsTo(member.email, 'account-suspended');
    const emailed = tokenOf(/(http\S+\/appeal\?token=[\w-]{43})/.exec(email!.text)![1]!);
    // Most people try to sign in first, then open the email.
    const fromSignIns = [];
    for (let i = 0; i < 7; i += 1) fromSignIns.push(tokenOf((await login(member)).json<{ appealUrl: string }>().appealUrl));
    // The newest five sign-in links are kept besides the emailed one; the two oldest went.
    expect((await appeal({ token: fromSignIns[0]!, message: 'Hello' })).statusCode).toBe(400);
    expect((await appeal({ token: fromSignIns[1]!, message: 'Hello' })).statusCode).toBe(400);
    const sent = await appeal({ token: emailed, message: 'I paid them back; here is how.' });
    expect(sent.statusCode, sent.body).toBe(201);
    // One appeal per ban: every other link of it stops working, and a sign-in offers none.
    for (const token of fromSignIns.slice(2)) {
      expect((await appeal({ token, message: 'Again' })).json()).toEqual({ message: SANCTION_TEXTS.invalidAppealLink, code: 'invalid_link' });
    }
    expect((await login(member)).json()).toMatchObject({ code: 'account_suspended', appealUrl: null });
  });

  it('refuses an expired link, an unknown one, a link of a lifted ban, an empty or long message (400)', async () => {
    const member = await bannedMember();
    const link = tokenOf((await login(member)).json<{ appealUrl: string }>().appealUrl);
    for (const payload of [{ token: link, message: '   ' }, { token: link, message: 'x'.repeat(2001) }, { token: link }, { message: 'Hello' }, { token: 'x'.repeat(201), message: 'Hello' }]) {
      expect((await appeal(payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect((await appeal({ token: 'not-a-token', message: 'Hello' })).json()).toEqual({ message: SANCTION_TEXTS.invalidAppealLink, code: 'invalid_link' });

    // Thirty days later the links no longer work.
    const [standing] = await t.database.db.select({ id: bans.id }).from(bans).where(eq(bans.userId, member.user.id));
    await t.database.db.update(appealLinks).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(appealLinks.banId, standing!.id));
    expect((await appeal({ token: link, message: 'Hello' })).statusCode).toBe(400);

    // A lifted ban's link opens nothing either.
    const third = tokenOf((await login(member)).json<{ appealUrl: string }>().appealUrl);
    await call(t, 'POST', `/api/admin/users/${member.user.id}/unban`, admin.cookie);
    expect((await appeal({ token: third, message: 'Hello' })).statusCode).toBe(400);
    expect(await t.database.db.select().from(appealLinks).where(eq(appealLinks.banId, standing!.id))).toEqual([]);
  });

  it('gives the appeal routes their authorization matrix: anyone may appeal with a link, only the administrator lists and decides', async () => {
    const member = await signUp(t.app);
    for (const cookie of [undefined, member.cookie]) {
      expect((await call(t, 'GET', '/api/admin/appeals', cookie)).statusCode).toBe(cookie ? 403 : 401);
      expect((await decide(1, { decision: 'lift' }, cookie ?? '')).statusCode).toBe(cookie ? 403 : 401);
    }
    expect((await decide(2_000_000_000, { decision: 'lift' })).statusCode).toBe(404);
    for (const payload of [{}, { decision: 'pardon' }, { decision: 'lift', note: 'x'.repeat(1001) }]) {
      expect((await decide(1, payload)).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    expect((await call(t, 'GET', '/api/admin/appeals?status=maybe', admin.cookie)).statusCode).toBe(400);
  });

  it('allows ten tries an hour from one address (429 after)', async () => {
    const from = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.app.inject({ method: 'POST', url: '/api/appeals', remoteAddress: from, payload: { token: `guess-${i}`, message: 'Hello' } })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});

describe('a listing removed with a reason', () => {
  it('tells its owner which listing went and why, in Messages from the team and by email whatever their notification setting', async () => {
    const owner = await signUp(t.app);
    await markEmailVerified(t.database.db, owner.user.id);
    await call(t, 'PATCH', '/api/auth/email-notifications', owner.cookie, { emailNotificationsEnabled: false });
    const listing = await createListing(t, owner.cookie);
    const res = await call(t, 'DELETE', `/api/admin/services/${listing.id}`, admin.cookie, { reason: 'Selling medicine is not allowed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: listing.id });
    const text = `Our team removed your listing “${listing.title}” for this reason: Selling medicine is not allowed. If you think this is a mistake, reply to this message.`;
    const conversation = (await ok<Conversation[]>(call(t, 'GET', '/api/conversations', owner.cookie))).find((c) => c.subject === SANCTION_TEXTS.listingRemovedSubject)!;
    const page = await ok<MessagePage>(call(t, 'GET', `/api/conversations/${conversation.id}/messages`, owner.cookie));
    expect(page.messages.map((m) => m.content)).toEqual([text]);
    const emails = await emailsTo(owner.email, 'message-notification');
    expect(emails.some((e) => e.text.includes('Selling medicine is not allowed'))).toBe(true);

    // The spec's call without a body still works, and says no reason.
    const other = await createListing(t, owner.cookie);
    expect((await call(t, 'DELETE', `/api/admin/services/${other.id}`, admin.cookie)).statusCode).toBe(200);
    const next = await ok<MessagePage>(call(t, 'GET', `/api/conversations/${conversation.id}/messages`, owner.cookie));
    expect(next.messages.at(-1)?.content).toBe(`Our team removed your listing “${other.title}”. If you think this is a mistake, reply to this message.`);
  });
});
