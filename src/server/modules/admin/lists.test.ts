// engines: both — keyset pages and filters written in SQL
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConversation, AdminMessage, AdminReport, AdminService, AdminUser, AuditEntry } from '#shared/admin.js';
import type { Conversation } from '#shared/messaging.js';
import type { Report } from '#shared/reports.js';
import type { Service } from '#shared/services.js';
import { allPages, call, ok } from '#test/helpers/admin.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing, manyUsers } from '#test/helpers/listings.js';

let t: TestApp;
let admin: SignedUp;
let owner: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  [admin, owner] = await Promise.all([signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL), signUp(t.app)]);
});
afterAll(() => t.close());

const column = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await t.database.db.execute(query)) as unknown as { rows: object[] }).rows.map((r) => Object.values(r)[0] as T);
const countOf = async (query: ReturnType<typeof sql>) => Number((await column<number>(query))[0]);
const ids = <T extends { id: unknown }>(items: T[]): Array<T['id']> => items.map((i) => i.id);
/** Several rows on one instant, and neighbours a microsecond apart: only the full-precision (time, id) keyset pages them right. */
const crowd = (table: string, timeColumn: string, rowIds: Array<string | number>) =>
  Promise.all(
    rowIds.map((id, n) =>
      t.database.db.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(timeColumn)} = '2031-03-04 05:06:07.000001+00'::timestamptz + ${`${Math.floor(n / 3)} microseconds`}::interval where id = ${id}`,
      ),
    ),
  );

describe('users', () => {
  it('pages every person once, newest first, ties broken by id, with the total and the administrator flag', async () => {
    const people = await manyUsers(t, 7);
    expect(people).toHaveLength(7);
    const newest = await column<string>(sql`select id from users order by created_at desc, id desc limit 7`);
    await crowd('users', 'created_at', newest);
    const expected = await column<string>(sql`select id from users order by created_at desc, id desc`);
    for (const limit of [1, 2, 3, 100]) {
      const { items, totals, pages } = await allPages<AdminUser>(t, admin.cookie, '/api/admin/users', 'users', limit);
      expect(ids(items)).toEqual(expected);
      expect(new Set(totals)).toEqual(new Set([expected.length]));
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    }
    const { items } = await allPages<AdminUser>(t, admin.cookie, '/api/admin/users', 'users', 100);
    expect(items.find((u) => u.id === admin.user.id)).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true, isBanned: false });
    expect(items.find((u) => u.id === owner.user.id)).toMatchObject({ email: owner.email, username: owner.user.username, isAdmin: false });
    // The default page size is 50.
    expect((await ok<{ users: unknown[] }>(call(t, 'GET', '/api/admin/users', admin.cookie))).users.length).toBe(Math.min(50, expected.length));
  });
});

describe('services', () => {
  it('leaves deleted listings out unless asked, pages them newest first without gaps, totals what the filter selects', async () => {
    const made: Service[] = [];
    for (let i = 0; i < 7; i++) made.push(await createListing(t, owner.cookie, { title: `Listing number ${i}`, rate: 12.3 }));
    await crowd('services', 'created_at', made.map((m) => m.id));
    for (const gone of [made[1]!, made[4]!]) expect((await call(t, 'DELETE', `/api/services/${gone.id}`, owner.cookie)).statusCode).toBe(200);
    await t.database.db.execute(sql`update services set is_active = false where id = ${made[2]!.id}`);
    await t.database.db.execute(sql`update services set expired = true, expires_at = now() - interval '1 day' where id = ${made[3]!.id}`);

    const live = await column<number>(sql`select id from services where deleted_at is null order by created_at desc, id desc`);
    const every = await column<number>(sql`select id from services order by created_at desc, id desc`);
    expect(every.length - live.length).toBeGreaterThanOrEqual(2);
    for (const [query, expected] of [
      ['', live],
      ['?includeDeleted=false', live],
      ['?includeDeleted=true', every],
    ] as const) {
      for (const limit of [2, 3]) {
        const { items, totals } = await allPages<AdminService>(t, admin.cookie, `/api/admin/services${query}`, 'services', limit);
        expect(ids(items), query).toEqual(expected);
        expect(new Set(totals)).toEqual(new Set([expected.length]));
      }
    }
    const { items } = await allPages<AdminService>(t, admin.cookie, '/api/admin/services?includeDeleted=true', 'services', 100);
    const deleted = items.find((s) => s.id === made[1]!.id)!;
    expect(deleted.deletedAt).toEqual(expect.any(String));
    expect(items.find((s) => s.id === made[2]!.id)).toMatchObject({ isActive: false, expired: false, deletedAt: null });
    // An expired listing is listed for the administrator as expired (decision 051), with the day it expired.
    expect(items.find((s) => s.id === made[3]!.id)).toMatchObject({ isActive: true, expired: true, expiresAt: expect.any(String), deletedAt: null });
    expect(items.find((s) => s.id === made[0]!.id)).toEqual({
      id: made[0]!.id,
      title: 'Listing number 0',
      description: made[0]!.description,
      listingType: 'offer',
      category: { id: made[0]!.category.id, name: made[0]!.category.name },
      rate: 12.3,
      rateType: 'hourly',
      pricesVary: false,
      isActive: true,
      expired: false,
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
      deletedAt: null,
      author: { id: owner.user.id, username: owner.user.username, email: owner.email },
    });
  });
});

describe('reports', () => {
  it('filters by status (absent, empty or all: every report), pages newest first and totals the filter', async () => {
    const listing = await createListing(t, owner.cookie);
    const reporters = await manyUsers(t, 7);
    const made: Report[] = [];
    for (const reporter of reporters) {
      const res = await call(t, 'POST', `/api/services/${listing.id}/report`, reporter, { reason: 'other' });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<Report>());
    }
    await crowd('reports', 'created_at', made.map((r) => r.id));
    for (const [i, status] of [
      [0, 'reviewed'],
      [3, 'reviewed'],
      [5, 'dismissed'],
    ] as const) {
      await ok(call(t, 'PATCH', `/api/admin/reports/${made[i]!.id}/status`, admin.cookie, { status }));
    }
    const byStatus = async (status?: string) =>
      column<number>(status ? sql`select id from reports where status = ${status} order by created_at desc, id desc` : sql`select id from reports order by created_at desc, id desc`);
    for (const [query, expected] of [
      ['', await byStatus()],
      ['?status=all', await byStatus()],
      ['?status=', await byStatus()],
      ['?status=pending', await byStatus('pending')],
      ['?status=reviewed', await byStatus('reviewed')],
      ['?status=dismissed', await byStatus('dismissed')],
    ] as const) {
      const { items, totals } = await allPages<AdminReport>(t, admin.cookie, `/api/admin/reports${query}`, 'reports', 2);
      expect(ids(items), query).toEqual(expected);
      expect(new Set(totals), query).toEqual(new Set([expected.length]));
      if (query.includes('=') && !query.endsWith('=') && !query.endsWith('all')) expect(new Set(items.map((r) => r.status))).toEqual(new Set([query.split('=')[1]]));
    }
    const { items } = await allPages<AdminReport>(t, admin.cookie, '/api/admin/reports?status=pending', 'reports', 100);
    expect(items.find((r) => r.id === made[1]!.id)).toMatchObject({ reviewedBy: null, reviewedAt: null, reporter: { id: expect.any(String), email: expect.any(String) } });
  });
});

describe('conversations and their messages', () => {
  async function conversationOf(writer: string, serviceId: number): Promise<Conversation> {
    const res = await call(t, 'POST', '/api/conversations', writer, { serviceId, message: 'Hello there' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Conversation>();
  }

  it('pages every conversation, last message first, with its people and listing (null for the contact form)', async () => {
    const listing = await createListing(t, owner.cookie, { title: 'Bike repair' });
    const writers = await manyUsers(t, 5);
    const made: Conversation[] = [];
    for (const writer of writers) made.push(await conversationOf(writer, listing.id));
    const contact = await call(t, 'POST', '/api/conversations', writers[0], { message: 'Please add a category for bees.' });
    expect(contact.statusCode, contact.body).toBe(201);
    await crowd('conversations', 'last_message_at', made.map((c) => c.id));

    const expected = await column<number>(sql`select id from conversations order by last_message_at desc, id desc`);
    const { items, totals } = await allPages<AdminConversation>(t, admin.cookie, '/api/admin/conversations', 'conversations', 2);
    expect(ids(items)).toEqual(expected);
    expect(new Set(totals)).toEqual(new Set([expected.length]));
    expect(items.find((c) => c.id === made[0]!.id)).toEqual({
      id: made[0]!.id,
      participant1: made[0]!.participant1,
      participant2: made[0]!.participant2,
      subject: null,
      service: { id: listing.id, title: 'Bike repair' },
      createdAt: expect.any(String),
      lastMessageAt: expect.any(String),
    });
    expect(items.find((c) => c.id === contact.json<Conversation>().id)).toMatchObject({ subject: 'Contact Form Message', service: null, participant2: { id: admin.user.id } });
  });

  it('reads the messages oldest first, page by page, without marking anything read; each read is in the audit log', async () => {
    const listing = await createListing(t, owner.cookie);
    const customer = await signUp(t.app);
    const conversation = await conversationOf(customer.cookie, listing.id);
    for (let i = 1; i <= 6; i++) {
      const who = i % 2 ? owner.cookie : customer.cookie;
      expect((await call(t, 'POST', `/api/conversations/${conversation.id}/messages`, who, { content: `message ${i}` })).statusCode).toBe(201);
    }
    const unread = async (who: SignedUp) => (await ok<{ count: number }>(call(t, 'GET', '/api/messages/unread-count', who.cookie))).count;
    const before = { owner: await unread(owner), customer: await unread(customer) };
    expect(before.owner).toBeGreaterThan(0);
    expect(before.customer).toBeGreaterThan(0);
    const unreadRows = await countOf(sql`select count(*) from messages where conversation_id = ${conversation.id} and read_at is null`);
    const auditBefore = (await ok<{ total: number }>(call(t, 'GET', '/api/admin/audit-log?limit=1', admin.cookie))).total;

    const url = `/api/admin/conversations/${conversation.id}/messages`;
    const { items, totals, pages } = await allPages<AdminMessage>(t, admin.cookie, url, 'messages', 3);
    expect(items.map((m) => m.content)).toEqual(['Hello there', ...Array.from({ length: 6 }, (_, i) => `message ${i + 1}`)]);
    expect(ids(items)).toEqual([...ids(items)].sort((a, b) => a - b));
    expect(new Set(totals)).toEqual(new Set([7]));
    expect(pages).toBe(3);
    expect(items[0]).toEqual({ id: expect.any(Number), content: 'Hello there', createdAt: expect.any(String), fromUser: conversation.participant1, safetyFlags: [] });

    // Nothing changed for the two people.
    expect({ owner: await unread(owner), customer: await unread(customer) }).toEqual(before);
    expect(await countOf(sql`select count(*) from messages where conversation_id = ${conversation.id} and read_at is null`)).toBe(unreadRows);

    // One entry per page read, naming the two people.
    const log = await ok<{ entries: AuditEntry[]; total: number }>(call(t, 'GET', '/api/admin/audit-log?limit=3', admin.cookie));
    expect(log.total).toBe(auditBefore + 3);
    expect(log.entries).toEqual(
      Array.from({ length: 3 }, () => ({
        id: expect.any(Number),
        action: 'conversation.read',
        actor: { id: admin.user.id, username: admin.user.username, email: ADMIN_EMAIL },
        targetType: 'conversation',
        targetId: String(conversation.id),
        summary: `${customer.user.username} ↔ ${owner.user.username}`,
        createdAt: expect.any(String),
      })),
    );
    // An empty conversation page is still a page: the far side of the last message.
    const last = items[items.length - 1]!;
    const beyond = Buffer.from(JSON.stringify({ k: 'messages', i: last.id })).toString('base64url');
    expect(await ok(call(t, 'GET', `${url}?cursor=${beyond}`, admin.cookie))).toEqual({ messages: [], total: 7, nextCursor: null });
  });
});

describe('the audit log', () => {
  it('pages every entry once, newest first, with the total', async () => {
    await manyUsers(t, 1);
    const person = await column<string>(sql`select id from users where email like 'crowd-%' limit 1`);
    await ok(call(t, 'POST', `/api/admin/users/${person[0]}/ban`, admin.cookie));
    await ok(call(t, 'POST', `/api/admin/users/${person[0]}/unban`, admin.cookie));
    const expected = await column<number>(sql`select id from admin_audit_log order by id desc`);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    const { items, totals } = await allPages<AuditEntry>(t, admin.cookie, '/api/admin/audit-log', 'entries', 2);
    expect(ids(items).map(Number)).toEqual(expected.map(Number));
    expect(new Set(totals)).toEqual(new Set([expected.length]));
    expect(items.slice(0, 2).map((e) => e.action)).toEqual(['user.unban', 'user.ban']);
  });
});
