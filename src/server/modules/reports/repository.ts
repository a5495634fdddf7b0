import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reports, services, users } from '../../db/schema.js';
import { transaction } from '../../lib/transaction.js';

export type ReportRow = typeof reports.$inferSelect;

export function createReportsRepository(db: Db) {
  return {
    /** The listing with what decides whether it may be reported: its owner, state and the owner's ban. */
    async findService(id: number) {
      const [row] = await db
        .select({ id: services.id, title: services.title, userId: services.userId, isActive: services.isActive, deletedAt: services.deletedAt, ownerBanned: users.isBanned })
        .from(services)
        .innerJoin(users, eq(users.id, services.userId))
        .where(eq(services.id, id))
        .limit(1);
      return row;
    },

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

    /** The new report, or undefined when this person already has a pending report of the listing. */
    async insert(tx: Db, values: typeof reports.$inferInsert): Promise<ReportRow | undefined> {
      const [row] = await tx.insert(reports).values(values).onConflictDoNothing().returning();
      return row;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
