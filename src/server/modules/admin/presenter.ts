import type { AdminAppeal } from '#shared/sanctions.js';
import type { AdminConversation, AdminMessage, AdminReport, AdminService, AdminUser, AuditEntry } from '#shared/admin.js';
import { asSeenByOthers, isAdministrator } from '../accounts/index.js';
import type { AdminRepository, AdminUserRow } from './repository.js';

type ServiceRecord = Awaited<ReturnType<AdminRepository['pageOfServices']>>[number];
type ReportRecord = Awaited<ReturnType<AdminRepository['pageOfReports']>>[number];
type AppealRecord = Awaited<ReturnType<AdminRepository['pageOfAppeals']>>[number];
type ConversationRecord = Awaited<ReturnType<AdminRepository['pageOfConversations']>>[number];
type MessageRecord = Awaited<ReturnType<AdminRepository['pageOfMessages']>>[number];
type AuditRecord = Awaited<ReturnType<AdminRepository['pageOfAudit']>>[number];

/** Listings keep money as whole cents; every answer speaks dollars (as the listings presenter does). */
const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** The User of the specification (§3) with the email address, as only the administrator sees it. */
export function presentAdminUser(row: AdminUserRow, adminEmails: readonly string[]): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    isBanned: row.isBanned,
    isAdmin: isAdministrator(row, adminEmails),
  };
}

export function presentAdminService({ service: s, category, author }: ServiceRecord): AdminService {
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    listingType: s.listingType,
    category,
    rate: dollars(s.rateCents),
    rateType: s.rateType,
    pricesVary: s.pricesVary,
    isActive: s.isActive,
    expired: s.expired,
    expiresAt: s.expiresAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    deletedAt: s.deletedAt?.toISOString() ?? null,
    author: asSeenByOthers(author),
  };
}

/** A person read through a left join: there, or absent (every column null). */
function present<P extends { id: string | null; username: string | null; deletedAt: Date | null }>(person: P | null): (Omit<P, 'deletedAt' | 'id'> & { id: string }) | null {
  return person?.id != null ? (asSeenByOthers(person) as Omit<P, 'deletedAt' | 'id'> & { id: string }) : null;
}

export function presentAdminReport(record: ReportRecord): AdminReport {
  const { report: r } = record;
  const common = {
    id: r.id,
    status: r.status,
    reason: r.reason,
    description: r.description,
    createdAt: r.createdAt.toISOString(),
    reporter: asSeenByOthers(record.reporter),
    reviewedBy: present(record.reviewedBy),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
  };
  // The columns of the kind's target are there (a check constraint holds one target per report).
  if (r.kind === 'member') return { ...common, kind: 'member', reportedUser: present(record.reportedUser)! };
  if (r.kind === 'message') {
    const m = record.message!;
    return { ...common, kind: 'message', message: { id: m.id!, content: m.content!, createdAt: m.createdAt!.toISOString(), sender: present(record.sender)! }, conversationId: m.conversationId! };
  }
  const s = record.service!;
  return {
    ...common,
    kind: 'service',
    service: {
      id: s.id!,
      title: s.title!,
      description: s.description!,
      listingType: s.listingType!,
      category: { id: record.category!.id!, name: record.category!.name! },
      rate: dollars(s.rateCents),
      rateType: s.rateType!,
      pricesVary: s.pricesVary!,
      deletedAt: s.deletedAt?.toISOString() ?? null,
      author: present(record.author)!,
    },
  };
}

/** An appeal as the administrator sees it: the person (with their address), the ban's reason, and any decision. */
export function presentAdminAppeal(record: AppealRecord): AdminAppeal {
  const { appeal: a } = record;
  return {
    id: a.id,
    status: a.status,
    message: a.message,
    createdAt: a.createdAt.toISOString(),
    user: present(record.user)!,
    ban: { reason: record.ban.reason, createdAt: record.ban.createdAt.toISOString(), bannedBy: present(record.bannedBy) },
    note: a.note,
    decidedBy: present(record.decidedBy),
    decidedAt: a.decidedAt?.toISOString() ?? null,
  };
}

export function presentAdminConversation(record: ConversationRecord): AdminConversation {
  const { conversation: c } = record;
  return {
    id: c.id,
    participant1: asSeenByOthers(record.participant1),
    participant2: asSeenByOthers(record.participant2),
    subject: c.subject,
    service: record.service?.id != null ? { id: record.service.id, title: record.service.title } : null,
    createdAt: c.createdAt.toISOString(),
    lastMessageAt: c.lastMessageAt.toISOString(),
  };
}

export function presentAdminMessage({ message, sender }: MessageRecord): AdminMessage {
  return { id: message.id, content: message.content, createdAt: message.createdAt.toISOString(), fromUser: asSeenByOthers(sender), safetyFlags: message.safetyFlags };
}

export function presentAuditEntry({ entry: e, actor }: AuditRecord): AuditEntry {
  return {
    id: e.id,
    action: e.action,
    actor: present(actor),
    targetType: e.targetType,
    targetId: e.targetId,
    summary: e.summary,
    createdAt: e.createdAt.toISOString(),
  };
}
