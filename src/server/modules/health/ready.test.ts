// engines: both — readiness asks the database and its migrations
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp, testConfig } from '#test/helpers/app.js';
import { READY_TEXTS } from '#shared/operations.js';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { createReadiness, lastMigrationMillis } from './readiness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

describe('GET /api/ready', () => {
  it('answers 200 on a migrated database, never from a cache', async () => {
    const res = await ready();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the database lacks the last migration this build ships', async () => {
    const rowsOf = (result: unknown) => (result as { rows: Array<{ id: number; hash: string; created_at: string | number }> }).rows;
    const [last] = rowsOf(await t.database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`));
    expect(Number(last!.created_at)).toBe(lastMigrationMillis());
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: READY_TEXTS.migrationsPending, code: 'service_unavailable' });
    } finally {
      await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('answers 503 once the shutdown has begun, and closing the app begins it', async () => {
    const database = await openTestDatabase();
    const config = testConfig({ LISTINGS_CACHE_MS: '0' });
    const app = await buildApp({ config, database, sessionSecret: randomBytes(32).toString('hex') });
    let duringClose: boolean | undefined;
    // Registered after the app's own preClose hooks, so it sees what they did.
    app.addHook('preClose', async () => {
      duringClose = app.readiness.shuttingDown;
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      app.readiness.beginShutdown();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: READY_TEXTS.shuttingDown, code: 'service_unavailable' });
      // The liveness probe still answers: the process is alive, it just wants no new work.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
    expect(duringClose).toBe(true);
  });

  it('answers 503 when the database does not answer', async () => {
    const database = await openTestDatabase();
    const config = testConfig({ LISTINGS_CACHE_MS: '0' });
    const app = await buildApp({ config, database, sessionSecret: randomBytes(32).toString('hex') });
    try {
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: READY_TEXTS.databaseDown, code: 'service_unavailable' });
    } finally {
      await app.close();
    }
  });
});

describe('the readiness check', () => {
  it('gives up on a database that hangs, and probes arriving together share one query', async () => {
    let queries = 0;
    const hanging = { db: { execute: () => ((queries += 1), new Promise(() => {})) } } as unknown as Database;
    const readiness = createReadiness(hanging, 50);
    const started = Date.now();
    expect(await Promise.all([readiness.check(), readiness.check(), readiness.check()])).toEqual(Array(3).fill(READY_TEXTS.databaseDown));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(queries).toBe(1);
  });
});
