import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { DEFAULT_OUTBOX_POLICY } from './mailer.js';

/** The outbox as an operator watches it: the metrics page and the administrator's Overview read the same figures. */
export interface OutboxHealth {
  /** Emails waiting to be sent, retries included. */
  pending: number;
  /** Emails given up on after every retry, still in the outbox until the retention sweep. */
  failed: number;
  /** When the oldest waiting email was written; null when none waits. */
  oldestPendingAt: Date | null;
  /** Its age by the database's clock, in seconds (0 when none waits). */
  oldestPendingSeconds: number;
}

/** One pass over the unsent rows (few: sent rows are the rest of the table). */
export async function readOutboxHealth(db: Db, maxAttempts: number = DEFAULT_OUTBOX_POLICY.maxAttempts): Promise<OutboxHealth> {
  // Given up: no attempt left and no claim's lease still running (what the retention sweep deletes too).
  const givenUp = sql`${outbox.attempts} >= ${maxAttempts} and ${outbox.nextAttemptAt} <= now()`;
  const result = await db.execute(sql`
    select count(*) filter (where not (${givenUp})) as pending,
           count(*) filter (where ${givenUp}) as failed,
           to_char(min(${outbox.createdAt}) filter (where not (${givenUp})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as oldest_at,
           extract(epoch from now() - min(${outbox.createdAt}) filter (where not (${givenUp}))) as oldest
    from ${outbox} where ${outbox.sentAt} is null`);
  type Row = { pending: string | number; failed: string | number; oldest_at: string | null; oldest: string | number | null };
  const row = (result as unknown as { rows: Row[] }).rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingAt: row?.oldest_at ? new Date(row.oldest_at) : null,
    oldestPendingSeconds: Math.max(0, Number(row?.oldest ?? 0)),
  };
}
