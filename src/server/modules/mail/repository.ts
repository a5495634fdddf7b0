import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema.js';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;

/** `now() + ms`, on the database's clock, so processes with drifting clocks agree on what is due. */
const fromNow = (ms: number) => sql`now() + ${Math.round(ms)} * interval '1 millisecond'`;

/** Queries on the outbox table; timestamps always come from the database's clock. */
export function createOutboxRepository(db: Db) {
  return {
    async insert(tx: Db, row: NewOutboxRow): Promise<void> {
      await tx.insert(outbox).values(row);
    },

    /**
     * Takes up to `limit` due rows for this worker: each gets one more attempt and a lease (`next_attempt_at` moved
     * `leaseMs` ahead), in one statement. SKIP LOCKED lets workers in other processes claim different rows at the
     * same moment instead of waiting; a row whose lease runs out (its worker died mid-send) becomes due again.
     */
    async claimDue(limit: number, maxAttempts: number, leaseMs: number): Promise<OutboxRow[]> {
      const due = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`), lt(outbox.attempts, maxAttempts)))
        .orderBy(asc(outbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: fromNow(leaseMs) })
        .where(inArray(outbox.id, due))
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    },

    async markSent(id: number): Promise<void> {
      await db.update(outbox).set({ sentAt: sql`now()`, lastError: null }).where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
    },

    /**
     * Records a failed attempt and when to try again. `attempts` must still be the claim's count: if the lease ran
     * out and another worker took the row meanwhile, that worker's bookkeeping wins.
     */
    async markFailed(id: number, attempts: number, error: string, retryInMs: number): Promise<void> {
      await db
        .update(outbox)
        .set({ lastError: error, nextAttemptAt: fromNow(retryInMs) })
        .where(and(eq(outbox.id, id), eq(outbox.attempts, attempts), isNull(outbox.sentAt)));
    },

    /** Hands claimed rows that were never tried back to the queue (the worker is stopping): due now, attempt not counted. */
    async release(rows: Array<Pick<OutboxRow, 'id' | 'attempts'>>): Promise<void> {
      for (const row of rows) {
        await db
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: sql`now()` })
          .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), isNull(outbox.sentAt)));
      }
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
