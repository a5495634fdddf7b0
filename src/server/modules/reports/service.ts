import type { CreateReport, MemberReport, MessageReport, MyReports, Report, ReportKind } from '#shared/reports.js';
import { MY_REPORTS_MAX, PERSON_REPORT_TEXTS, REPORT_ERRORS, REPORT_TEXTS, REPORTS_PER_HOUR } from '#shared/reports.js';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.js';
import type { Db } from '../../db/client.js';
import type { Viewer } from '../../lib/viewer.js';
import type { ReportRow, ReportsRepository, ReportTarget } from './repository.js';
import type { ListingsService } from '../listings/index.js';
import { presentMemberReport, presentMessageReport, presentMyReports, presentReport, targetName } from './presenter.js';

/** A report just decided: who sent it, and the name of what it was about (a listing's title or a member's username). */
export interface DecidedReport {
  id: number;
  kind: ReportKind;
  reporterId: string;
  name: string;
}

/** What reports need from the listings module: the access policy's answer for the reporter. */
export type ReportedListings = Pick<ListingsService, 'access'>;

/** What reports need to know of a reported member: that the account is there. */
export interface ReportedMembers {
  findUserById(id: string): Promise<{ id: string; username: string | null; deletedAt: Date | null } | undefined>;
}

export function createReportsService(deps: { repo: ReportsRepository; listings: ReportedListings; members: ReportedMembers; now?: () => Date }) {
  const { repo, listings, members } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The report, written under the reporter's row lock after the one-pending and hourly checks; every kind counts
   * against the same ten an hour (decision 046).
   */
  async function file(user: Viewer, target: ReportTarget, input: CreateReport, texts: { alreadyReported: string; tooMany: string }): Promise<ReportRow> {
    const duplicate = () => conflict(texts.alreadyReported, { code: 'already_reported' });
    const row = await repo.asReporter(user.id, async (tx) => {
      if (await repo.hasPending(tx, target, user.id)) throw duplicate();
      const recent = await repo.countSince(tx, user.id, new Date(now().getTime() - 3_600_000));
      if (recent >= REPORTS_PER_HOUR) throw tooManyRequests(texts.tooMany, 3600);
      return repo.insert(tx, { target, reporterId: user.id, reason: input.reason, description: input.description ?? null });
    });
    if (!row) throw duplicate();
    return row;
  }

  return {
    async create(user: Viewer, serviceId: number, input: CreateReport): Promise<Report> {
      const { reason, listing: service } = await listings.access(serviceId, user.id);
      // A paused or expired listing, or one whose owner is banned, is not public: nobody else can see it to report it.
      if (!service || reason === 'paused' || reason === 'expired' || reason === 'banned-owner') throw notFound(REPORT_ERRORS.serviceNotFound);
      if (reason === 'own') throw badRequest(REPORT_TEXTS.ownListing, { code: 'own_listing' });
      if (reason === 'deleted') throw conflict(REPORT_ERRORS.serviceDeleted, { code: 'listing_deleted' });
      const row = await file(user, { kind: 'service', id: serviceId }, input, { alreadyReported: REPORT_ERRORS.alreadyReported, tooMany: REPORT_ERRORS.tooManyReports });
      return presentReport(row, user, service);
    },

    /** A member: anyone but yourself who has an account (a deleted one is not found). */
    async createMember(user: Viewer, memberId: string, input: CreateReport): Promise<MemberReport> {
      if (memberId === user.id) throw badRequest(PERSON_REPORT_TEXTS.ownMember);
      const member = await members.findUserById(memberId);
      if (!member || member.deletedAt) throw notFound(PERSON_REPORT_TEXTS.memberNotFound);
      const row = await file(user, { kind: 'member', id: memberId }, input, { alreadyReported: PERSON_REPORT_TEXTS.alreadyReportedMember, tooMany: PERSON_REPORT_TEXTS.tooManyReports });
      return presentMemberReport(row, user, member);
    },

    /** A message, by a participant of its conversation (404 for anyone else: they cannot know it exists), not its sender. */
    async createMessage(user: Viewer, messageId: number, input: CreateReport): Promise<MessageReport> {
      const message = await repo.findMessage(messageId);
      if (!message || !message.participantIds.includes(user.id)) throw notFound(PERSON_REPORT_TEXTS.messageNotFound);
      if (message.senderId === user.id) throw badRequest(PERSON_REPORT_TEXTS.ownMessage);
      const row = await file(user, { kind: 'message', id: messageId }, input, { alreadyReported: PERSON_REPORT_TEXTS.alreadyReportedMessage, tooMany: PERSON_REPORT_TEXTS.tooManyReports });
      return presentMessageReport(row, user, message);
    },

    /** The reporter's own reports, newest first (at most MY_REPORTS_MAX), and what became of each. */
    async mine(user: Viewer): Promise<MyReports> {
      return presentMyReports(await repo.listBy(user.id, MY_REPORTS_MAX));
    },

    /**
     * The administrator's decision on a pending report, inside their transaction (see the repository's setStatus):
     * undefined when it is not pending; else who reported it and what it was about, by name.
     */
    async setStatus(tx: Db, reportId: number, status: 'reviewed' | 'dismissed', reviewerId: string): Promise<DecidedReport | undefined> {
      const named = await repo.setStatus(tx, reportId, status, reviewerId);
      if (!named) return undefined;
      const target = targetName(named);
      return { id: named.report.id, kind: named.report.kind, reporterId: named.report.reporterId, name: 'title' in target ? target.title : target.username };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
