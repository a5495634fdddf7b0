import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reports, services, users } from '../../db/schema.js';
import { transaction } from '../../lib/transaction.js';

export type ReportRow = typeof reports.$inferSelect;

export function createReportsRepository(db: Db) {
  return {
    /**
     * Runs `work` holding a lock on the reporter's row: their reports are counted and written one at a
     * time, so concurrent requests cannot slip past the hourly limit together.
     */
    async asReporter<T>(reporterId: string, work: (tx: Db) => Promise<T>): Promise<T> {
      return transaction(db, async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, reporterId)).for('update');
        return work(tx);
      });
    },

    async hasPending(tx: Db, serviceId: number, reporterId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.serviceId, serviceId), eq(reports.reporterId, reporterId), eq(reports.status, 'pending')))
        .limit(1);
      return row !== undefined;
    },

    /** For the abuse limit: this person's reports since `since`, over the (reporter_id, created_at) index. */
    async countSince(tx: Db, reporterId: string, since: Date): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)));
      return row?.count ?? 0;
    },

    /**
     * Moves a pending report to `status` (the administrator's decision); undefined when it is not pending (any more).
     * The condition is in the UPDATE itself, so of two concurrent calls the second waits for the first's row lock,
     * re-reads, and matches nothing. Answers the reported listing's title, for the audit log.
     */
    async setStatus(tx: Db, id: number, status: 'reviewed' | 'dismissed', reviewerId: string): Promise<{ id: number; serviceTitle: string } | undefined> {
      const [row] = await tx
        .update(reports)
        .set({ status, reviewedBy: reviewerId, reviewedAt: sql`now()` })
        .where(and(eq(reports.id, id), eq(reports.status, 'pending')))
        .returning({ id: reports.id, serviceId: reports.serviceId });
      if (!row) return undefined;
      const [service] = await tx.select({ title: services.title }).from(services).where(eq(services.id, row.serviceId)).limit(1);
      return { id: row.id, serviceTitle: service?.title ?? '' };
    },

    /** The new report, or undefined when this person already has a pending report of the listing. */
    async insert(tx: Db, values: typeof reports.$inferInsert): Promise<ReportRow | undefined> {
      const [row] = await tx.insert(reports).values(values).onConflictDoNothing().returning();
      return row;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
