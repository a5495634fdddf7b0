import { and, asc, count, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReportKind, ReportStatus } from '#shared/reports.js';
import type { AppealStatus } from '#shared/sanctions.js';
import type { Db } from '../../db/client.js';
import { adminAuditLog, appeals, bans, categories, conversations, messages, reports, services, users } from '../../db/schema.js';
import { transaction } from '../../lib/transaction.js';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type AdminUserRow = typeof users.$inferSelect;

/** One audit log entry, in the caller's transaction when it passes one (an action and its entry commit together). */
export async function insertAuditEntry(tx: Db, values: typeof adminAuditLog.$inferInsert): Promise<void> {
  await tx.insert(adminAuditLog).values(values);
}

/** A keyset position: the sort time as `sortTime()` prints it, and the row's id. */
export interface After<I extends string | number> {
  t: string;
  i: I;
}

/** Full precision in UTC (`2025-06-01T12:34:56.123456Z`): a JavaScript Date would lose the microseconds the keyset needs. */
const sortTime = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** Rows strictly after the position in a newest-first order on (time, id). */
const before = (time: AnyPgColumn, id: AnyPgColumn, after: After<string | number> | undefined, idType: 'text' | 'integer'): SQL | undefined =>
  after ? sql`(${time}, ${id}) < (${after.t}::timestamptz, ${idType === 'text' ? sql`${after.i}::text` : sql`${after.i}::integer`})` : undefined;

const author = alias(users, 'author');
const reporter = alias(users, 'reporter');
const reviewer = alias(users, 'reviewer');
const participant1 = alias(users, 'participant1');
const participant2 = alias(users, 'participant2');
const sender = alias(users, 'sender');
const actor = alias(users, 'actor');
const reportedUser = alias(users, 'reported_user');
const reportedSender = alias(users, 'reported_sender');
const appellant = alias(users, 'appellant');
const banner = alias(users, 'banner');
const decider = alias(users, 'decider');
const personCols = (u: typeof appellant | typeof banner | typeof decider) => ({ id: u.id, username: u.username, email: u.email, deletedAt: u.deletedAt });

/**
 * A person as the administrator sees them next to a listing, report or log entry: id, username, email, and
 * whether they deleted their account (the presenter shows 'Deleted user').
 */
const person = {
  author: { id: author.id, username: author.username, email: author.email, deletedAt: author.deletedAt },
  reporter: { id: reporter.id, username: reporter.username, email: reporter.email, deletedAt: reporter.deletedAt },
  reviewer: { id: reviewer.id, username: reviewer.username, email: reviewer.email, deletedAt: reviewer.deletedAt },
  actor: { id: actor.id, username: actor.username, email: actor.email, deletedAt: actor.deletedAt },
};
/** A participant as a conversation shows them (no email address). */
const participantOf = (u: typeof participant1 | typeof participant2 | typeof sender) => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  profileImageUrl: u.profileImageUrl,
  deletedAt: u.deletedAt,
});
const participant = { p1: participantOf(participant1), p2: participantOf(participant2), sender: participantOf(sender) };
/** Deleted accounts stay as empty rows (decision 014); the administrator's user list and its total leave them out. */
const liveUser = isNull(users.deletedAt);

const serviceColumns = {
  id: services.id,
  title: services.title,
  description: services.description,
  listingType: services.listingType,
  rateCents: services.rateCents,
  rateType: services.rateType,
  pricesVary: services.pricesVary,
  isActive: services.isActive,
  expired: services.expired,
  expiresAt: services.expiresAt,
  createdAt: services.createdAt,
  deletedAt: services.deletedAt,
};

/** Which reports a list shows: of one status, of one kind, or all. */
export interface ReportFilter {
  status?: ReportStatus;
  kind?: ReportKind;
}

export function createAdminRepository(db: Db) {
  const selectServices = (tx: Db = db) =>
    tx
      .select({
        service: serviceColumns,
        category: { id: categories.id, name: categories.name },
        author: person.author,
        sortKey: sortTime(services.createdAt),
      })
      .from(services)
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .innerJoin(author, eq(author.id, services.userId));

  /** Reports of every kind: the listing and its owner, the member, or the message and its sender, each where it applies. */
  const selectReports = (tx: Db = db) =>
    tx
      .select({
        report: reports,
        reporter: person.reporter,
        service: serviceColumns,
        category: { id: categories.id, name: categories.name },
        author: person.author,
        reportedUser: { id: reportedUser.id, username: reportedUser.username, email: reportedUser.email, deletedAt: reportedUser.deletedAt, isBanned: reportedUser.isBanned },
        message: { id: messages.id, content: messages.content, createdAt: messages.createdAt, conversationId: messages.conversationId },
        sender: { id: reportedSender.id, username: reportedSender.username, email: reportedSender.email, deletedAt: reportedSender.deletedAt },
        reviewedBy: person.reviewer,
        sortKey: sortTime(reports.createdAt),
      })
      .from(reports)
      .innerJoin(reporter, eq(reporter.id, reports.reporterId))
      .leftJoin(services, eq(services.id, reports.serviceId))
      .leftJoin(categories, eq(categories.id, services.categoryId))
      .leftJoin(author, eq(author.id, services.userId))
      .leftJoin(reportedUser, eq(reportedUser.id, reports.reportedUserId))
      .leftJoin(messages, eq(messages.id, reports.messageId))
      .leftJoin(reportedSender, eq(reportedSender.id, messages.senderId))
      .leftJoin(reviewer, eq(reviewer.id, reports.reviewedBy));

  const selectConversations = (tx: Db = db) =>
    tx
      .select({
        conversation: conversations,
        participant1: participant.p1,
        participant2: participant.p2,
        service: { id: services.id, title: services.title },
        sortKey: sortTime(conversations.lastMessageAt),
      })
      .from(conversations)
      .innerJoin(participant1, eq(participant1.id, conversations.participant1Id))
      .innerJoin(participant2, eq(participant2.id, conversations.participant2Id))
      .leftJoin(services, eq(services.id, conversations.serviceId));

  /** Appeals with the person, their ban and who decided (decision 047). */
  const selectAppeals = (tx: Db = db) =>
    tx
      .select({
        appeal: appeals,
        ban: { reason: bans.reason, createdAt: bans.createdAt },
        user: { ...personCols(appellant), isBanned: appellant.isBanned },
        bannedBy: personCols(banner),
        decidedBy: personCols(decider),
        sortKey: sortTime(appeals.createdAt),
      })
      .from(appeals)
      .innerJoin(bans, eq(bans.id, appeals.banId))
      .innerJoin(appellant, eq(appellant.id, bans.userId))
      .leftJoin(banner, eq(banner.id, bans.bannedBy))
      .leftJoin(decider, eq(decider.id, appeals.decidedBy));
  const appealFilter = (status: AppealStatus | undefined) => (status ? eq(appeals.status, status) : undefined);

  const countOf = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? 0;
  const reportFilter = ({ status, kind }: ReportFilter) => and(status ? eq(reports.status, status) : undefined, kind ? eq(reports.kind, kind) : undefined);
  const serviceFilter = (includeDeleted: boolean) => (includeDeleted ? undefined : isNull(services.deletedAt));

  return {
    /** Runs `work` in one transaction: an action and its audit entry commit together or not at all. */
    transaction: <T>(work: (tx: Db) => Promise<T>) => transaction(db, work),

    // Users: newest first over users_newest_idx.
    async pageOfUsers(limit: number, after?: After<string>) {
      return db
        .select({ user: users, sortKey: sortTime(users.createdAt) })
        .from(users)
        .where(and(liveUser, before(users.createdAt, users.id, after, 'text')))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
    },
    countUsers: () => countOf(db.select({ n: count() }).from(users).where(liveUser)),
    /** A live account: a deleted one cannot be banned or unbanned (nobody can sign in to it). */
    async findUser(id: string, tx: Db = db): Promise<AdminUserRow | undefined> {
      const [row] = await tx.select().from(users).where(and(eq(users.id, id), liveUser)).limit(1);
      return row;
    },

    // Listings: newest first over services_newest_idx, deleted ones only when asked.
    async pageOfServices(includeDeleted: boolean, limit: number, after?: After<number>) {
      return selectServices()
        .where(and(serviceFilter(includeDeleted), before(services.createdAt, services.id, after, 'integer')))
        .orderBy(desc(services.createdAt), desc(services.id))
        .limit(limit);
    },
    countServices: (includeDeleted: boolean) => countOf(db.select({ n: count() }).from(services).where(serviceFilter(includeDeleted))),

    // Appeals: newest first over appeals_newest_idx or appeals_status_newest_idx.
    async pageOfAppeals(status: AppealStatus | undefined, limit: number, after?: After<number>) {
      return selectAppeals()
        .where(and(appealFilter(status), before(appeals.createdAt, appeals.id, after, 'integer')))
        .orderBy(desc(appeals.createdAt), desc(appeals.id))
        .limit(limit);
    },
    countAppeals: (status: AppealStatus | undefined) => countOf(db.select({ n: count() }).from(appeals).where(appealFilter(status))),
    async findAppeal(id: number, tx: Db = db) {
      const [row] = await selectAppeals(tx).where(eq(appeals.id, id)).limit(1);
      return row;
    },

    // Reports: newest first over reports_newest_idx or reports_status_newest_idx.
    async pageOfReports(filter: ReportFilter, limit: number, after?: After<number>) {
      return selectReports()
        .where(and(reportFilter(filter), before(reports.createdAt, reports.id, after, 'integer')))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(limit);
    },
    countReports: (filter: ReportFilter) => countOf(db.select({ n: count() }).from(reports).where(reportFilter(filter))),
    async findReport(id: number, tx: Db = db) {
      const [row] = await selectReports(tx).where(eq(reports.id, id)).limit(1);
      return row;
    },
    async reportExists(tx: Db, id: number): Promise<boolean> {
      const [row] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, id)).limit(1);
      return row !== undefined;
    },

    // Conversations: last message first over conversations_last_message_idx.
    async pageOfConversations(limit: number, after?: After<number>) {
      return selectConversations()
        .where(before(conversations.lastMessageAt, conversations.id, after, 'integer'))
        .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
        .limit(limit);
    },
    countConversations: () => countOf(db.select({ n: count() }).from(conversations)),
    async findConversation(id: number, tx: Db = db) {
      const [row] = await selectConversations(tx).where(eq(conversations.id, id)).limit(1);
      return row;
    },
    /** Oldest first, after `afterId`, over messages_conversation_idx. Reads only: nothing is marked read. */
    async pageOfMessages(tx: Db, conversationId: number, limit: number, afterId?: number) {
      return tx
        .select({ message: messages, sender: participant.sender })
        .from(messages)
        .innerJoin(sender, eq(sender.id, messages.senderId))
        .where(and(eq(messages.conversationId, conversationId), afterId === undefined ? undefined : gt(messages.id, afterId)))
        .orderBy(asc(messages.id))
        .limit(limit);
    },
    countMessages: (tx: Db, conversationId: number) => countOf(tx.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversationId))),

    // The audit log: newest first by id (the primary key; ids are handed out in insertion order).
    insertAudit: insertAuditEntry,
    async pageOfAudit(limit: number, beforeId?: number) {
      return db
        .select({ entry: adminAuditLog, actor: person.actor })
        .from(adminAuditLog)
        .leftJoin(actor, eq(actor.id, adminAuditLog.actorId))
        .where(beforeId === undefined ? undefined : lt(adminAuditLog.id, beforeId))
        .orderBy(desc(adminAuditLog.id))
        .limit(limit);
    },
    countAudit: () => countOf(db.select({ n: count() }).from(adminAuditLog)),
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
