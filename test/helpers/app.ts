import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.js';
import { createPasswordHasher } from '../../src/server/lib/passwords.js';
import type { PageRenderer } from '../../src/server/modules/pages/index.js';

export const ADMIN_EMAIL = 'admin@example.test';

/**
 * scrypt's cost in every server the tests start (decision 058): 2^10 hashes in about a millisecond where production's
 * 2^17 takes a third of a second or more, and the suites sign up hundreds of people. Production refuses it.
 */
export const TEST_PASSWORD_HASH_COST = '10';
export const testPasswords = createPasswordHasher(Number(TEST_PASSWORD_HASH_COST));

/**
 * The configuration of an app a test builds in its own process: NODE_ENV=test and the test hash cost, then `env`. A
 * test of production's behaviour (`NODE_ENV: 'production'`) gets production's hash cost, the only one it accepts.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  const cost = env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST };
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: '.tmp/unused', ...cost, ...env });
}

/** A fresh database for one test file: a clone of the migrated template on the engine under test. */
export async function openTestDatabase(): Promise<Database> {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const name = `csm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgTemplate.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate.name}`);
    await admin.end();
    const url = new URL(pgTemplate.url);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 5);
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: pgTemplate.url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('test/global-setup.ts provided no database template');
  return openPglite(undefined, new Blob([readFileSync(file)]));
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  sessionSecret: string;
  close(): Promise<void>;
}

/**
 * The web app's server entry from its sources (Vitest compiles them as Vite's SSR build does) and the development
 * document, which names /main.tsx where the build names its chunks: what the server renders is the same.
 */
/** The files of public/ a rendered page carries inline; the development template's stylesheet comes with its scripts. */
const PUBLIC_FILES = ['/theme-init.js', '/page-boot.js'];

export async function sourcePageRenderer(): Promise<PageRenderer> {
  const { render } = await import('#web/entry-server.js');
  return { render, template: readFileSync('src/web/index.html', 'utf8'), readFile: (path) => (PUBLIC_FILES.includes(path) ? readFileSync(`src/web/public${path}`, 'utf8') : undefined) };
}

/**
 * The real application on a real engine, configured like production but for `env`; `pages` renders public pages,
 * `clientDir` serves that built web app's files.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { pages?: boolean; clientDir?: string } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // Listing tests change the database behind the app's back (bans, pauses): no page cache unless a test asks.
  const config = testConfig({ ADMIN_EMAILS: ADMIN_EMAIL, LISTINGS_CACHE_MS: '0', ...env });
  const sessionSecret = randomBytes(32).toString('hex');
  const app = await buildApp({ config, database, sessionSecret, clientDir: options.clientDir, ...(options.pages && { pages: await sourcePageRenderer() }) });
  await app.ready();
  return {
    app,
    database,
    sessionSecret,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
