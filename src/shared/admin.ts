import { z } from 'zod';
import { text } from './input.js';
import { participantSchema } from './messaging.js';
import { SAFETY_FLAGS } from './safety-flags.js';
import { REPORT_KINDS, REPORT_REASONS, REPORT_STATUSES } from './reports.js';
import { LISTING_TYPES, RATE_TYPES } from './services.js';

/**
 * The administrator's API (the specification, §2, §6 and §7, decision 012): every list is paginated with an opaque keyset
 * `cursor` and answers `{ <items>, total, nextCursor }`, so the dashboard stays fast with 100,000 listings.
 */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_MAX = 100;

/** The toasts of the specification (§8) and its texts of §2, word for word. */
export const ADMIN_TEXTS = {
  accessDenied: 'Access denied. This page is restricted to administrators only.',
  title: 'Admin Dashboard',
  usersTitle: 'User Management',
  servicesTitle: 'Service Management',
  reportsTitle: 'Service Reports',
  conversationsTitle: 'All Conversations',
  auditTitle: 'Audit Log',
  noUsername: 'No username',
  showDeleted: 'Show deleted services',
  deletePermanently: 'Delete Permanently',
  viewService: 'View Service',
  noReportsTitle: 'No reports found',
  noReportsYet: 'No service reports have been submitted yet.',
  noMessages: 'No messages in this conversation',
  backToConversations: 'Back to Conversations',
  // Reports of members and messages (decision 046).
  backToReports: 'Back to Reports',
  readConversation: 'Read the conversation',
  reportedMember: 'Reported member',
  reportedMessage: 'Reported message',
  banFailure: 'Error banning user',
  unbanFailure: 'Error unbanning user',
  deleteFailure: 'Error deleting service',
  reportStatusFailure: 'Error updating report status',
  banned: 'User banned successfully',
  unbanned: 'User unbanned successfully',
  serviceDeleted: 'Service permanently deleted',
  reportStatusUpdated: 'Report status updated successfully',
  fetchUsersFailure: 'Failed to fetch users',
  fetchServicesFailure: 'Failed to fetch services',
  fetchReportsFailure: 'Failed to fetch reports',
  fetchConversationsFailure: 'Failed to fetch conversations',
  fetchMessagesFailure: 'Failed to fetch messages',
  overviewTab: 'Overview',
  fetchOverviewFailure: 'Failed to fetch the overview',
  activityTitle: 'Activity per week',
  newMembers: 'New members',
  newListings: 'New listings',
  messagesSent: 'Messages sent',
  completedJobs: 'Completed jobs',
  weekOf: 'Week of',
  showNumbers: 'Show the numbers',
  attentionTitle: 'Needs attention',
  openReports: 'Open reports',
  reviewReports: 'Review reports',
  unansweredRequests: 'Unanswered requests',
  mailOutbox: 'Mail outbox',
  nothingWaiting: 'Nothing waiting to be sent',
  lastBackup: 'Last backup',
} as const;

export const totalUsersLabel = (n: number) => `${n.toLocaleString('en-US')} total users`;
export const servicesCountLabel = (n: number) => `${n.toLocaleString('en-US')} services`;
export const totalReportsLabel = (n: number) => `${n.toLocaleString('en-US')} total reports`;
export const noReportsWithStatus = (status: string) => `No reports with status "${status}" found.`;
export const joinedLabel = (date: string) => `Joined ${date}`;
export const reviewedByLabel = (date: string) => `Reviewed by admin on ${date}`;
/** The Overview tab's sentences (decision 029). */
export const weeksTotalLabel = (total: string, weeks: number) => `${total} in ${weeks} weeks`;
export const weeklyChartLabel = (title: string, weeks: number, thisWeek: string, max: string) =>
  `${title}, bar chart of the last ${weeks} weeks: ${thisWeek} this week, at most ${max} in a week`;
export const unansweredHint = (days: number) => `Requests older than ${days} days that nobody has written about`;
export const postedLabel = (date: string) => `Posted ${date}`;
export const waitingLabel = (pending: string) => `${pending} waiting`;
export const failedLabel = (failed: string) => `${failed} failed after every retry`;
export const oldestWaitingLabel = (time: string) => `Oldest waiting since ${time}`;

/** The Overview tab (decision 029): how many weeks its charts cover, and when a request counts as unanswered. */
export const OVERVIEW_WEEKS = 12;
export const UNANSWERED_REQUEST_DAYS = 3;
/** The oldest unanswered requests named in the answer, so the organiser can act on them. */
export const UNANSWERED_REQUESTS_SHOWN = 5;

/** Server answers for refused administrator actions. */
export const ADMIN_ERRORS = {
  forbidden: 'Administrator access required',
  userNotFound: 'User not found',
  cannotBanAdmin: 'An administrator cannot be banned',
  serviceNotFound: 'Service not found',
  reportNotFound: 'Report not found',
  reportAlreadyHandled: 'This report has already been reviewed or dismissed',
  conversationNotFound: 'Conversation not found',
  invalidCursor: 'Invalid cursor',
} as const;

/** The administrator's lists' paging parameters (`limit`, `cursor`). */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_SIZE),
  cursor: text().max(500).optional(),
};

const booleanParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

export const adminUsersQuerySchema = z.object(pageQuery);
export const adminServicesQuerySchema = z.object({ ...pageQuery, includeDeleted: booleanParam.default(false) });
/** `status` absent or 'all' lists every report. */
export const adminReportsQuerySchema = z.object({
  ...pageQuery,
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(REPORT_STATUSES).optional()),
  /** Beyond the spec (decision 046): only reports of listings, of members or of messages; absent or 'all' lists every kind. */
  kind: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(REPORT_KINDS).optional()),
});
export const adminConversationsQuerySchema = z.object(pageQuery);
export const adminMessagesQuerySchema = z.object(pageQuery);
export const adminAuditQuerySchema = z.object(pageQuery);

/** PATCH /api/admin/reports/{id}/status: only out of 'pending'. */
export const reportStatusUpdateSchema = z.object({ status: z.enum(['reviewed', 'dismissed']) });
export type ReportStatusUpdate = z.infer<typeof reportStatusUpdateSchema>;

/** A person as the administrator sees them: the User of the specification (§3) with the email address. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
  isBanned: z.boolean(),
  isAdmin: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const authorSchema = z.object({ id: z.string(), username: z.string().nullable(), email: z.string().nullable() });

export const adminServiceSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  listingType: z.enum(LISTING_TYPES),
  category: z.object({ id: z.number(), name: z.string() }),
  rate: z.number().nullable(),
  rateType: z.enum(RATE_TYPES),
  pricesVary: z.boolean(),
  isActive: z.boolean(),
  /** Decision 051: hidden since its expiry passed, until its owner renews it; when it expires (null with expiry off). */
  expired: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
  author: authorSchema,
});
export type AdminService = z.infer<typeof adminServiceSchema>;

const adminReportFields = {
  id: z.number(),
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  description: z.string().nullable(),
  createdAt: z.string(),
  reporter: authorSchema,
  reviewedBy: authorSchema.nullable(),
  reviewedAt: z.string().nullable(),
};

/**
 * The Report of the specification (§3) as the administrator sees it: the people and the reported listing in full, and beyond
 * the spec its `kind` (decision 046). A member's report names the member (`reportedUser`); a message's carries the message
 * and its conversation, which the administrator can open.
 */
export const adminReportSchema = z.discriminatedUnion('kind', [
  z.object({
    ...adminReportFields,
    kind: z.literal('service'),
    service: adminServiceSchema.pick({ id: true, title: true, description: true, listingType: true, category: true, rate: true, rateType: true, pricesVary: true, deletedAt: true, author: true }),
  }),
  z.object({ ...adminReportFields, kind: z.literal('member'), reportedUser: authorSchema.extend({ isBanned: z.boolean() }) }),
  z.object({
    ...adminReportFields,
    kind: z.literal('message'),
    message: z.object({ id: z.number(), content: z.string(), createdAt: z.string(), sender: authorSchema }),
    conversationId: z.number(),
  }),
]);
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminConversationSchema = z.object({
  id: z.number(),
  participant1: participantSchema,
  participant2: participantSchema,
  subject: z.string().nullable(),
  /** Null when the listing was never linked, or was permanently deleted since. */
  service: z.object({ id: z.number(), title: z.string() }).nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;

export const adminMessageSchema = z.object({
  id: z.number(),
  content: z.string(),
  createdAt: z.string(),
  fromUser: participantSchema,
  /** Beyond the spec (decision 044): the signs of a scam the text carried when it was sent. */
  safetyFlags: z.array(z.enum(SAFETY_FLAGS)),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

/** Backups taken and listed from the dashboard or by `npm run backup`, and restores (decision 027); the target is the file. */
export const BACKUP_AUDIT_ACTIONS = ['backup.create', 'backup.list', 'backup.restore'] as const;
export const AUDIT_ACTIONS = ['user.ban', 'user.unban', 'service.delete', 'report.status', 'conversation.read', 'appeal.lift', 'appeal.uphold', ...BACKUP_AUDIT_ACTIONS] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.ban': 'Banned a user',
  'user.unban': 'Unbanned a user',
  'service.delete': 'Permanently deleted a service',
  'report.status': 'Changed a report status',
  'conversation.read': 'Read a conversation',
  'appeal.lift': 'Lifted a ban on appeal',
  'appeal.uphold': 'Upheld a ban on appeal',
  'backup.create': 'Backed up the site',
  'backup.list': 'Viewed the list of backups',
  'backup.restore': 'Restored the site from a backup',
};
export const AUDIT_TARGET_TYPES = ['user', 'service', 'report', 'conversation', 'backup'] as const;

/** How the Audit log names who did a backup action that no account did (`byServerOperator`). */
export const SERVER_OPERATOR_LABEL = 'The person looking after the server (from the server itself)';

/**
 * `npm run backup` and `npm run restore` run on the server itself, by whoever looks after it, with no account: their
 * entries have no actor (decision 027). Any other entry without one lost it when its administrator's account went.
 */
export const byServerOperator = (entry: { action: AuditAction; actor: unknown }) =>
  entry.actor === null && (BACKUP_AUDIT_ACTIONS as readonly AuditAction[]).includes(entry.action);

/** One administrator action, append-only: who, what, which target, when, and what it was at the time. */
export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  actor: authorSchema.nullable(),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  /** What the target was called at the time (a username, a listing title, a report's new status…), kept after it is gone. */
  summary: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int(), nextCursor: z.string().nullable() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;
export const adminServicesPageSchema = z.object({ services: z.array(adminServiceSchema), total: z.number().int(), nextCursor: z.string().nullable() });
export type AdminServicesPage = z.infer<typeof adminServicesPageSchema>;
export const adminReportsPageSchema = z.object({ reports: z.array(adminReportSchema), total: z.number().int(), nextCursor: z.string().nullable() });
export type AdminReportsPage = z.infer<typeof adminReportsPageSchema>;
export const adminConversationsPageSchema = z.object({
  conversations: z.array(adminConversationSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type AdminConversationsPage = z.infer<typeof adminConversationsPageSchema>;
/** A conversation's messages, oldest first, read forwards page by page. */
export const adminMessagesPageSchema = z.object({ messages: z.array(adminMessageSchema), total: z.number().int(), nextCursor: z.string().nullable() });
export type AdminMessagesPage = z.infer<typeof adminMessagesPageSchema>;
export const auditLogPageSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number().int(), nextCursor: z.string().nullable() });
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

const count = z.number().int().min(0);

/** One week of the Overview's charts: rows created from Monday 00:00 UTC (`weekStart`) for seven days. */
export const overviewWeekSchema = z.object({
  weekStart: z.iso.date(),
  members: count,
  listings: count,
  messages: count,
  completedJobs: count,
});
export type OverviewWeek = z.infer<typeof overviewWeekSchema>;

/** GET /api/admin/overview (decision 029). */
export const adminOverviewSchema = z.object({
  /** `OVERVIEW_WEEKS` weeks, oldest first; the last one is the current, partial week. */
  weeks: z.array(overviewWeekSchema).length(OVERVIEW_WEEKS),
  /** Pending reports, as the Reports tab's 'pending' filter counts them. */
  openReports: count,
  /** Public requests older than `UNANSWERED_REQUEST_DAYS` days that nobody has written about. */
  unansweredRequests: z.object({
    total: count,
    oldest: z.array(z.object({ id: z.number(), title: z.string(), createdAt: z.string() })).max(UNANSWERED_REQUESTS_SHOWN),
  }),
  /** The mail outbox as the metrics read it: waiting, given up on, and when the oldest waiting email was written. */
  outbox: z.object({ pending: count, failed: count, oldestPendingAt: z.string().nullable() }),
  lastBackup: z.object({ at: z.string(), sizeBytes: z.number(), file: z.string() }).nullable(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
