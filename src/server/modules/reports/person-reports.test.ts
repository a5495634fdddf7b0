// engines: one
import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMessagesPage, AdminReport, AdminReportsPage, AuditLogPage } from '#shared/admin.js';
import type { Conversation, MessagePage } from '#shared/messaging.js';
import { type MemberReport, type MessageReport, type MyReports, PERSON_REPORT_TEXTS, REPORT_OUTCOME_TEXTS } from '#shared/reports.js';
import { outbox, users } from '../../db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { call, ok } from '#test/helpers/admin.js';
import { markEmailVerified, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t.close());

const reportMember = (who: string | undefined, id: string, payload: object = { reason: 'harassment' }) => call(t, 'POST', `/api/users/${id}/report`, who, payload);
const reportMessage = (who: string | undefined, id: number | string, payload: object = { reason: 'spam' }) => call(t, 'POST', `/api/messages/${id}/report`, who, payload);
const mine = async (who: SignedUp) => (await ok<MyReports>(call(t, 'GET', '/api/my-reports', who.cookie))).reports;
const adminReports = async (query = '') => (await ok<AdminReportsPage>(call(t, 'GET', `/api/admin/reports?limit=100${query}`, admin.cookie))).reports;
const decide = (id: number, status: 'reviewed' | 'dismissed') => call(t, 'PATCH', `/api/admin/reports/${id}/status`, admin.cookie, { status });

/** A neighbour who wrote to a listing's owner, and the owner's answer: two messages, one by each. */
async function talk() {
  const [owner, writer] = [await signUp(t.app), await signUp(t.app)];
  const listing = await createListing(t, owner.cookie);
  const started = await call(t, 'POST', '/api/conversations', writer.cookie, { serviceId: listing.id, message: 'Pay me by Zelle first', sendCopyToSender: false });
  expect(started.statusCode, started.body).toBe(201);
  const conversation = started.json<Conversation>();
  await call(t, 'POST', `/api/conversations/${conversation.id}/messages`, owner.cookie, { content: 'No thanks' });
  const page = await ok<MessagePage>(call(t, 'GET', `/api/conversations/${conversation.id}/messages`, owner.cookie));
  const [fromWriter, fromOwner] = page.messages;
  return { owner, writer, listing, conversation, fromWriter: fromWriter!, fromOwner: fromOwner! };
}

describe('reporting a member', () => {
  it('files a pending report with its kind and the member, once while pending, and shows it to the administrator with the member in full', async () => {
    const [reporter, member] = [await signUp(t.app), await signUp(t.app)];
    const res = await reportMember(reporter.cookie, member.user.id, { reason: 'harassment', description: '  Keeps messaging after I said no.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<MemberReport>()).toEqual({
      id: expect.any(Number),
      kind: 'member',
      status: 'pending',
      reason: 'harassment',
      description: 'Keeps messaging after I said no.',
      createdAt: expect.any(String),
      reporter: { id: reporter.user.id, username: reporter.user.username },
      reportedUser: { id: member.user.id, username: member.user.username },
      reviewedBy: null,
      reviewedAt: null,
    });
    const again = await reportMember(reporter.cookie, member.user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PERSON_REPORT_TEXTS.alreadyReportedMember, code: 'already_reported' });

    const listed = (await adminReports('&kind=member')).find((r) => r.id === res.json<MemberReport>().id);
    expect(listed).toMatchObject({
      kind: 'member',
      reportedUser: { id: member.user.id, username: member.user.username, email: member.email, isBanned: false },
      reporter: { id: reporter.user.id, email: reporter.email },
    });
    expect(listed).not.toHaveProperty('service');
  });

  it('refuses anonymous callers (401), yourself (400), unknown and deleted members (404), and a missing reason or a long description (400)', async () => {
    const [reporter, member] = [await signUp(t.app), await signUp(t.app)];
    expect((await reportMember(undefined, member.user.id)).statusCode).toBe(401);
    const self = await reportMember(reporter.cookie, reporter.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: PERSON_REPORT_TEXTS.ownMember, code: 'bad_request' });
    const unknown = await reportMember(reporter.cookie, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PERSON_REPORT_TEXTS.memberNotFound, code: 'not_found' });
    for (const payload of [{}, { reason: 'rude' }, { reason: 'spam', description: 'x'.repeat(1001) }]) {
      expect((await reportMember(reporter.cookie, member.user.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    await t.database.db.update(users).set({ deletedAt: new Date(), username: null, email: null }).where(eq(users.id, member.user.id));
    expect((await reportMember(reporter.cookie, member.user.id)).statusCode).toBe(404);
    expect(await mine(reporter)).toEqual([]);
  });
});

describe('reporting a message', () => {
  it('lets a participant report the other one’s message, with the message and its conversation for the administrator', async () => {
    const { owner, writer, conversation, fromWriter } = await talk();
    const res = await reportMessage(owner.cookie, fromWriter.id, { reason: 'spam', description: 'Asks for money up front' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<MessageReport>()).toMatchObject({ kind: 'message', status: 'pending', message: { id: fromWriter.id, conversationId: conversation.id } });
    expect((await reportMessage(owner.cookie, fromWriter.id)).json()).toEqual({ message: PERSON_REPORT_TEXTS.alreadyReportedMessage, code: 'already_reported' });

    const listed = (await adminReports('&kind=message')).find((r) => r.id === res.json<MessageReport>().id);
    expect(listed).toEqual({
      id: res.json<MessageReport>().id,
      kind: 'message',
      status: 'pending',
      reason: 'spam',
      description: 'Asks for money up front',
      createdAt: expect.any(String),
      reporter: { id: owner.user.id, username: owner.user.username, email: owner.email },
      message: { id: fromWriter.id, content: 'Pay me by Zelle first', createdAt: fromWriter.createdAt, sender: { id: writer.user.id, username: writer.user.username, email: writer.email } },
      conversationId: conversation.id,
      reviewedBy: null,
      reviewedAt: null,
    });
    // Reading the conversation, the administrator sees which messages carried the signs of a scam.
    const read = await ok<AdminMessagesPage>(call(t, 'GET', `/api/admin/conversations/${conversation.id}/messages`, admin.cookie));
    expect(read.messages.map((m) => [m.content, m.safetyFlags])).toEqual([
      ['Pay me by Zelle first', ['payment']],
      ['No thanks', []],
    ]);
  });

  it('refuses the sender (400), anyone outside the conversation and unknown messages (404), and malformed ids (400)', async () => {
    const { owner, fromWriter, fromOwner } = await talk();
    const stranger = await signUp(t.app);
    const own = await reportMessage(owner.cookie, fromOwner.id);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: PERSON_REPORT_TEXTS.ownMessage, code: 'bad_request' });
    for (const [who, id] of [
      [stranger.cookie, fromWriter.id],
      [admin.cookie, fromWriter.id],
      [owner.cookie, 2_000_000_000],
    ] as const) {
      const res = await reportMessage(who, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: PERSON_REPORT_TEXTS.messageNotFound, code: 'not_found' });
    }
    for (const id of ['abc', '0', '-1', '1.5']) expect((await reportMessage(owner.cookie, id)).statusCode, id).toBe(400);
    expect((await reportMessage(undefined, fromWriter.id)).statusCode).toBe(401);
  });
});

describe('the limit shared by every kind of report', () => {
  it('counts listings, members and messages together: the eleventh report in an hour answers 429', async () => {
    const reporter = await signUp(t.app);
    const owner = await signUp(t.app);
    for (let i = 0; i < 4; i++) expect((await call(t, 'POST', `/api/services/${(await createListing(t, owner.cookie)).id}/report`, reporter.cookie, { reason: 'spam' })).statusCode).toBe(201);
    for (let i = 0; i < 6; i++) expect((await reportMember(reporter.cookie, (await signUp(t.app)).user.id)).statusCode).toBe(201);
    const res = await reportMember(reporter.cookie, owner.user.id);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: PERSON_REPORT_TEXTS.tooManyReports, code: 'rate_limited' });
    expect(await mine(reporter)).toHaveLength(10);
  });
});

describe('the reporter hears the outcome', () => {
  it('lists their own reports with what each was about, and after a decision a message from the team tells them, by email too when verified', async () => {
    const { owner, writer, listing, fromWriter } = await talk();
    await markEmailVerified(t.database.db, owner.user.id);
    const listingReport = await call(t, 'POST', `/api/services/${listing.id}/report`, writer.cookie, { reason: 'misleading' });
    const memberReport = await reportMember(owner.cookie, writer.user.id);
    const messageReport = await reportMessage(owner.cookie, fromWriter.id);
    expect(await mine(owner)).toEqual([
      { id: messageReport.json<MessageReport>().id, kind: 'message', status: 'pending', reason: 'spam', createdAt: expect.any(String), reviewedAt: null, target: { username: writer.user.username } },
      { id: memberReport.json<MemberReport>().id, kind: 'member', status: 'pending', reason: 'harassment', createdAt: expect.any(String), reviewedAt: null, target: { username: writer.user.username } },
    ]);
    expect((await mine(writer)).map((r) => r.target)).toEqual([{ title: listing.title }]);
    // Nobody else's reports: the writer's list holds only their own.
    expect(await mine(await signUp(t.app))).toEqual([]);

    const conversationsBefore = await ok<Conversation[]>(call(t, 'GET', '/api/conversations', owner.cookie));
    expect((await decide(memberReport.json<MemberReport>().id, 'reviewed')).statusCode).toBe(200);
    expect((await decide(messageReport.json<MessageReport>().id, 'dismissed')).statusCode).toBe(200);
    expect((await decide(listingReport.json().id, 'reviewed')).statusCode).toBe(200);

    // One conversation with the team for the owner, holding both outcomes, oldest first.
    const conversations = await ok<Conversation[]>(call(t, 'GET', '/api/conversations', owner.cookie));
    expect(conversations).toHaveLength(conversationsBefore.length + 1);
    const fromTeam = conversations.find((c) => c.subject === REPORT_OUTCOME_TEXTS.subject)!;
    expect(fromTeam).toMatchObject({ participant1Id: admin.user.id, participant2Id: owner.user.id, unreadCount: 2, block: null });
    const page = await ok<MessagePage>(call(t, 'GET', `/api/conversations/${fromTeam.id}/messages`, owner.cookie));
    expect(page.messages.map((m) => [m.fromUser.id, m.content])).toEqual([
      [admin.user.id, `Thank you for your report about ${writer.user.username}: we reviewed it and took action.`],
      [admin.user.id, `Thank you for your report about a message from ${writer.user.username}: we found it does not break the community rules.`],
    ]);
    const writerTeam = (await ok<Conversation[]>(call(t, 'GET', '/api/conversations', writer.cookie))).find((c) => c.subject === REPORT_OUTCOME_TEXTS.subject)!;
    const writerPage = await ok<MessagePage>(call(t, 'GET', `/api/conversations/${writerTeam.id}/messages`, writer.cookie));
    expect(writerPage.messages.map((m) => m.content)).toEqual([`Thank you for your report about “${listing.title}”: we reviewed it and took action.`]);

    // The owner's address is verified: one notification email for the unread conversation (the usual rules).
    const emails = await t.database.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.toAddress, owner.email), like(outbox.kind, 'message-%')));
    expect(emails.map((e) => e.text).filter((text) => text.includes('we reviewed it and took action'))).toHaveLength(1);
    // The unverified writer gets none.
    const writerEmails = await t.database.db.select({ id: outbox.id }).from(outbox).where(and(eq(outbox.toAddress, writer.email), like(outbox.kind, 'message-%')));
    expect(writerEmails).toEqual([]);

    expect((await mine(owner)).map((r) => [r.status, r.reviewedAt !== null])).toEqual([
      ['dismissed', true],
      ['reviewed', true],
    ]);
    // Each decision is in the audit log, naming what the report was about.
    const audit = await ok<AuditLogPage>(call(t, 'GET', '/api/admin/audit-log?limit=10', admin.cookie));
    expect(audit.entries.map((e) => e.summary)).toEqual(
      expect.arrayContaining([`reviewed: member ${writer.user.username}`, `dismissed: message from ${writer.user.username}`, `reviewed: ${listing.title}`]),
    );
  });

  it('tells nobody when the reporter has deleted their account, and still records the decision', async () => {
    const [reporter, member] = [await signUp(t.app), await signUp(t.app)];
    const report = (await reportMember(reporter.cookie, member.user.id)).json<MemberReport>();
    expect((await call(t, 'DELETE', '/api/auth/account', reporter.cookie, { password: reporter.password })).statusCode).toBe(200);
    expect((await decide(report.id, 'reviewed')).statusCode).toBe(200);
    const [row] = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from conversations where participant2_id = ${reporter.user.id}`).then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(row?.n).toBe(0);
  });
});

describe('the administrator’s list of every kind', () => {
  it('filters by kind and status together, keeps a listing report in the spec’s shape, and refuses an unknown kind (400)', async () => {
    const { owner, writer, listing, fromWriter } = await talk();
    await call(t, 'POST', `/api/services/${listing.id}/report`, writer.cookie, { reason: 'spam' });
    await reportMember(owner.cookie, writer.user.id);
    await reportMessage(owner.cookie, fromWriter.id);
    const all = await adminReports();
    expect(new Set(all.map((r) => r.kind))).toEqual(new Set(['service', 'member', 'message']));
    for (const kind of ['service', 'member', 'message'] as const) {
      const only = await adminReports(`&kind=${kind}`);
      expect(only.length).toBeGreaterThan(0);
      expect(only.every((r) => r.kind === kind)).toBe(true);
      expect((await ok<AdminReportsPage>(call(t, 'GET', `/api/admin/reports?kind=${kind}&status=pending`, admin.cookie))).reports.every((r) => r.kind === kind && r.status === 'pending')).toBe(true);
    }
    const service = all.find((r): r is Extract<AdminReport, { kind: 'service' }> => r.kind === 'service' && r.service.id === listing.id)!;
    expect(Object.keys(service).sort()).toEqual(['createdAt', 'description', 'id', 'kind', 'reason', 'reporter', 'reviewedAt', 'reviewedBy', 'service', 'status']);
    expect((await call(t, 'GET', '/api/admin/reports?kind=people', admin.cookie)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/admin/reports?kind=member', owner.cookie)).statusCode).toBe(403);
  });
});
