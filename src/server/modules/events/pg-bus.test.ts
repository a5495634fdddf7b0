// engines: both — LISTEN/NOTIFY on PostgreSQL, the in-process bus on PGlite
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { LiveEvent } from '#shared/messaging.js';
import { MESSAGE_MAX } from '#shared/messaging.js';
import { openTestDatabase } from '#test/helpers/app.js';
import { collectingLogger } from '#test/helpers/sse.js';
import type { Database } from '../../db/client.js';
import { createEventBus } from './bus.js';
import { CHUNK_DATA_BYTES } from './chunks.js';
import { createPgEventBus, EVENTS_CHANNEL, type PgEventBus } from './pg-bus.js';

const message = (content: string): LiveEvent => ({
  type: 'message',
  message: {
    id: 1,
    conversationId: 1,
    content,
    createdAt: new Date().toISOString(),
    fromUser: { id: 'sender', username: 'sender', firstName: null, lastName: null, profileImageUrl: null },
    safetyFlags: [],
  },
});

/** Everything a bus delivers to one person's local subscriber, in order. */
function collect(bus: PgEventBus, userId: string) {
  const events: LiveEvent[] = [];
  bus.subscribe(userId, (event) => events.push(event));
  return events;
}

// Two buses on one database stand for two app processes; each has its own LISTEN connection.
describe.runIf(inject('pgTemplate'))('live events across app processes on PostgreSQL', () => {
  let database: Database;
  let a: PgEventBus;
  let b: PgEventBus;
  const logA = collectingLogger();
  const logB = collectingLogger();

  const rows = async <T extends pg.QueryResultRow>(query: SQL) => ((await database.db.execute(query)) as unknown as pg.QueryResult<T>).rows as [T, ...T[]];
  const open = (logger = collectingLogger()) =>
    createPgEventBus({ db: database.db, connectionString: database.connectionString!, logger, retry: { minMs: 50, maxMs: 500 } });

  beforeAll(async () => {
    database = await openTestDatabase();
    [a, b] = [await open(logA), await open(logB)];
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.close();
  });

  it('createEventBus picks LISTEN/NOTIFY on PostgreSQL', async () => {
    const bus = await createEventBus(database, collectingLogger());
    expect((bus as PgEventBus).listening).toBe(true);
    await bus.close();
    expect((bus as PgEventBus).listening).toBe(false);
  });

  it("delivers one process's event to the other's subscribers, and to its own exactly once", async () => {
    const person = randomUUID();
    const onA = collect(a, person);
    const onB = collect(b, person);
    const bystander = collect(b, randomUUID());

    await a.publish([person], { type: 'unread', count: 1 });
    await a.publish([person], { type: 'unread', count: 2 });
    await vi.waitFor(() => expect(onB).toEqual([{ type: 'unread', count: 1 }, { type: 'unread', count: 2 }]));
    expect(onA).toEqual(onB);
    expect(bystander).toEqual([]);
    // No echo arrives late on the publishing side.
    await b.publish([randomUUID()], { type: 'unread', count: 0 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onA).toHaveLength(2);
  });

  it('keeps the order of a burst of publishes, identical ones included', async () => {
    const person = randomUUID();
    const onB = collect(b, person);
    const sent: LiveEvent[] = [];
    for (let i = 0; i < 50; i++) sent.push({ type: 'unread', count: i % 3 === 0 ? 9 : i });
    await Promise.all(sent.map((event) => a.publish([person], event)));
    await vi.waitFor(() => expect(onB).toEqual(sent));
  });

  it('carries a 5,000-character message of multi-byte characters (well over 8000 bytes) whole', async () => {
    const person = randomUUID();
    const onB = collect(b, person);
    const content = '漢字かな😀é\n"'.repeat(MESSAGE_MAX).slice(0, MESSAGE_MAX);
    expect(content).toHaveLength(MESSAGE_MAX);
    const event = message(content);
    expect(Buffer.byteLength(JSON.stringify(event))).toBeGreaterThan(8000);
    expect(Buffer.byteLength(JSON.stringify(event))).toBeGreaterThan(CHUNK_DATA_BYTES);

    await a.publish([person], event);
    await vi.waitFor(() => expect(onB).toHaveLength(1));
    expect(onB[0]).toEqual(event);
  });

  it('ignores a malformed notification on the channel and keeps delivering', async () => {
    const logger = collectingLogger();
    const c = await open(logger);
    const person = randomUUID();
    const onC = collect(c, person);
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, 'not an event')`);
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, 'x:1:0:1:{"u":["someone"],"e":{"type":"nope"}}')`);
    await a.publish([person], { type: 'read', conversationId: 3 });
    await vi.waitFor(() => expect(onC).toEqual([{ type: 'read', conversationId: 3 }]));
    expect(logger.lines.filter((line) => line.level === 'warn')).toHaveLength(2);
    await c.close();
  });

  it('reconnects the listener after its connection is terminated, logging the outage once', async () => {
    const logger = collectingLogger();
    const c = await open(logger);
    const person = randomUUID();
    const onC = collect(c, person);
    const pid = c.listenerPid;
    expect(pid).toBeTypeOf('number');

    await database.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
    // The reconnect can be quicker than a poll, so wait for its result (a new listening connection), not for the gap.
    await vi.waitFor(() => expect(c.listening && c.listenerPid !== pid).toBe(true), { timeout: 5000 });
    expect(logger.lines.map((line) => line.level)).toEqual(['warn', 'info']);
    expect(logger.lines[0]!.message).toMatch(/LISTEN connection dropped/);

    await a.publish([person], { type: 'unread', count: 4 });
    await vi.waitFor(() => expect(onC).toEqual([{ type: 'unread', count: 4 }]));
    await c.close();
  });

  it('keeps retrying while the database refuses connections, logging only the start and the end of the outage', async () => {
    const logger = collectingLogger();
    const c = await open(logger);
    const [{ name }] = await rows<{ name: string }>(sql`select current_database() as name`);
    // A database cannot refuse connections to itself from within: the server's admin database does it.
    const admin = new pg.Client({ connectionString: inject('pgTemplate')!.url });
    await admin.connect();
    const allow = (on: boolean) => admin.query(`alter database ${name} allow_connections ${on}`);
    try {
      await allow(false);
      await database.db.execute(sql`select pg_terminate_backend(${c.listenerPid}::int)`);
      await vi.waitFor(() => expect(c.listening).toBe(false));
      // Long enough for several refused attempts (50, 100, 200 ms...).
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(c.listening).toBe(false);
    } finally {
      await allow(true);
      await admin.end();
    }
    await vi.waitFor(() => expect(c.listening).toBe(true), { timeout: 5000 });
    expect(logger.lines).toMatchObject([{ level: 'warn' }, { level: 'info', details: { attempts: expect.any(Number) } }]);
    expect((logger.lines[1]!.details as { attempts: number }).attempts).toBeGreaterThan(2);

    const person = randomUUID();
    const onC = collect(c, person);
    await a.publish([person], { type: 'unread', count: 6 });
    await vi.waitFor(() => expect(onC).toEqual([{ type: 'unread', count: 6 }]));
    await c.close();
  });

  it('publishes without throwing when the database cannot take the notification', async () => {
    const logger = collectingLogger();
    const broken = { ...database.db, execute: () => Promise.reject(new Error('connection refused')) } as unknown as Database['db'];
    const c = await createPgEventBus({ db: broken, connectionString: database.connectionString!, logger });
    const person = randomUUID();
    const local = collect(c, person);
    await expect(c.publish([person], { type: 'unread', count: 1 })).resolves.toBeUndefined();
    expect(local).toEqual([{ type: 'unread', count: 1 }]);
    expect(logger.lines).toMatchObject([{ level: 'warn', message: expect.stringMatching(/could not notify/) }]);
    await c.close();
  });

  it('close() ends the listener connection, and publishing after it does nothing', async () => {
    const c = await open();
    const pid = c.listenerPid;
    await c.close();
    await vi.waitFor(async () => {
      expect(await rows(sql`select pid from pg_stat_activity where pid = ${pid}::int`)).toEqual([]);
    });
    await expect(c.publish(['anyone'], { type: 'unread', count: 1 })).resolves.toBeUndefined();
  });
});
