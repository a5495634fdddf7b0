import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: where to open a dedicated connection outside the pool (the live events listener holds one). */
  connectionString?: string;
  /** Applies every pending migration (drizzle's migrator, same folder for both drivers). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: hears each pooled connection that fails (the app logs it); answers the unsubscribe. */
  onConnectionError?(listener: (error: Error) => void): () => void;
  /** PostgreSQL only: the app's pool, for stores that speak node-postgres (the rate-limit counters). */
  pool?: pg.Pool;
  /**
   * Runs `work` (migrations, the demo seed) while no other app process of this database runs its own: several
   * processes starting together on PostgreSQL take turns (decision 026). PGlite has one process (the data-folder lock).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
}

/** The advisory lock key processes take turns on at start (any fixed number; no other code uses it). */
/** The rows of a raw `execute`, on either driver (both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const STARTUP_LOCK_KEY = 4_212_015_026;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The embedded engine: a folder on disk, or memory when `dataDir` is undefined. */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database & { dump(): Promise<Blob> }> {
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    exclusively: (work) => work(),
    /** The whole data folder as a tarball: tests start each file from a migrated copy. */
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // A request never waits forever for a connection: past the timeout it answers 503 (lib/database-faults.ts).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 15_000, keepAlive: true });
  const faultListeners = new Set<(error: Error) => void>();
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    // A connection PostgreSQL ends (a terminated backend, a restart, a failover) emits 'error' on its client,
    // idle or checked out for a transaction, and an unheard 'error' crashes the process. The statement in
    // flight fails on its own (the request answers 503); the pool drops the client and opens a fresh one.
    client.on('error', (error) => reportFault(error));
    // Drizzle sends BEGIN before its try/finally, so a connection lost on BEGIN is never handed back: the pool
    // would lose a slot each time and pool.end() would wait forever. A dead client is of no use to whoever
    // holds it, so it goes back at once, and the holder's own release later does nothing.
    client.on('end', () => {
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => {};
      release(new Error('Connection terminated'));
    });
  });
  // The pool repeats an idle client's error after dropping it; the client's own listener above reported it.
  pool.on('error', () => {});
  // Once the pool is closing, a connection ended under it (a database dropped with FORCE as the last client is
  // still saying goodbye, a server shutting down) is the end that was asked for, not a fault.
  let closing = false;
  // Before the app listens (migrations, the seed) nobody hears the faults: they still reach the log.
  const reportFault = (error: Error) => {
    if (closing) return;
    if (faultListeners.size === 0) console.warn('A database connection was lost; the pool opens a new one:', error.message);
    faultListeners.forEach((listener) => listener(error));
  };
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    connectionString: url,
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: () => {
      closing = true;
      return pool.end();
    },
    pool,
    exclusively: (work) => holdingStartupLock(url, work),
    onConnectionError(listener) {
      faultListeners.add(listener);
      return () => faultListeners.delete(listener);
    },
  };
}

/**
 * The lock is held by a connection of its own, outside the pool, so a pool of one still has a connection
 * for the work; it is released when that connection ends, even if this process dies mid-way.
 */
async function holdingStartupLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'csm-startup' });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}
