import type {
  AdminConversationsPage,
  AdminMessagesPage,
  AdminReport,
  AdminReportsPage,
  AdminServicesPage,
  AdminUser,
  AdminUsersPage,
  AuditLogPage,
  ReportStatusUpdate,
} from '#shared/admin.js';
import { ADMIN_ERRORS } from '#shared/admin.js';
import { REPORT_OUTCOME_TEXTS } from '#shared/reports.js';
import type { DecidedReport } from '../reports/index.js';
import type { SanctionedPerson } from '../sanctions/index.js';
import { type AdminAppeal, type AdminAppealsPage, type AppealDecision, type AppealStatus, SANCTION_TEXTS } from '#shared/sanctions.js';
import type { Db } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { afterCommit } from '../../lib/transaction.js';
import type { Viewer } from '../../lib/viewer.js';
import { asSeenByOthers, isAdministrator } from '../accounts/index.js';
import { adminCursors } from './cursor.js';
import {
  presentAdminAppeal,
  presentAdminConversation,
  presentAdminMessage,
  presentAdminReport,
  presentAdminService,
  presentAdminUser,
  presentAuditEntry,
} from './presenter.js';
import type { AdminRepository, AdminUserRow, ReportFilter } from './repository.js';

interface PageQuery {
  limit: number;
  cursor?: string;
}

/** What the administrator's actions do to listings, through the listings module, inside the action's transaction. */
export interface AdminListings {
  deleteForGood(tx: Db, serviceId: number): Promise<{ title: string; userId: string } | undefined>;
  ownerBanChanged(tx: Db): Promise<void>;
}

/** What a ban writes through the accounts module. */
export interface AdminUsers {
  setBanned(tx: Db, userId: string, banned: boolean): Promise<AdminUserRow | undefined>;
  findUserById(id: string, tx?: Db): Promise<AdminUserRow | undefined>;
}

/** What bans and appeals write through the sanctions module, inside the action's transaction (decision 047). */
export interface AdminSanctions {
  recordBan(tx: Db, input: { person: SanctionedPerson; reason: string | null; adminId: string }): Promise<void>;
  liftStanding(tx: Db, userId: string, adminId: string): Promise<void>;
  decide(
    tx: Db,
    input: { appealId: number; decision: 'lift' | 'uphold'; note: string | null; adminId: string; person: (userId: string) => Promise<SanctionedPerson | undefined> },
  ): Promise<{ userId: string } | undefined>;
  appealExists(tx: Db, id: number): Promise<boolean>;
}

/** What a report decision writes through the reports module. */
export interface AdminReports {
  setStatus(tx: Db, reportId: number, status: 'reviewed' | 'dismissed', reviewerId: string): Promise<DecidedReport | undefined>;
}

/** What the administrator's actions tell members through the messaging module, inside the action's transaction. */
export interface AdminMessages {
  fromTeam(tx: Db, input: { toId: string; subject: string; content: string; actingAdmin: Viewer; alwaysEmail?: boolean }): Promise<void>;
}

/** A decided report in the audit log: a listing's title as before, a member or a message's sender by username. */
const auditName = (report: DecidedReport) => (report.kind === 'service' ? report.name : report.kind === 'member' ? `member ${report.name}` : `message from ${report.name}`);

const nameOf = (person: { username: string | null; email?: string | null; id: string }) => person.username ?? person.email ?? person.id;

/** What a ban needs from the session store: the person's open live event streams end at once (decision 017). */
export interface BannedStreams {
  endStreamsOf(userId: string): Promise<void>;
}

export interface AdminDeps {
  repo: AdminRepository;
  adminEmails: readonly string[];
  users: AdminUsers;
  listings: AdminListings;
  reports: AdminReports;
  messages: AdminMessages;
  sanctions: AdminSanctions;
  streams: BannedStreams;
}

export function createAdminService(deps: AdminDeps) {
  const { repo, adminEmails, users, listings, reports, messages, sanctions, streams } = deps;

  async function setBanned(admin: Viewer, userId: string, banned: boolean, reason: string | null = null): Promise<AdminUser> {
    const target = await repo.findUser(userId);
    if (!target) throw notFound(ADMIN_ERRORS.userNotFound);
    // Only the role protects (decision 016): an account merely holding an ADMIN_EMAILS address, never proven, is anyone's.
    if (banned && isAdministrator(target, adminEmails)) throw forbidden(ADMIN_ERRORS.cannotBanAdmin);
    const user = await repo.transaction(async (tx) => {
      const changed = await users.setBanned(tx, userId, banned);
      if (!changed) {
        // Already in that state: nothing happened, so nothing is written to the log. Or the account was deleted meanwhile.
        const current = await repo.findUser(userId, tx);
        if (!current) throw notFound(ADMIN_ERRORS.userNotFound);
        return current;
      }
      await repo.insertAudit(tx, {
        actorId: admin.id,
        action: banned ? 'user.ban' : 'user.unban',
        targetType: 'user',
        targetId: userId,
        summary: reason ? `${nameOf(changed)}: ${reason}` : nameOf(changed),
      });
      // Why, and the person's appeal link by email (decision 047); an unban ends the standing ban.
      if (banned) await sanctions.recordBan(tx, { person: changed, reason, adminId: admin.id });
      else await sanctions.liftStanding(tx, userId, admin.id);
      // The person's listings leave (or come back to) the public pages, and a banned person's open tabs stop hearing.
      await listings.ownerBanChanged(tx);
      if (banned) await afterCommit(tx, () => streams.endStreamsOf(userId));
      return changed;
    });
    return presentAdminUser(user, adminEmails);
  }

  return {
    async users(query: PageQuery): Promise<AdminUsersPage> {
      const after = adminCursors.users.decode(query.cursor);
      const [rows, total] = await Promise.all([repo.pageOfUsers(query.limit + 1, after), repo.countUsers()]);
      const page = pageOf(rows, query.limit, (last) => adminCursors.users.encode({ k: 'users', t: last.sortKey, i: last.user.id }));
      return { users: page.items.map((r) => presentAdminUser(r.user, adminEmails)), total, nextCursor: page.nextCursor };
    },

    ban: (admin: Viewer, userId: string, reason?: string) => setBanned(admin, userId, true, reason ?? null),
    unban: (admin: Viewer, userId: string) => setBanned(admin, userId, false),

    async services(query: PageQuery & { includeDeleted: boolean }): Promise<AdminServicesPage> {
      const after = adminCursors.services.decode(query.cursor);
      const [rows, total] = await Promise.all([repo.pageOfServices(query.includeDeleted, query.limit + 1, after), repo.countServices(query.includeDeleted)]);
      const page = pageOf(rows, query.limit, (last) => adminCursors.services.encode({ k: 'services', t: last.sortKey, i: last.service.id }));
      return { services: page.items.map(presentAdminService), total, nextCursor: page.nextCursor };
    },

    async deleteService(admin: Viewer, serviceId: number, reason?: string): Promise<{ id: number }> {
      await repo.transaction(async (tx) => {
        const deleted = await listings.deleteForGood(tx, serviceId);
        if (!deleted) throw notFound(ADMIN_ERRORS.serviceNotFound);
        const summary = reason ? `${deleted.title}: ${reason}` : deleted.title;
        await repo.insertAudit(tx, { actorId: admin.id, action: 'service.delete', targetType: 'service', targetId: String(serviceId), summary });
        // The owner is told which listing went and why, in Messages and by email (decision 047).
        if (deleted.userId !== admin.id) {
          const content = SANCTION_TEXTS.listingRemoved(deleted.title, reason ?? null);
          await messages.fromTeam(tx, { toId: deleted.userId, subject: SANCTION_TEXTS.listingRemovedSubject, content, actingAdmin: admin, alwaysEmail: true });
        }
      });
      return { id: serviceId };
    },

    async reports(query: PageQuery & ReportFilter): Promise<AdminReportsPage> {
      const after = adminCursors.reports.decode(query.cursor);
      const filter = { status: query.status, kind: query.kind };
      const [rows, total] = await Promise.all([repo.pageOfReports(filter, query.limit + 1, after), repo.countReports(filter)]);
      const page = pageOf(rows, query.limit, (last) => adminCursors.reports.encode({ k: 'reports', t: last.sortKey, i: last.report.id }));
      return { reports: page.items.map(presentAdminReport), total, nextCursor: page.nextCursor };
    },

    async setReportStatus(admin: Viewer, reportId: number, input: ReportStatusUpdate): Promise<AdminReport> {
      const record = await repo.transaction(async (tx) => {
        const updated = await reports.setStatus(tx, reportId, input.status, admin.id);
        if (!updated) throw (await repo.reportExists(tx, reportId)) ? conflict(ADMIN_ERRORS.reportAlreadyHandled, { code: 'report_already_handled' }) : notFound(ADMIN_ERRORS.reportNotFound);
        await repo.insertAudit(tx, {
          actorId: admin.id,
          action: 'report.status',
          targetType: 'report',
          targetId: String(reportId),
          summary: `${input.status}: ${auditName(updated)}`,
        });
        // The reporter hears the outcome from the team (decision 046), with the usual email notification rules.
        const about = REPORT_OUTCOME_TEXTS.about(updated.kind, updated.name);
        await messages.fromTeam(tx, { toId: updated.reporterId, subject: REPORT_OUTCOME_TEXTS.subject, content: REPORT_OUTCOME_TEXTS[input.status](about), actingAdmin: admin });
        return (await repo.findReport(reportId, tx))!;
      });
      return presentAdminReport(record);
    },

    async appeals(query: PageQuery & { status?: AppealStatus }): Promise<AdminAppealsPage> {
      const after = adminCursors.appeals.decode(query.cursor);
      const [rows, total] = await Promise.all([repo.pageOfAppeals(query.status, query.limit + 1, after), repo.countAppeals(query.status)]);
      const page = pageOf(rows, query.limit, (last) => adminCursors.appeals.encode({ k: 'appeals', t: last.sortKey, i: last.appeal.id }));
      return { appeals: page.items.map(presentAdminAppeal), total, nextCursor: page.nextCursor };
    },

    /** Lifts the ban (the account is active again, its listings come back) or upholds it; either way the person is emailed. */
    async decideAppeal(admin: Viewer, appealId: number, input: AppealDecision): Promise<AdminAppeal> {
      const record = await repo.transaction(async (tx) => {
        const person = (userId: string) => users.findUserById(userId, tx);
        const decided = await sanctions.decide(tx, { appealId, decision: input.decision, note: input.note ?? null, adminId: admin.id, person });
        if (!decided) throw (await sanctions.appealExists(tx, appealId)) ? conflict(SANCTION_TEXTS.appealAlreadyDecided) : notFound(SANCTION_TEXTS.appealNotFound);
        if (input.decision === 'lift') {
          await users.setBanned(tx, decided.userId, false);
          await listings.ownerBanChanged(tx);
        }
        const appellant = await person(decided.userId);
        await repo.insertAudit(tx, {
          actorId: admin.id,
          action: input.decision === 'lift' ? 'appeal.lift' : 'appeal.uphold',
          targetType: 'user',
          targetId: decided.userId,
          summary: appellant ? nameOf(appellant) : decided.userId,
        });
        return (await repo.findAppeal(appealId, tx))!;
      });
      return presentAdminAppeal(record);
    },

    async conversations(query: PageQuery): Promise<AdminConversationsPage> {
      const after = adminCursors.conversations.decode(query.cursor);
      const [rows, total] = await Promise.all([repo.pageOfConversations(query.limit + 1, after), repo.countConversations()]);
      const page = pageOf(rows, query.limit, (last) => adminCursors.conversations.encode({ k: 'conversations', t: last.sortKey, i: last.conversation.id }));
      return { conversations: page.items.map(presentAdminConversation), total, nextCursor: page.nextCursor };
    },

    /**
     * A conversation's messages, oldest first. Every page read is written to the audit log in the same
     * transaction (a page reached with a hand-made cursor is a read like any other); nothing is marked read.
     */
    async messages(admin: Viewer, conversationId: number, query: PageQuery): Promise<AdminMessagesPage> {
      const after = adminCursors.messages.decode(query.cursor);
      return repo.transaction(async (tx) => {
        const conversation = await repo.findConversation(conversationId, tx);
        if (!conversation) throw notFound(ADMIN_ERRORS.conversationNotFound);
        const rows = await repo.pageOfMessages(tx, conversationId, query.limit + 1, after?.i);
        const total = await repo.countMessages(tx, conversationId);
        await repo.insertAudit(tx, {
          actorId: admin.id,
          action: 'conversation.read',
          targetType: 'conversation',
          targetId: String(conversationId),
          summary: `${nameOf(asSeenByOthers(conversation.participant1))} ↔ ${nameOf(asSeenByOthers(conversation.participant2))}`,
        });
        const page = pageOf(rows, query.limit, (last) => adminCursors.messages.encode({ k: 'messages', i: last.message.id }));
        return { messages: page.items.map(presentAdminMessage), total, nextCursor: page.nextCursor };
      });
    },

    async auditLog(query: PageQuery): Promise<AuditLogPage> {
      const after = adminCursors.audit.decode(query.cursor);
      const [rows, total] = await Promise.all([repo.pageOfAudit(query.limit + 1, after?.i), repo.countAudit()]);
      const page = pageOf(rows, query.limit, (last) => adminCursors.audit.encode({ k: 'audit', i: last.entry.id }));
      return { entries: page.items.map(presentAuditEntry), total, nextCursor: page.nextCursor };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
