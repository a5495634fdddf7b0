// engines: one — the rate_limits table is PostgreSQL's only; on PGlite the counters stay in memory under their own keys
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '#server/db/client.js';
import { openTestDatabase } from '#test/helpers/app.js';
import { createRateLimitStore, RATE_LIMIT_TABLE, type RateLimitStore } from './rate-limit-store.js';

describe.skipIf(!inject('pgTemplate'))('the rate_limits table (decision 064)', () => {
  let database: Database;
  const stores: RateLimitStore[] = [];
  const storeWith = async (secret: string) => {
    const store = await createRateLimitStore(database, secret);
    stores.push(store);
    return store;
  };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const store of stores) store.close();
    await database?.close();
  });

  const rowsOf = async (prefix: string) =>
    (await database.pool!.query<{ key: string; points: number }>(`select key, points from ${RATE_LIMIT_TABLE} where key like $1 order by key`, [`${prefix}:%`])).rows;

  it("keys an email's counter by an HMAC under the session secret: not its SHA-256, not the email, the same in every process with that secret", async () => {
    const email = `someone.${randomBytes(4).toString('hex')}@example.test`;
    const secret = randomBytes(32).toString('hex');
    const limit = { keyPrefix: `sign-in-test-${randomBytes(4).toString('hex')}`, points: 3, duration: 60 };
    // Two processes with the same secret, each with its own store, as several-processes.test.ts runs two apps.
    const [first, second] = [await storeWith(secret), await storeWith(secret)];
    await first.limiter(limit).consume(email);
    await second.limiter(limit).consume(email);

    const rows = await rowsOf(limit.keyPrefix);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.points).toBe(2);
    const stored = rows[0]!.key.slice(limit.keyPrefix.length + 1);
    // What a list of emails would find: the bare SHA-256, in either encoding.
    const sha256 = createHash('sha256').update(email).digest();
    expect(stored).not.toBe(sha256.toString('base64url'));
    expect(stored).not.toBe(sha256.toString('hex'));
    expect(rows[0]!.key).not.toContain(email.split('@')[0]);
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The limit holds in total: the third attempt is the last one either process allows.
    await first.limiter(limit).consume(email);
    await expect(second.limiter(limit).consume(email)).rejects.toMatchObject({ remainingPoints: 0 });

    // Another secret (another site on the same database server) writes another key for the same email.
    await (await storeWith(randomBytes(32).toString('hex'))).limiter(limit).consume(email);
    const after = await rowsOf(limit.keyPrefix);
    expect(after).toHaveLength(2);
    expect(after.map((row) => row.key)).toContain(rows[0]!.key);
  });
});
