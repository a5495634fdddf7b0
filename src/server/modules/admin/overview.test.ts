// engines: both — aggregates and date arithmetic in SQL
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERRORS, OVERVIEW_WEEKS, UNANSWERED_REQUESTS_SHOWN, type AdminOverview, type OverviewWeek } from '#shared/admin.js';
import type { Backup } from '#shared/backups.js';
import type { Conversation } from '#shared/messaging.js';
import { messages, outbox, services, users } from '../../db/schema.js';
import { call, ok } from '#test/helpers/admin.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';

const URL = '/api/admin/overview';
/** Listed in ADMIN_EMAILS but never proven: no administrator (decision 016). */
const UNPROVEN_ADMIN = 'second-admin@example.test';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let dataDir: string;
let admin: SignedUp;
let member: SignedUp;
let otherMember: SignedUp;
let banned: SignedUp;
let unproven: SignedUp;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'csm-overview-'));
  t = await createTestApp({ DATA_DIR: dataDir, ADMIN_EMAILS: `${ADMIN_EMAIL},${UNPROVEN_ADMIN}` });
  [admin, member, otherMember, banned, unproven] = await Promise.all([
    signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL),
    signUp(t.app),
    signUp(t.app),
    signUp(t.app),
    signUp(t.app, { email: UNPROVEN_ADMIN }),
  ]);
  await ok(call(t, 'POST', `/api/admin/users/${banned.user.id}/ban`, admin.cookie));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const overview = () => ok<AdminOverview>(call(t, 'GET', URL, admin.cookie));
const thisWeek = (o: AdminOverview) => o.weeks[OVERVIEW_WEEKS - 1]!;
const sum = (o: AdminOverview, key: keyof Omit<OverviewWeek, 'weekStart'>) => o.weeks.reduce((total, week) => total + week[key], 0);

/** Monday 00:00 UTC of the week `date` falls in, as 'YYYY-MM-DD'. */
function mondayOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

async function converse(cookie: string, serviceId: number): Promise<Conversation> {
  const res = await call(t, 'POST', '/api/conversations', cookie, { serviceId, message: 'Hello! Could you help this weekend?' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Conversation>();
}

const backdate = (table: typeof services | typeof messages, ids: number[], days: number) =>
  t.database.db
    .update(table)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(inArray(table.id, ids));

describe('who may read the overview', () => {
  it('answers 401 signed out, 403 to members, a banned member and an unproven administrator address, 200 to the administrator', async () => {
    const anonymous = await call(t, 'GET', URL);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String), code: 'unauthenticated' });

    for (const person of [member, otherMember, unproven]) {
      const res = await call(t, 'GET', URL, person.cookie);
      expect(res.statusCode, person.email).toBe(403);
      expect(res.json()).toEqual({ message: ADMIN_ERRORS.forbidden, code: 'forbidden' });
    }
    // The session plugin refuses a banned member before the role is looked at.
    const asBanned = await call(t, 'GET', URL, banned.cookie);
    expect(asBanned.statusCode).toBe(403);
    expect(asBanned.json()).toEqual({ message: expect.any(String), code: 'account_suspended' });

    const answer = await call(t, 'GET', URL, admin.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('has no other methods: 404 JSON, nothing changed', async () => {
    for (const method of ['POST', 'DELETE', 'PATCH'] as const) {
      const res = await call(t, method, URL, admin.cookie, {});
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    }
  });
});

describe('the weekly counts', () => {
  it('answers twelve consecutive Monday weeks in UTC, oldest first, the current week last, empty weeks as zeros', async () => {
    const answer = await overview();
    expect(answer.weeks).toHaveLength(OVERVIEW_WEEKS);
    expect(thisWeek(answer).weekStart).toBe(mondayOf(new Date()));
    for (const [i, week] of answer.weeks.entries()) {
      expect(new Date(`${week.weekStart}T00:00:00Z`).getUTCDay(), week.weekStart).toBe(1);
      if (i > 0) expect(Date.parse(week.weekStart) - Date.parse(answer.weeks[i - 1]!.weekStart)).toBe(7 * DAY_MS);
    }
    // This file's database is new: everything so far happened this week (the sign-ups), nothing before.
    for (const week of answer.weeks.slice(0, -1)) expect(week).toEqual({ weekStart: week.weekStart, members: 0, listings: 0, messages: 0, completedJobs: 0 });
    expect(thisWeek(answer).members).toBeGreaterThanOrEqual(5);
  });

  it('counts a new member, listing, message and completed job in the current week', async () => {
    const before = await overview();
    const owner = await signUp(t.app);
    const customer = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const conversation = await converse(customer.cookie, listing.id);
    const reply = await call(t, 'POST', `/api/conversations/${conversation.id}/messages`, owner.cookie, { content: 'Yes, Saturday at 10 works.' });
    expect(reply.statusCode, reply.body).toBe(201);
    const completed = await call(t, 'POST', `/api/services/${listing.id}/complete`, customer.cookie, { conversationId: conversation.id });
    expect(completed.statusCode, completed.body).toBe(201);

    const after = await overview();
    expect(thisWeek(after)).toEqual({
      weekStart: thisWeek(before).weekStart,
      members: thisWeek(before).members + 2,
      listings: thisWeek(before).listings + 1,
      messages: thisWeek(before).messages + 2,
      completedJobs: thisWeek(before).completedJobs + 1,
    });
    // A listing deleted by its owner was still posted that week; the count stays.
    const deleted = await call(t, 'DELETE', `/api/services/${listing.id}`, owner.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(thisWeek(await overview()).listings).toBe(thisWeek(after).listings);
  });

  it('puts an older row in its own week and leaves out what is older than twelve weeks', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const conversation = await converse(member.cookie, listing.id);
    const [message] = await t.database.db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversation.id));
    const before = await overview();

    await backdate(messages, [message!.id], 21);
    const threeWeeksAgo = mondayOf(new Date(Date.now() - 21 * DAY_MS));
    const moved = await overview();
    const week = moved.weeks.find((w) => w.weekStart === threeWeeksAgo)!;
    expect(week.messages).toBe(before.weeks.find((w) => w.weekStart === threeWeeksAgo)!.messages + 1);
    expect(thisWeek(moved).messages).toBe(thisWeek(before).messages - 1);
    expect(sum(moved, 'messages')).toBe(sum(before, 'messages'));

    await backdate(messages, [message!.id], 7 * OVERVIEW_WEEKS + 1);
    expect(sum(await overview(), 'messages')).toBe(sum(before, 'messages') - 1);
  });

  it('leaves out the demo neighbours and their listings', async () => {
    const neighbour = await signUp(t.app);
    await createListing(t, neighbour.cookie);
    const before = await overview();
    await t.database.db.update(users).set({ email: `neighbour-${neighbour.user.id}@demo.invalid` }).where(eq(users.id, neighbour.user.id));
    const after = await overview();
    expect(thisWeek(after).members).toBe(thisWeek(before).members - 1);
    expect(thisWeek(after).listings).toBe(thisWeek(before).listings - 1);
  });
});

describe('what needs attention', () => {
  it('counts requests older than three days that nobody wrote about, and names the oldest', async () => {
    const before = await overview();
    const asker = await signUp(t.app);
    const request = (title: string) => createListing(t, asker.cookie, { listingType: 'request', title });
    const [waiting, answered, recent, paused] = await Promise.all([
      request('Help moving a sofa upstairs'),
      request('Someone to walk our dog at noon'),
      request('Weekly help with groceries'),
      request('Piano lessons for a beginner'),
    ]);
    const offer = await createListing(t, asker.cookie, { title: 'Spare ladder to lend' });
    await converse(member.cookie, answered!.id);
    await backdate(services, [waiting!.id, answered!.id, paused!.id, offer.id], 40);
    await backdate(services, [recent!.id], 2);
    await t.database.db.update(services).set({ isActive: false }).where(eq(services.id, paused!.id));

    const after = await overview();
    expect(after.unansweredRequests.total).toBe(before.unansweredRequests.total + 1);
    expect(after.unansweredRequests.oldest.length).toBeLessThanOrEqual(UNANSWERED_REQUESTS_SHOWN);
    expect(after.unansweredRequests.oldest[0]).toEqual({ id: waiting!.id, title: 'Help moving a sofa upstairs', createdAt: expect.any(String) });
    expect(Date.now() - Date.parse(after.unansweredRequests.oldest[0]!.createdAt)).toBeGreaterThan(39 * DAY_MS);
    const named = after.unansweredRequests.oldest.map((r) => r.id);
    for (const other of [answered!.id, recent!.id, paused!.id, offer.id]) expect(named).not.toContain(other);

    // Once someone writes, it is answered.
    await converse(otherMember.cookie, waiting!.id);
    expect((await overview()).unansweredRequests.total).toBe(before.unansweredRequests.total);
  });

  it('leaves out an unanswered request the public no longer sees: expired, or by a member banned since', async () => {
    const before = await overview();
    const [asker, laterBanned] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const [expired, byBanned] = await Promise.all([
      createListing(t, asker.cookie, { listingType: 'request', title: 'Someone to fix a dripping tap' }),
      createListing(t, laterBanned.cookie, { listingType: 'request', title: 'Help clearing the gutters' }),
    ]);
    await backdate(services, [expired.id, byBanned.id], 40);
    expect((await overview()).unansweredRequests.total).toBe(before.unansweredRequests.total + 2);

    // Its time ran out and its owner has not renewed it (decision 051): nobody but the owner sees it.
    await t.database.db.update(services).set({ expired: true }).where(eq(services.id, expired.id));
    await ok(call(t, 'POST', `/api/admin/users/${laterBanned.user.id}/ban`, admin.cookie));

    const after = await overview();
    expect(after.unansweredRequests.total).toBe(before.unansweredRequests.total);
    const named = after.unansweredRequests.oldest.map((r) => r.id);
    for (const hidden of [expired.id, byBanned.id]) expect(named).not.toContain(hidden);
  });

  it('counts pending reports until the administrator handles them', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const before = (await overview()).openReports;
    const report = await call(t, 'POST', `/api/services/${listing.id}/report`, member.cookie, { reason: 'spam' });
    expect(report.statusCode, report.body).toBe(201);
    expect((await overview()).openReports).toBe(before + 1);
    await ok(call(t, 'PATCH', `/api/admin/reports/${report.json<{ id: number }>().id}/status`, admin.cookie, { status: 'dismissed' }));
    expect((await overview()).openReports).toBe(before);
  });

  it('shows the mail outbox: waiting, given up, and when the oldest waiting email was written', async () => {
    const before = (await overview()).outbox;
    // The sign-up's verification email waits: tests never send mail unless they flush.
    const person = await signUp(t.app);
    const queued = (await overview()).outbox;
    expect(queued.pending).toBe(before.pending + 1);
    expect(queued.failed).toBe(before.failed);
    expect(queued.oldestPendingAt).toEqual(expect.any(String));

    await t.database.db.execute(sql`update ${outbox} set created_at = now() - interval '1 hour' where ${outbox.toAddress} = ${person.email}`);
    const aged = (await overview()).outbox;
    expect(Date.now() - Date.parse(aged.oldestPendingAt!)).toBeGreaterThanOrEqual(60 * 60 * 1000);

    await t.database.db.update(outbox).set({ attempts: 12, nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outbox.toAddress, person.email));
    const failed = (await overview()).outbox;
    expect(failed).toMatchObject({ pending: before.pending, failed: before.failed + 1 });
  });

  it('shows no backup, then the newest backup file', async () => {
    expect((await overview()).lastBackup).toBeNull();
    const res = await call(t, 'POST', '/api/admin/backups', admin.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const backup = res.json<Backup>();
    expect((await overview()).lastBackup).toEqual({ at: backup.createdAt, sizeBytes: backup.size, file: backup.name });
  });
});
