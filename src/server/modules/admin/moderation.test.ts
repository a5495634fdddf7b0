// engines: both — bans and removals in transactions, with row locks
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERRORS, type AdminConversationsPage, type AdminMessagesPage, type AdminReport, type AdminUser, type AuditEntry } from '#shared/admin.js';
import type { Completion } from '#shared/reviews.js';
import type { Conversation, MessagePage } from '#shared/messaging.js';
import type { Report } from '#shared/reports.js';
import type { BrowseResult, Service } from '#shared/services.js';
import { MESSAGES } from '#shared/texts.js';
import { allPages, call, ok } from '#test/helpers/admin.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, randomIp, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing, manyUsers } from '#test/helpers/listings.js';

const MODERATOR = 'moderator@example.test';

let t: TestApp;
let admin: SignedUp;
/** A second administrator (ADMIN_EMAILS holds both addresses). */
let moderator: SignedUp;
beforeAll(async () => {
  // The signed-out page cache is on here, as in production: administrator actions must make it forget.
  t = await createTestApp({ ADMIN_EMAILS: `${ADMIN_EMAIL},${MODERATOR}`, LISTINGS_CACHE_MS: '60000' });
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
  moderator = await signUpAdministrator(t.app, t.database.db, MODERATOR);
});
afterAll(() => t.close());

/** A word no other test uses, so a search sees only this test's listings. */
const marker = () => `zq${randomBytes(4).toString('hex')}`;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const countOf = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);

/** The ids of the listings a signed-out visitor (or `cookie`) finds with this search. */
async function browse(search: string, cookie?: string): Promise<number[]> {
  const page = await ok<BrowseResult>(call(t, 'GET', `/api/services?search=${search}`, cookie));
  return page.services.map((s) => s.id);
}
const login = (who: SignedUp) => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: randomIp(), payload: { email: who.email, password: who.password } });
async function auditOf(targetType: AuditEntry['targetType'], targetId: string | number): Promise<AuditEntry[]> {
  const { items } = await allPages<AuditEntry>(t, admin.cookie, '/api/admin/audit-log', 'entries', 100);
  return items.filter((e) => e.targetType === targetType && e.targetId === String(targetId));
}
const adminPerson = () => ({ id: admin.user.id, username: admin.user.username, email: admin.email });
async function converse(cookie: string, serviceId: number): Promise<Conversation> {
  const res = await call(t, 'POST', '/api/conversations', cookie, { serviceId, message: 'Hello! Is Saturday morning free?' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Conversation>();
}

describe('banning a person', () => {
  it('ends their session on its next call, refuses their sign-in, hides their listings, deletes nothing; unban restores it', async () => {
    const word = marker();
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie, { title: `Dog walking ${word}` });
    const customer = await signUp(t.app);
    const conversation = await converse(customer.cookie, listing.id);
    // Cached for signed-out visitors before the ban.
    expect(await browse(word)).toEqual([listing.id]);

    const banned = await ok<AdminUser>(call(t, 'POST', `/api/admin/users/${owner.user.id}/ban`, admin.cookie));
    expect(banned).toEqual({
      id: owner.user.id,
      username: owner.user.username,
      email: owner.email,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      createdAt: owner.user.createdAt,
      isBanned: true,
      isAdmin: false,
    });

    // Their existing session is refused on its next call, and ended.
    const next = await call(t, 'GET', '/api/auth/user', owner.cookie);
    expect(next.statusCode).toBe(403);
    expect(next.json()).toEqual({ message: MESSAGES.suspended, code: 'account_suspended' });
    expect(await countOf(sql`select count(*) as n from sessions where user_id = ${owner.user.id}`)).toBe(0);
    expect((await call(t, 'GET', '/api/auth/user', owner.cookie)).statusCode).toBe(401);
    // Signing in again is refused with the same words.
    const signIn = await login(owner);
    expect(signIn.statusCode).toBe(403);
    // The right password learns the reason (none given here) and gets an appeal link (decision 047).
    expect(signIn.json()).toEqual({ message: MESSAGES.suspended, code: 'account_suspended', reason: null, appealUrl: expect.stringContaining('/appeal?token=') });

    // Their listings leave browse at once (the signed-out cache included) and their page answers 404.
    expect(await browse(word)).toEqual([]);
    expect(await browse(word, customer.cookie)).toEqual([]);
    expect((await call(t, 'GET', `/api/services/${listing.id}`)).statusCode).toBe(404);

    // Nothing is deleted: the person, the listing, the conversation and its message are all still there.
    expect(await countOf(sql`select count(*) as n from users where id = ${owner.user.id} and is_banned`)).toBe(1);
    expect(await countOf(sql`select count(*) as n from services where id = ${listing.id} and deleted_at is null`)).toBe(1);
    expect(await countOf(sql`select count(*) as n from messages where conversation_id = ${conversation.id}`)).toBe(1);

    // Banning again changes nothing and logs nothing more.
    expect(await ok<AdminUser>(call(t, 'POST', `/api/admin/users/${owner.user.id}/ban`, admin.cookie))).toEqual(banned);
    expect((await auditOf('user', owner.user.id)).map((e) => e.action)).toEqual(['user.ban']);

    const unbanned = await ok<AdminUser>(call(t, 'POST', `/api/admin/users/${owner.user.id}/unban`, admin.cookie));
    expect(unbanned).toEqual({ ...banned, isBanned: false });
    expect(await ok<AdminUser>(call(t, 'POST', `/api/admin/users/${owner.user.id}/unban`, admin.cookie))).toEqual(unbanned);
    expect(await browse(word)).toEqual([listing.id]);
    expect((await call(t, 'GET', `/api/services/${listing.id}`)).statusCode).toBe(200);
    expect((await login(owner)).statusCode).toBe(200);

    const entries = await auditOf('user', owner.user.id);
    expect(entries).toEqual([
      { id: expect.any(Number), action: 'user.unban', actor: adminPerson(), targetType: 'user', targetId: owner.user.id, summary: owner.user.username, createdAt: expect.any(String) },
      { id: expect.any(Number), action: 'user.ban', actor: adminPerson(), targetType: 'user', targetId: owner.user.id, summary: owner.user.username, createdAt: expect.any(String) },
    ]);
    expect(entries[0]!.id).toBeGreaterThan(entries[1]!.id);
  });

  it('refuses to ban an administrator (403), the caller included, and logs nothing', async () => {
    for (const who of [admin, moderator]) {
      const res = await call(t, 'POST', `/api/admin/users/${who.user.id}/ban`, admin.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ADMIN_ERRORS.cannotBanAdmin, code: 'forbidden' });
      expect(await auditOf('user', who.user.id)).toEqual([]);
    }
    expect((await call(t, 'GET', '/api/auth/user', moderator.cookie)).statusCode).toBe(200);
    const users = await allPages<AdminUser>(t, admin.cookie, '/api/admin/users', 'users', 100);
    expect(users.items.filter((u) => u.isAdmin).map((u) => u.id).sort()).toEqual([admin.user.id, moderator.user.id].sort());
  });
});

describe('deleting a listing for good', () => {
  it('removes it with its images, likes, completions, reviews and reports; its conversation stays readable with service null', async () => {
    const word = marker();
    const owner = await signUp(t.app);
    const customer = await signUp(t.app);
    const listing = await createListing(t, owner.cookie, { title: `Gutter cleaning ${word}` });
    const conversation = await converse(customer.cookie, listing.id);
    expect((await call(t, 'POST', `/api/conversations/${conversation.id}/messages`, owner.cookie, { content: 'Yes, 9am works.' })).statusCode).toBe(201);
    const completed = await call(t, 'POST', `/api/services/${listing.id}/complete`, customer.cookie, { conversationId: conversation.id });
    expect(completed.statusCode, completed.body).toBe(201);
    const completion = completed.json<Completion>();
    // Reviews need a confirmed address (decision 022).
    await markEmailVerified(t.database.db, customer.user.id);
    const reviewed = await call(t, 'POST', `/api/services/${listing.id}/reviews`, customer.cookie, { serviceCompletionId: completion.id, rating: 5, reviewText: 'Spotless.' });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const fans = await manyUsers(t, 2);
    for (const fan of fans) expect((await call(t, 'POST', `/api/services/${listing.id}/like`, fan)).statusCode).toBe(200);
    const reported = await call(t, 'POST', `/api/services/${listing.id}/report`, fans[0], { reason: 'misleading' });
    expect(reported.statusCode, reported.body).toBe(201);
    await t.database.db.execute(sql`
      insert into images (id, user_id, service_id, position, "full", full_width, full_height, card, card_width, card_height)
      values (${`img-${word}`}, ${owner.user.id}, ${listing.id}, 0, '\\x00'::bytea, 1, 1, '\\x00'::bytea, 1, 1)`);
    expect(await browse(word)).toEqual([listing.id]);

    const counts = async () => ({
      services: await countOf(sql`select count(*) as n from services where id = ${listing.id}`),
      images: await countOf(sql`select count(*) as n from images where service_id = ${listing.id}`),
      likes: await countOf(sql`select count(*) as n from service_likes where service_id = ${listing.id}`),
      completions: await countOf(sql`select count(*) as n from service_completions where service_id = ${listing.id}`),
      reviews: await countOf(sql`select count(*) as n from reviews where service_id = ${listing.id}`),
      reports: await countOf(sql`select count(*) as n from reports where service_id = ${listing.id}`),
    });
    expect(await counts()).toEqual({ services: 1, images: 1, likes: 2, completions: 1, reviews: 1, reports: 1 });

    const res = await call(t, 'DELETE', `/api/admin/services/${listing.id}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: listing.id });
    expect(await counts()).toEqual({ services: 0, images: 0, likes: 0, completions: 0, reviews: 0, reports: 0 });
    // Gone from browse at once, the signed-out cache included, and from its own page.
    expect(await browse(word)).toEqual([]);
    expect((await call(t, 'GET', `/api/services/${listing.id}`)).statusCode).toBe(404);

    // Its conversation is kept, readable by both participants, about no listing any more.
    for (const who of [customer, owner]) {
      const page = await ok<MessagePage>(call(t, 'GET', `/api/conversations/${conversation.id}/messages`, who.cookie));
      expect(page.messages.map((m) => m.content)).toEqual(['Hello! Is Saturday morning free?', 'Yes, 9am works.']);
      const list = await ok<Conversation[]>(call(t, 'GET', '/api/conversations', who.cookie));
      expect(list.find((c) => c.id === conversation.id)?.service).toBeNull();
    }
    // And by the administrator.
    const all = await allPages<AdminConversationsPage['conversations'][number]>(t, admin.cookie, '/api/admin/conversations', 'conversations', 100);
    expect(all.items.find((c) => c.id === conversation.id)?.service).toBeNull();
    const read = await ok<AdminMessagesPage>(call(t, 'GET', `/api/admin/conversations/${conversation.id}/messages`, admin.cookie));
    expect(read.messages.map((m) => m.content)).toEqual(['Hello! Is Saturday morning free?', 'Yes, 9am works.']);

    // A second delete finds nothing.
    const again = await call(t, 'DELETE', `/api/admin/services/${listing.id}`, admin.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: ADMIN_ERRORS.serviceNotFound, code: 'not_found' });

    expect(await auditOf('service', listing.id)).toEqual([
      { id: expect.any(Number), action: 'service.delete', actor: adminPerson(), targetType: 'service', targetId: String(listing.id), summary: listing.title, createdAt: expect.any(String) },
    ]);
  });

  it('deletes a listing its owner had already deleted (soft) too', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    expect((await call(t, 'DELETE', `/api/services/${listing.id}`, owner.cookie)).statusCode).toBe(200);
    expect(await ok(call(t, 'DELETE', `/api/admin/services/${listing.id}`, admin.cookie))).toEqual({ id: listing.id });
    expect((await ok<Service[]>(call(t, 'GET', '/api/my-services', owner.cookie))).map((s) => s.id)).not.toContain(listing.id);
  });
});

describe('report status', () => {
  async function pendingReport() {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie, { title: `Piano lessons ${marker()}` });
    const [reporter] = await manyUsers(t, 1);
    const res = await call(t, 'POST', `/api/services/${listing.id}/report`, reporter, { reason: 'spam', description: 'Posted ten times.' });
    expect(res.statusCode, res.body).toBe(201);
    return { listing, owner, report: res.json<Report>() };
  }
  const setStatus = (id: number, status: string) => call(t, 'PATCH', `/api/admin/reports/${id}/status`, admin.cookie, { status });

  it('moves pending to reviewed or dismissed once, recording who and when; any further change is 409', async () => {
    for (const status of ['reviewed', 'dismissed'] as const) {
      const { listing, owner, report } = await pendingReport();
      const before = Date.now();
      const updated = await ok<AdminReport>(setStatus(report.id, status));
      expect(updated).toMatchObject({
        id: report.id,
        status,
        reason: 'spam',
        description: 'Posted ten times.',
        reviewedBy: adminPerson(),
        service: { id: listing.id, title: listing.title, rate: 25, rateType: 'hourly', deletedAt: null, author: { id: owner.user.id, username: owner.user.username, email: owner.email } },
      });
      expect(Date.parse(updated.reviewedAt!)).toBeGreaterThanOrEqual(before - 1000);
      for (const next of ['reviewed', 'dismissed']) {
        const refused = await setStatus(report.id, next);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ message: ADMIN_ERRORS.reportAlreadyHandled, code: 'report_already_handled' });
      }
      expect(await auditOf('report', report.id)).toEqual([
        {
          id: expect.any(Number),
          action: 'report.status',
          actor: adminPerson(),
          targetType: 'report',
          targetId: String(report.id),
          summary: `${status}: ${listing.title}`,
          createdAt: expect.any(String),
        },
      ]);
    }
  });

  it('lets exactly one of several concurrent changes win', async () => {
    const { report } = await pendingReport();
    const answers = await Promise.all(['reviewed', 'dismissed', 'reviewed', 'dismissed', 'reviewed'].map((s) => setStatus(report.id, s)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json<AdminReport>();
    const stored = await rows<{ status: string; reviewed_by: string }>(sql`select status, reviewed_by from reports where id = ${report.id}`);
    expect(stored).toEqual([{ status: winner.status, reviewed_by: admin.user.id }]);
    const entries = await auditOf('report', report.id);
    expect(entries.map((e) => e.summary)).toEqual([expect.stringMatching(new RegExp(`^${winner.status}: `))]);
  });
});

describe('the audit log', () => {
  it('is append-only in the database, yet keeps an entry (actor null) when its actor is removed', async () => {
    const target = await signUp(t.app);
    expect((await call(t, 'POST', `/api/admin/users/${target.user.id}/ban`, moderator.cookie)).statusCode).toBe(200);
    const [entry] = await auditOf('user', target.user.id);
    expect(entry?.actor).toEqual({ id: moderator.user.id, username: moderator.user.username, email: MODERATOR });

    for (const statement of [
      sql`update admin_audit_log set summary = 'nothing happened' where id = ${entry!.id}`,
      sql`update admin_audit_log set actor_id = ${target.user.id} where id = ${entry!.id}`,
      sql`delete from admin_audit_log where id = ${entry!.id}`,
      sql`truncate admin_audit_log`,
    ]) {
      const error = await t.database.db.execute(statement).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(String((error as { cause?: unknown })?.cause ?? error)).toContain('admin_audit_log is append-only');
    }

    await t.database.db.execute(sql`delete from users where id = ${moderator.user.id}`);
    expect(await auditOf('user', target.user.id)).toEqual([{ ...entry!, actor: null }]);
  });

  it('writes nothing for a refused action', async () => {
    const before = (await ok<{ total: number }>(call(t, 'GET', '/api/admin/audit-log?limit=1', admin.cookie))).total;
    expect((await call(t, 'POST', '/api/admin/users/nobody/ban', admin.cookie)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', '/api/admin/services/2000000000', admin.cookie)).statusCode).toBe(404);
    expect((await call(t, 'PATCH', '/api/admin/reports/2000000000/status', admin.cookie, { status: 'reviewed' })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/admin/conversations/2000000000/messages', admin.cookie)).statusCode).toBe(404);
    expect((await ok<{ total: number }>(call(t, 'GET', '/api/admin/audit-log?limit=1', admin.cookie))).total).toBe(before);
  });
});
