import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
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
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: fromNow(leaseMs), failedOnConnection: false })
        .where(inArray(outbox.id, due))
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    },

    /**
     * The heartbeat (decision 025): extends the lease of rows this worker still holds, so a short lease covers a
     * slow send while a dead worker's rows come back within one lease. `held` pairs each id with its claim's count.
     */
    async renew(held: Array<[id: number, attempts: number]>, leaseMs: number): Promise<void> {
      if (held.length === 0) return;
      await db
        .update(outbox)
        .set({ nextAttemptAt: fromNow(leaseMs) })
        .where(and(or(...held.map(([id, attempts]) => and(eq(outbox.id, id), eq(outbox.attempts, attempts)))), isNull(outbox.sentAt)));
    },

    /** Rows waiting out a backoff because the server was unreachable; it answers again, so they are due now. */
    async bringForward(maxAttempts: number): Promise<number> {
      const rows = await db
        .update(outbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(isNull(outbox.sentAt), eq(outbox.failedOnConnection, true), lt(outbox.attempts, maxAttempts), gt(outbox.nextAttemptAt, sql`now()`)))
        .returning({ id: outbox.id });
      return rows.length;
    },

    /** Whether any row waits for the server to come back. */
    async anyWaitingForConnection(maxAttempts: number): Promise<boolean> {
      const [row] = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(isNull(outbox.sentAt), eq(outbox.failedOnConnection, true), lt(outbox.attempts, maxAttempts), gt(outbox.nextAttemptAt, sql`now()`)))
        .limit(1);
      return row !== undefined;
    },

    /** `bodies` are the row's text and HTML without link secrets: marking it sent and scrubbing it are one statement. */
    async markSent(id: number, bodies: Pick<OutboxRow, 'text' | 'html' | 'headers'>): Promise<void> {
      await db
        .update(outbox)
        .set({ sentAt: sql`now()`, lastError: null, text: bodies.text, html: bodies.html, headers: bodies.headers })
        .where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
    },

    /**
     * Records a failed attempt and when to try again. `attempts` must still be the claim's count: if the lease ran
     * out and another worker took the row meanwhile, that worker's bookkeeping wins. `finalBodies` is given with
     * the last attempt: a row the outbox gives up on keeps no link secret either.
     */
    async markFailed(
      id: number,
      attempts: number,
      error: string,
      retryInMs: number,
      finalBodies?: Pick<OutboxRow, 'text' | 'html' | 'headers'>,
      onConnection = false,
    ): Promise<void> {
      await db
        .update(outbox)
        .set({ lastError: error, nextAttemptAt: fromNow(retryInMs), failedOnConnection: onConnection, ...finalBodies })
        .where(and(eq(outbox.id, id), eq(outbox.attempts, attempts), isNull(outbox.sentAt)));
    },

    /**
     * Deletes rows sent more than `days` ago, and rows given up on (attempts used up, no lease running) for as
     * long. Answers how many went.
     */
    async deleteFinalOlderThan(days: number, maxAttempts: number): Promise<number> {
      const before = sql`now() - ${days} * interval '1 day'`;
      const gone = await db
        .delete(outbox)
        .where(or(lt(outbox.sentAt, before), and(isNull(outbox.sentAt), gte(outbox.attempts, maxAttempts), lt(outbox.nextAttemptAt, before))))
        .returning({ id: outbox.id });
      return gone.length;
    },

    /** Every row addressed to `address` (any case), sent or not, inside the caller's transaction. */
    async deleteAllTo(tx: Db, address: string): Promise<void> {
      await tx.delete(outbox).where(sql`lower(${outbox.toAddress}) = lower(${address})`);
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
