// engines: both — the cursor kept as the engine's own text of a time, to the microsecond
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, signUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { uniqueWord } from '#test/support/unique.js';

/**
 * Where the alerts' matching stands between runs (decision 053), in an app of its own: this file moves the cursor
 * ahead of the clock, which would hide the listings of any other test from the runs after it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('the alerts cursor', () => {
  it('matches listings published at one instant, sub-millisecond, once each, however many there are', async () => {
    const [seeker, poster] = [await signUp(t.app), await signUp(t.app)];
    await markEmailVerified(t.database.db, seeker.user.id);
    const word = uniqueWord();
    const saved = await t.app.inject({ method: 'POST', url: '/api/saved-searches', headers: { cookie: seeker.cookie }, payload: { search: word, frequency: 'off' } });
    expect(saved.statusCode, saved.body).toBe(201);
    // More than a run's batch of 50, all published by one statement: one time for all, with microseconds a
    // millisecond would drop.
    const listings = 51;
    for (let n = 0; n < listings; n++) await createListing(t, poster.cookie, { title: `Lessons in ${word} number ${n + 1}` });
    await t.database.db.execute(sql`update services set published_at = date_trunc('second', now()) + interval '61.000123 seconds' where user_id = ${poster.user.id}`);

    expect(await t.app.savedSearchAlerts(inMinutes(3))).toMatchObject({ listings, matches: listings });
    expect(await t.app.savedSearchAlerts(inMinutes(4))).toMatchObject({ listings: 0, matches: 0 });
  });
});
