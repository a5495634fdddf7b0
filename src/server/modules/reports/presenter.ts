import { DELETED_USER_NAME } from '#shared/account.js';
import type { MemberReport, MessageReport, MyReports, Report } from '#shared/reports.js';
import type { Viewer } from '../../lib/viewer.js';
import type { NamedReport, ReportRow } from './repository.js';

/** What every report answers its reporter of itself, whatever it is about: the reporter by id and username only. */
function reportFields(row: ReportRow, reporter: Viewer) {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    reporter: { id: reporter.id, username: reporter.username },
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** A listing's report as its reporter receives it: the Report of the specification (§3), with its `kind` (decision 046). */
export function presentReport(row: ReportRow, reporter: Viewer, service: { id: number; title: string }): Report {
  return { ...reportFields(row, reporter), kind: 'service', service: { id: service.id, title: service.title } };
}

export function presentMemberReport(row: ReportRow, reporter: Viewer, member: { id: string; username: string | null }): MemberReport {
  return { ...reportFields(row, reporter), kind: 'member', reportedUser: { id: member.id, username: member.username } };
}

/** A message's report names the message and its conversation, never its content (the reporter has it). */
export function presentMessageReport(row: ReportRow, reporter: Viewer, message: { id: number; conversationId: number }): MessageReport {
  return { ...reportFields(row, reporter), kind: 'message', message: { id: message.id, conversationId: message.conversationId } };
}

/** A report's target as people name it: the listing's title, or the member's username (for a message, its sender's). */
export function targetName(named: NamedReport): { title: string } | { username: string } {
  const { report } = named;
  if (report.kind === 'service') return { title: named.serviceTitle ?? '' };
  const [username, deletedAt] = report.kind === 'member' ? [named.reportedUsername, named.reportedDeletedAt] : [named.senderUsername, named.senderDeletedAt];
  return { username: deletedAt || !username ? DELETED_USER_NAME : username };
}

/** The reporter's own reports and what became of each, the target by name only (`GET /api/my-reports`). */
export function presentMyReports(rows: NamedReport[]): MyReports {
  return {
    reports: rows.map((named) => ({
      id: named.report.id,
      kind: named.report.kind,
      status: named.report.status,
      reason: named.report.reason,
      createdAt: named.report.createdAt.toISOString(),
      reviewedAt: named.report.reviewedAt?.toISOString() ?? null,
      target: targetName(named),
    })),
  };
}
