import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportKind } from '#shared/reports.js';
import type { Db } from '../../db/client.js';
import { conversations, messages, reports, services, users } from '../../db/schema.js';
import { transaction } from '../../lib/transaction.js';

export type ReportRow = typeof reports.$inferSelect;

/** What a report is about: a listing, a member, or a message. */
export type ReportTarget = { kind: 'service'; id: number } | { kind: 'member'; id: string } | { kind: 'message'; id: number };

const reportedUser = alias(users, 'reported_user');
const sender = alias(users, 'sender');

/** The report's target column for a target, as SQL. */
function targetIs(target: ReportTarget) {
  switch (target.kind) {
    case 'service':
      return eq(reports.serviceId, target.id);
    case 'member':
      return eq(reports.reportedUserId, target.id);
    case 'message':
      return eq(reports.messageId, target.id);
  }
}

/** A report's target column values, for the insert. */
function targetColumns(target: ReportTarget): Pick<typeof reports.$inferInsert, 'kind' | 'serviceId' | 'reportedUserId' | 'messageId'> {
  switch (target.kind) {
    case 'service':
      return { kind: 'service', serviceId: target.id };
    case 'member':
      return { kind: 'member', reportedUserId: target.id };
    case 'message':
      return { kind: 'message', messageId: target.id };
  }
}

export function createReportsRepository(db: Db) {
  /**
   * What each report is about, as people name it: the listing's title, the member's username, or the message's
   * sender's (null for a deleted account, which the presenter names). Left joins: one row per report.
   */
  const selectWithTargets = (tx: Db = db) =>
    tx
      .select({
        report: reports,
        serviceTitle: services.title,
        reportedUsername: reportedUser.username,
        reportedDeletedAt: reportedUser.deletedAt,
        senderUsername: sender.username,
        senderDeletedAt: sender.deletedAt,
      })
      .from(reports)
      .leftJoin(services, eq(services.id, reports.serviceId))
      .leftJoin(reportedUser, eq(reportedUser.id, reports.reportedUserId))
      .leftJoin(messages, eq(messages.id, reports.messageId))
      .leftJoin(sender, eq(sender.id, messages.senderId));

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

    async hasPending(tx: Db, target: ReportTarget, reporterId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(targetIs(target), eq(reports.reporterId, reporterId), eq(reports.status, 'pending')))
        .limit(1);
      return row !== undefined;
    },

    /** For the abuse limit: this person's reports of every kind since `since`, over the (reporter_id, created_at) index. */
    async countSince(tx: Db, reporterId: string, since: Date): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)));
      return row?.count ?? 0;
    },

    /**
     * A message and who may report it: its sender and the two people of its conversation (a cross-owner read,
     * decision 038). Undefined for an unknown message.
     */
    async findMessage(id: number): Promise<{ id: number; conversationId: number; senderId: string; participantIds: [string, string] } | undefined> {
      const [row] = await db
        .select({ id: messages.id, conversationId: messages.conversationId, senderId: messages.senderId, p1: conversations.participant1Id, p2: conversations.participant2Id })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(eq(messages.id, id))
        .limit(1);
      return row && { id: row.id, conversationId: row.conversationId, senderId: row.senderId, participantIds: [row.p1, row.p2] };
    },

    /**
     * Moves a pending report to `status` (the administrator's decision); undefined when it is not pending (any more).
     * The condition is in the UPDATE itself, so of two concurrent calls the second waits for the first's row lock,
     * re-reads, and matches nothing. Answers the report with its target's name, for the audit log and the reporter's
     * message.
     */
    async setStatus(tx: Db, id: number, status: 'reviewed' | 'dismissed', reviewerId: string) {
      const [row] = await tx
        .update(reports)
        .set({ status, reviewedBy: reviewerId, reviewedAt: sql`now()` })
        .where(and(eq(reports.id, id), eq(reports.status, 'pending')))
        .returning({ id: reports.id });
      if (!row) return undefined;
      const [named] = await selectWithTargets(tx).where(eq(reports.id, id)).limit(1);
      return named;
    },

    /** The new report, or undefined when this person already has a pending report of the same target. */
    async insert(tx: Db, values: { target: ReportTarget; reporterId: string; reason: ReportRow['reason']; description: string | null }): Promise<ReportRow | undefined> {
      const { target, ...rest } = values;
      const [row] = await tx
        .insert(reports)
        .values({ ...rest, ...targetColumns(target) })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The reporter's own newest reports, with what each is about. */
    async listBy(reporterId: string, limit: number) {
      return selectWithTargets().where(eq(reports.reporterId, reporterId)).orderBy(desc(reports.createdAt), desc(reports.id)).limit(limit);
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
export type NamedReport = NonNullable<Awaited<ReturnType<ReportsRepository['setStatus']>>>;
export type { ReportKind };
