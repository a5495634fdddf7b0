// engines: both — one pending report per person, settled by a unique index under concurrent requests
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASONS, type Report } from '#shared/reports.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { createListing, manyUsers } from '#test/helpers/listings.js';

let t: TestApp;
let ownerCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie: ownerCookie } = await signUp(t.app));
});
afterAll(() => t.close());

const report = (cookie: string | undefined, serviceId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/services/${serviceId}/report`, headers: cookie ? { cookie } : {}, payload });
/** A signed-in neighbour, written straight to the database (the API sign-up hashes a password at full cost). */
const reporterOf = async () => (await manyUsers(t, 1))[0]!;

describe('reporting a listing', () => {
  it('accepts each of the six reasons, pending, with the trimmed description', async () => {
    const reporter = await signUp(t.app);
    for (const reason of REPORT_REASONS) {
      const listing = await createListing(t, ownerCookie);
      const res = await report(reporter.cookie, listing.id, { reason, description: '  Asks for payment up front.  ' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Report>()).toEqual({
        id: expect.any(Number),
        kind: 'service',
        status: 'pending',
        reason,
        description: 'Asks for payment up front.',
        createdAt: expect.any(String),
        reporter: { id: reporter.user.id, username: reporter.user.username },
        service: { id: listing.id, title: listing.title },
        reviewedBy: null,
        reviewedAt: null,
      });
    }
  });

  it('takes the description as optional', async () => {
    const listing = await createListing(t, ownerCookie);
    for (const [cookie, payload] of [
      [await reporterOf(), { reason: 'spam' }],
      [await reporterOf(), { reason: 'spam', description: '   ' }],
      [await reporterOf(), { reason: 'spam', description: null }],
    ] as const) {
      const res = await report(cookie, listing.id, payload);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Report>().description).toBeNull();
    }
  });

  it('refuses a missing or unknown reason and a description over 1,000 characters (400)', async () => {
    const listing = await createListing(t, ownerCookie);
    const cookie = await reporterOf();
    for (const payload of [{}, { reason: '' }, { reason: 'rude' }, { reason: 'SPAM' }]) {
      const res = await report(cookie, listing.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Please select a reason for reporting this service.');
    }
    const long = await report(cookie, listing.id, { reason: 'other', description: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Description must be at most 1,000 characters');
    expect((await report(cookie, listing.id, { reason: 'other', description: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it('refuses your own listing (400) with the spec text, a deleted one (409), an unknown or paused one (404), signed-out (401)', async () => {
    const listing = await createListing(t, ownerCookie);
    const own = await report(ownerCookie, listing.id, { reason: 'spam' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot report your own service.');
    const cookie = await reporterOf();
    expect((await report(undefined, listing.id, { reason: 'spam' })).statusCode).toBe(401);
    expect((await report(cookie, 2_000_000_000, { reason: 'spam' })).statusCode).toBe(404);
    const paused = await createListing(t, ownerCookie);
    await t.database.db.execute(sql`update services set is_active = false where id = ${paused.id}`);
    expect((await report(cookie, paused.id, { reason: 'spam' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/services/${listing.id}`, headers: { cookie: ownerCookie } })).statusCode).toBe(200);
    const deleted = await report(cookie, listing.id, { reason: 'spam' });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('This service has been deleted and can no longer be reported.');
  });

  it('keeps one pending report per person and listing (409), even from concurrent requests', async () => {
    const listing = await createListing(t, ownerCookie);
    const cookie = await reporterOf();
    expect((await report(cookie, listing.id, { reason: 'spam' })).statusCode).toBe(201);
    const again = await report(cookie, listing.id, { reason: 'misleading' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reported this service');
    // Another person may report the same listing.
    expect((await report(await reporterOf(), listing.id, { reason: 'spam' })).statusCode).toBe(201);

    const racer = await reporterOf();
    const other = await createListing(t, ownerCookie);
    const answers = await Promise.all(Array.from({ length: 4 }, () => report(racer, other.id, { reason: 'spam' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);

    // Once the administrator has dealt with it, the same person may report the listing again.
    await t.database.db.execute(sql`update reports set status = 'reviewed', reviewed_at = now() where service_id = ${listing.id}`);
    expect((await report(cookie, listing.id, { reason: 'spam' })).statusCode).toBe(201);
  });

  it('allows 10 reports an hour per person, then answers 429 with Retry-After', async () => {
    const cookie = await reporterOf();
    const listings = await Promise.all(Array.from({ length: 11 }, () => createListing(t, ownerCookie)));
    for (const listing of listings.slice(0, 10)) expect((await report(cookie, listing.id, { reason: 'other' })).statusCode).toBe(201);
    const refused = await report(cookie, listings[10]!.id, { reason: 'other' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('You can report at most 10 services an hour. Please try again later.');
    expect(refused.headers['retry-after']).toBe('3600');
    // The count is in the database: an hour later the budget is back.
    await t.database.db.execute(sql`update reports set created_at = created_at - interval '61 minutes' where service_id in (${sql.join(listings.map((l) => sql`${l.id}`), sql`, `)})`);
    expect((await report(cookie, listings[10]!.id, { reason: 'other' })).statusCode).toBe(201);
    // Another person is not affected.
    expect((await report(await reporterOf(), listings[10]!.id, { reason: 'other' })).statusCode).toBe(201);
  });

  it('holds the hourly limit against concurrent requests: 12 at once give exactly 10 reports', async () => {
    const cookie = await reporterOf();
    const listings = await Promise.all(Array.from({ length: 12 }, () => createListing(t, ownerCookie)));
    const answers = await Promise.all(listings.map((listing) => report(cookie, listing.id, { reason: 'spam' })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(2);
  });
});
