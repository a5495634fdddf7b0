import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { READY_TEXTS } from '#shared/operations.js';
import { migrationsFolder, type Database } from '../../db/client.js';

/** A probe that waits longer than this is answered "not ready": a balancer must not hang on a stuck pool. */
export const READY_TIMEOUT_MS = 2000;

/** When the last migration this build ships was written: drizzle's migrator stores it as `created_at` once applied. */
export function lastMigrationMillis(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

export interface Readiness {
  /** Undefined when ready, else why not (one of READY_TEXTS). */
  check(): Promise<string | undefined>;
  /** From now on the process answers "not ready" (SIGTERM, or Fastify's preClose). */
  beginShutdown(): void;
  readonly shuttingDown: boolean;
}

export function createReadiness(database: Database, timeoutMs = READY_TIMEOUT_MS): Readiness {
  const expected = lastMigrationMillis();
  let shuttingDown = false;
  // Probes arriving together share one query, so a flood of probes cannot take the pool.
  let inFlight: Promise<string | undefined> | undefined;

  async function query(): Promise<string | undefined> {
    // One round trip answers both questions: the database is up, and it has this build's last migration.
    const result = await database.db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    const last = Number((result as unknown as { rows: Array<{ last: string | number | null }> }).rows[0]?.last ?? 0);
    return last >= expected ? undefined : READY_TEXTS.migrationsPending;
  }

  function withTimeout(): Promise<string | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(READY_TEXTS.databaseDown), timeoutMs);
    });
    return Promise.race([query().catch(() => READY_TEXTS.databaseDown), late]).finally(() => clearTimeout(timer));
  }

  return {
    async check() {
      if (shuttingDown) return READY_TEXTS.shuttingDown;
      inFlight ??= withTimeout().finally(() => (inFlight = undefined));
      const reason = await inFlight;
      return shuttingDown ? READY_TEXTS.shuttingDown : reason;
    },
    beginShutdown() {
      shuttingDown = true;
    },
    get shuttingDown() {
      return shuttingDown;
    },
  };
}
