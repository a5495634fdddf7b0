// engines: both — several processes on one PostgreSQL
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished, vi } from 'vitest';
import { CATALOGUE } from '../src/shared/catalogue.js';
import type { BrowseResult } from '../src/shared/services.js';
import { buildApp } from '../src/server/app.js';
import { openPostgres, type Database } from '../src/server/db/client.js';
import { DEMO_EMAIL_DOMAIN } from '../src/server/demo/addresses.js';
import { DEMO_USERS } from '../src/server/demo/content.js';
import { RATE_LIMIT_TABLE } from '../src/server/lib/rate-limit-store.js';
import { ADMIN_EMAIL, openTestDatabase, TEST_PASSWORD_HASH_COST, type TestApp, testConfig } from './helpers/app.js';
import { signUp } from './helpers/factories.js';
import { createListing } from './helpers/listings.js';
import { childServerPorts } from './support/ports.js';

const pgTemplate = inject('pgTemplate');

/** A database of its own on the test server, empty (no migrations), dropped when the test ends. */
async function emptyDatabase(): Promise<string> {
  const name = `csm_procs_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgTemplate!.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  onTestFinished(async () => {
    const cleanup = new pg.Client({ connectionString: pgTemplate!.url });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  const url = new URL(pgTemplate!.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The real entry point, as `npm start` runs it (from source through tsx). */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

// On PGlite one process owns the data folder (its lock refuses a second), so there is nothing to share.
describe.runIf(pgTemplate)('several app processes on one PostgreSQL (skipped on PGlite: one process per data folder)', () => {
  it('three processes starting together on an empty database make one catalogue and one demo neighbourhood', { timeout: 240_000 }, async () => {
    const url = await emptyDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'csm-procs-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const base = await childServerPorts(3);
    const servers = [0, 1, 2].map((n) =>
      startServer({ DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(base + n), DEMO_DATA: '1', SESSION_SECRET: 'x'.repeat(32) }),
    );
    children.push(...servers.map((s) => s.child));
    onTestFinished(async () => {
      servers.forEach((s) => s.child.kill('SIGTERM'));
      await Promise.all(servers.map((s) => s.exited));
    });

    // A server that exits fails the test at once, with its output, instead of at the end of the wait.
    const earlyExit = Promise.race(servers.map((s) => s.exited.then((code) => Promise.reject(new Error(`a server exited early (${code}):\n${s.output()}`)))));
    await Promise.race([
      vi.waitFor(
        () => {
          for (const s of servers) expect(s.output()).toContain('is running at');
        },
        { timeout: 200_000, interval: 200 },
      ),
      earlyExit,
    ]);
    for (const [n] of servers.entries()) {
      const health = await fetch(`http://127.0.0.1:${base + n}/api/health`);
      expect(health.status).toBe(200);
    }
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const categories = await check.query<{ n: number }>('select count(*)::int as n from categories');
      expect(categories.rows[0]!.n).toBe(CATALOGUE.length);
      const demo = await check.query<{ n: number }>(`select count(*)::int as n from users where email like $1`, [`%@${DEMO_EMAIL_DOMAIN}`]);
      expect(demo.rows[0]!.n).toBe(DEMO_USERS.length);
    } finally {
      await check.end();
    }
  });

  // Two apps built in this test process, each with its own pool, event bus and rate-limit store, stand for two
  // processes: they share nothing but the database, as two processes would (a process test would add minutes).
  describe('two apps on one database', () => {
    let database: Database;
    let second: Database;
    let a: TestApp;
    let b: TestApp;

    const appOn = async (db: Database): Promise<TestApp> => {
      const config = testConfig({ ADMIN_EMAILS: ADMIN_EMAIL, LISTINGS_CACHE_MS: '60000' });
      const sessionSecret = 'y'.repeat(64);
      const app = await buildApp({ config, database: db, sessionSecret });
      await app.ready();
      return { app, database: db, sessionSecret, close: () => app.close() };
    };

    beforeAll(async () => {
      database = await openTestDatabase();
      second = await openPostgres(database.connectionString!, 5);
      [a, b] = [await appOn(database), await appOn(second)];
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await second?.close();
      await database?.close();
    });

    it("shows a listing created through one app on the other's signed-out pages at once, not after LISTINGS_CACHE_MS", async () => {
      const { cookie } = await signUp(a.app);
      const browse = async () => (await b.app.inject({ method: 'GET', url: '/api/services?limit=50' })).json<BrowseResult>();
      const before = await browse();
      const created = await createListing(a, cookie, { title: `Shared cache ${randomBytes(3).toString('hex')}` });
      expect(before.services.map((s) => s.id)).not.toContain(created.id);
      // Within the time a notification takes: far inside the 60 s the page could otherwise stay cached.
      await vi.waitFor(async () => expect((await browse()).services.map((s) => s.id)).toContain(created.id), { timeout: 3000, interval: 50 });
    });

    const wrongSignIn = (t: TestApp, email: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password: 'not the password at all' } });

    it('holds 10 sign-ins a minute per address in total across both apps: the 11th, on either, answers 429', async () => {
      const address = '198.51.100.10';
      const statuses: number[] = [];
      for (let n = 0; n < 10; n++) {
        // Another account each time, so the per-account failure limit stays out of the way.
        statuses.push((await wrongSignIn(n % 2 === 0 ? a : b, `nobody${n}-${randomBytes(3).toString('hex')}@example.test`, address)).statusCode);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      for (const t of [a, b]) {
        const refused = await wrongSignIn(t, `late-${randomBytes(3).toString('hex')}@example.test`, address);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toBeDefined();
      }
      const rows = await database.pool!.query<{ n: number }>(`select count(*)::int as n from ${RATE_LIMIT_TABLE}`);
      expect(rows.rows[0]!.n).toBeGreaterThan(0);
    });

    it("counts one account's wrong passwords from one address across both apps", async () => {
      const { email } = await signUp(a.app);
      const address = '198.51.100.20';
      const statuses: number[] = [];
      // Five free failures in a row for the pair, wherever they land.
      for (let n = 0; n < 5; n++) statuses.push((await wrongSignIn(n < 3 ? a : b, email, address)).statusCode);
      expect(statuses).toEqual(Array(5).fill(401));
      expect((await wrongSignIn(b, email, address)).statusCode).toBe(429);
    });
  });
});
