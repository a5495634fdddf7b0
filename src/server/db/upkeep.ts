import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/** The hour (server time) of the embedded database's nightly upkeep: a quiet hour, after the nightly backup's default. */
export const UPKEEP_HOUR = 4;

/**
 * The embedded database's nightly upkeep (decision 057). PostgreSQL's autovacuum clears the rows that updates and
 * deletes leave behind, keeps the visibility map that lets a scan answer from an index alone, and refreshes the
 * planner's statistics; PGlite has no background workers, so none of that ever happens there on its own: its tables
 * would only grow, and its plans would be chosen from the statistics of the day it started.
 *
 * main.ts calls this every hour; it runs `VACUUM (ANALYZE)` on the call that falls in `UPKEEP_HOUR`, once a day (the
 * single connection waits for it meanwhile: 2–3 s at 100,000 listings). On PostgreSQL it does nothing.
 * Answers whether it ran.
 */
export function createDatabaseUpkeep(database: Pick<Database, 'db' | 'kind'>, hour = UPKEEP_HOUR) {
  let lastDay: string | undefined;
  return async function upkeep(now: Date = new Date()): Promise<boolean> {
    if (database.kind !== 'pglite' || now.getHours() !== hour) return false;
    const day = now.toDateString();
    if (day === lastDay) return false;
    lastDay = day;
    await database.db.execute(sql.raw('VACUUM (ANALYZE)'));
    return true;
  };
}
