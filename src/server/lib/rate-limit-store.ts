import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/client.js';
import { deriveKey, KEY_LABELS } from './derived-keys.js';

export interface LimiterOptions {
  /** Unique per limiter: the counters of every limiter share one table. */
  keyPrefix: string;
  points: number;
  duration: number;
}

/** Where limiters keep their counters (decision 026). */
export interface RateLimitStore {
  limiter(options: LimiterOptions): RateLimiterAbstract;
  close(): void;
}

/**
 * One process (PGlite, unit tests): its memory is the whole truth. Keys stay as they are: they live as long as the
 * process, which holds the same emails and addresses anyway, and nobody reads them from outside.
 */
export const memoryRateLimits: RateLimitStore = {
  limiter: (options) => new RateLimiterMemory(options),
  close() {},
};

/** Not a migration: rate-limiter-flexible owns the table's shape, and no other code reads it. */
export const RATE_LIMIT_TABLE = 'rate_limits';
const SWEEP_MS = 5 * 60 * 1000;

type PostgresOptions = ConstructorParameters<typeof RateLimiterPostgres>[0];

/**
 * Keys are emails and addresses: stored as an HMAC under a key derived from the session secret (decision 064), so
 * the table holds no personal data that a list of emails or the whole IPv4 space could hash back, and a long key
 * never overflows its varchar(255) column. Every process with the same secret writes the same key for the same
 * input, so the limits still hold across processes.
 */
class HashedKeyPostgres extends RateLimiterPostgres {
  constructor(
    options: PostgresOptions,
    private readonly hmacKey: Buffer,
  ) {
    super(options);
  }

  override getKey(key: string | number): string {
    return `${this.keyPrefix}:${createHmac('sha256', this.hmacKey).update(String(key)).digest('base64url')}`;
  }
}

/** PostgreSQL's error codes when two processes create the table at the same instant. */
const CREATED_BY_ANOTHER = new Set(['23505', '42P07']);

async function createTable(pool: pg.Pool): Promise<void> {
  try {
    await pool.query(`create table if not exists ${RATE_LIMIT_TABLE} (key varchar(255) primary key, points integer not null default 0, expire bigint)`);
  } catch (error) {
    // "if not exists" does not cover a concurrent creation: the loser fails on pg_type's unique index.
    if (!CREATED_BY_ANOTHER.has((error as { code?: string }).code ?? '')) throw error;
  }
}

/**
 * On PostgreSQL the counters live in one table every app process shares, so each limit holds in total across
 * processes; on PGlite (one process) they stay in memory. `secret` is the session secret the keys are derived from.
 */
export async function createRateLimitStore(database: Database, secret: string): Promise<RateLimitStore> {
  const pool = database.pool;
  if (database.kind === 'pglite' || !pool) return memoryRateLimits;
  const hmacKey = deriveKey(secret, KEY_LABELS.rateLimitKeys);
  await createTable(pool);
  // One sweep per process instead of one timer per limiter; rows past their window are only clutter.
  const sweep = setInterval(() => {
    pool.query(`delete from ${RATE_LIMIT_TABLE} where expire < $1`, [Date.now() - 60 * 60 * 1000]).catch(() => {});
  }, SWEEP_MS);
  sweep.unref();
  return {
    limiter: (options) =>
      new HashedKeyPostgres(
        { ...options, storeClient: pool, storeType: 'pool', tableName: RATE_LIMIT_TABLE, tableCreated: true, clearExpiredByTimeout: false },
        hmacKey,
      ),
    close: () => clearInterval(sweep),
  };
}

const building = new AsyncLocalStorage<RateLimitStore>();

/**
 * Runs `build` (the app's construction) so every limiter its modules create uses `store`: the limits are made
 * in a dozen modules, and none of them needs to know where counters live.
 */
export function withRateLimitStore<T>(store: RateLimitStore, build: () => Promise<T>): Promise<T> {
  return building.run(store, build);
}

/** The store of the app being built; memory outside of one (unit tests that make a limiter directly). */
export function currentRateLimitStore(): RateLimitStore {
  return building.getStore() ?? memoryRateLimits;
}
