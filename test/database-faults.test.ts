// engines: both — terminated backends and unreachable servers on PostgreSQL
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { openPostgres, type Database } from '../src/server/db/client.js';
import { services } from '../src/server/db/schema.js';
import { isDatabaseUnavailable } from '../src/server/lib/database-faults.js';
import type { PgEventBus } from '../src/server/modules/events/index.js';
import { MESSAGES } from '../src/shared/texts.js';
import { createTestApp, openTestDatabase, type TestApp, testConfig } from './helpers/app.js';
import { signUp } from './helpers/factories.js';
import { createListing, manyUsers } from './helpers/listings.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Listings and people who like and unlike them from several loops at once, every answer tallied. */
async function likeWorkload(t: TestApp) {
  const { cookie: owner } = await signUp(t.app);
  const listings = [await createListing(t, owner), await createListing(t, owner), await createListing(t, owner)];
  // Many people, each well inside the per-person like budget (item 6), so every refusal seen is a fault's.
  const likers = await manyUsers(t, 40);
  const statuses = new Map<number, number>();
  const unexpected: string[] = [];
  let stop = false;

  const like = (listingId: number, cookie: string, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({ method, url: `/api/services/${listingId}/like`, headers: { cookie } });
  const loop = async (worker: number) => {
    for (let n = 0; !stop; n++) {
      const res = await like(listings[(worker + n) % listings.length]!.id, likers[(worker + n * 8) % likers.length]!, Math.random() < 0.5 ? 'POST' : 'DELETE');
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 503) {
        if (res.json<{ message: string }>().message !== MESSAGES.databaseUnavailable || res.headers['retry-after'] !== '5') unexpected.push(`503 ${res.body}`);
      } else if (res.statusCode !== 200) {
        unexpected.push(`${res.statusCode} ${res.body}`);
      }
    }
  };
  // The outbox worker's round trips meet the same faults: they may fail, only as an outage.
  const mailing = async () => {
    while (!stop) {
      await t.app.mailer.flush().catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) unexpected.push(`mail flush: ${String(error)}`);
      });
      await sleep(20);
    }
  };
  const running = [...Array.from({ length: 8 }, (_, i) => loop(i)), mailing()];

  return {
    listings,
    likers,
    statuses,
    unexpected,
    like,
    async stop() {
      stop = true;
      await Promise.all(running);
    },
    /** Each listing's counter against its rows: a transaction cut short must have left nothing half-done. */
    async expectExactCounters() {
      const rows = await t.database.db
        .select({ id: services.id, likeCount: services.likeCount, likes: sql<number>`(select count(*)::int from service_likes l where l.service_id = ${services.id})` })
        .from(services)
        .where(inArray(services.id, listings.map((l) => l.id)));
      expect(rows).toHaveLength(listings.length);
      for (const row of rows) expect(row.likeCount, `listing ${row.id}`).toBe(row.likes);
    },
  };
}

/** Failures that escape every handler: with no listener on a connection's 'error', the first fault lands here. */
function watchForCrashes() {
  const crashes: unknown[] = [];
  const crashed = (error: unknown) => crashes.push(error);
  beforeEach(() => {
    process.on('uncaughtException', crashed);
    process.on('unhandledRejection', crashed);
  });
  afterEach(() => {
    process.off('uncaughtException', crashed);
    process.off('unhandledRejection', crashed);
  });
  return crashes;
}

/** Why PGlite skips these: it runs inside the process, with no server connection for anyone to end. */
const PG_ONLY = '(PostgreSQL only: PGlite has no connection to lose)';

describe.runIf(inject('pgTemplate'))(`PostgreSQL ends the connections of open transactions ${PG_ONLY}`, () => {
  const crashes = watchForCrashes();
  let t: TestApp;
  let killer: pg.Client | undefined;
  afterAll(async () => {
    await killer?.end();
    await t?.close();
  });

  it('answers 503 with Retry-After while it happens, never crashes, and keeps every counter exact', { timeout: 120_000 }, async () => {
    t = await createTestApp();
    const databaseName = decodeURIComponent(new URL(t.database.connectionString!).pathname.slice(1));
    // Its own connection to the app's own database: the kills below never reach another test file's database.
    killer = new pg.Client({ connectionString: t.database.connectionString, application_name: 'csm-fault-injector' });
    await killer.connect();
    const work = await likeWorkload(t);

    // Every backend of the app's database but the injector's own: the pool's, in or out of a transaction, and the LISTEN one.
    let ended = 0;
    for (let kill = 0; kill < 20; kill++) {
      await sleep(80 + Math.random() * 80);
      const { rows } = await killer.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      ended += rows.filter((row) => row.ended).length;
    }
    await sleep(200);
    await work.stop();

    expect(crashes).toEqual([]);
    expect(work.unexpected).toEqual([]);
    expect(ended).toBeGreaterThanOrEqual(20);
    expect(work.statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(work.statuses.get(200) ?? 0).toBeGreaterThan(0);

    // Once the kills stop, the very next requests succeed on fresh connections.
    for (const cookie of work.likers) {
      const res = await work.like(work.listings[0]!.id, cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    await expect(t.app.mailer.flush()).resolves.toBeGreaterThanOrEqual(0);
    await work.expectExactCounters();

    // No connection was lost for good: as many transactions as the pool holds (5, test/helpers/app.ts) run at once.
    let started = 0;
    let allStarted!: () => void;
    const together = new Promise<void>((resolve) => (allStarted = resolve));
    const transactions = Array.from({ length: 5 }, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        if (++started === 5) allStarted();
        await together;
      }),
    );
    const waited = await Promise.race([together.then(() => 'together'), sleep(10_000).then(() => 'stuck')]);
    expect(waited, `${started} of 5 transactions got a connection`).toBe('together');
    await Promise.all(transactions);

    // The live events listener lost its connection too, and comes back by itself.
    await vi.waitFor(() => expect((t.app.events as PgEventBus).listening).toBe(true), { timeout: 20_000, interval: 100 });
  });
});

/** A TCP relay to PostgreSQL that the test takes down (every connection cut, new ones refused) and brings back on the same port. */
function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  return {
    async up(): Promise<number> {
      server = net.createServer((incoming) => {
        const outgoing = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [incoming, outgoing]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => {
            sockets.delete(socket);
            incoming.destroy();
            outgoing.destroy();
          });
        }
        incoming.pipe(outgoing).pipe(incoming);
      });
      await new Promise<void>((resolve, reject) => server!.once('error', reject).listen(port, '127.0.0.1', resolve));
      port = (server.address() as net.AddressInfo).port;
      return port;
    },
    async down() {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe.runIf(inject('pgTemplate'))(`PostgreSQL goes away and comes back ${PG_ONLY}`, () => {
  const crashes = watchForCrashes();
  let database: Database | undefined;
  let relayed: Database | undefined;
  let app: FastifyInstance | undefined;
  const relay = () => relayTo(new URL(database!.connectionString!));
  let link: ReturnType<typeof relay>;
  afterAll(async () => {
    await app?.close();
    await relayed?.close();
    await link?.down();
    await database?.close();
  });

  it('answers 503 with Retry-After while it is unreachable, and the next request once it is back succeeds', { timeout: 120_000 }, async () => {
    database = await openTestDatabase();
    link = relay();
    const url = new URL(database.connectionString!);
    url.host = `127.0.0.1:${await link.up()}`;
    relayed = await openPostgres(url.toString(), 5);
    const config = testConfig({ LISTINGS_CACHE_MS: '0' });
    app = await buildApp({ config, database: relayed, sessionSecret: randomBytes(32).toString('hex') });
    await app.ready();
    // The app reaches the database through the relay; the test checks the rows directly.
    const t: TestApp = { app, database, sessionSecret: '', close: async () => {} };
    const work = await likeWorkload(t);

    await sleep(300);
    await link.down();
    // Answers already on their way when the link went down are not counted.
    await sleep(50);
    const statusesBefore = new Map(work.statuses);
    await sleep(1000);
    const during = [...work.statuses].map(([status, n]) => [status, n - (statusesBefore.get(status) ?? 0)] as const).filter(([, n]) => n > 0);
    await link.up();
    await sleep(100);
    await work.stop();

    expect(crashes).toEqual([]);
    expect(work.unexpected).toEqual([]);
    // A whole second with nothing to connect to: every answer then was 503.
    expect(Object.fromEntries(during)).toEqual({ 503: expect.any(Number) });

    const res = await work.like(work.listings[1]!.id, work.likers[0]!);
    expect(res.statusCode, res.body).toBe(200);
    await work.expectExactCounters();
    await vi.waitFor(() => expect((app!.events as PgEventBus).listening).toBe(true), { timeout: 20_000, interval: 100 });
  });
});

describe.runIf(inject('pgTemplate'))(`a pool being closed ${PG_ONLY}`, () => {
  it('does not report the connections it is ending as lost, even when their database is dropped at once', async () => {
    // What every test file's close does: pool.end() resolves as soon as each idle client is asked to end, so the
    // DROP DATABASE … WITH (FORCE) that follows can terminate a backend still saying goodbye (57P01 on its client).
    for (let round = 0; round < 10; round++) {
      const database = await openTestDatabase();
      await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.01)`)));
      await database.close();
    }
    // The same, without the race: an error on a pool client once closing has begun is the end that was asked for.
    const database = await openTestDatabase();
    const client = await database.pool!.connect();
    client.release();
    await database.close();
    expect(() => client.emit('error', new Error('terminating connection due to administrator command'))).not.toThrow();
  });
});
