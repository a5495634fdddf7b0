/**
 * The reporting rules' words and limits, without zod: the card's Report menu reads them without loading the
 * schemas; `reports.ts` re-exports them beside the schemas.
 */
export const REPORT_REASONS = ['inappropriate_content', 'spam', 'misleading', 'harassment', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The labels of the specification (§3), in its order. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  inappropriate_content: 'Inappropriate Content',
  spam: 'Spam',
  misleading: 'Misleading Information',
  harassment: 'Harassment',
  illegal: 'Illegal Activity',
  other: 'Other',
};
export const REPORT_STATUSES = ['pending', 'reviewed', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_DESCRIPTION_MAX = 1000;
/** Abuse limit (decision 011): reports per person per hour. */
export const REPORTS_PER_HOUR = 10;

/** The toasts of the specification (§8), word for word. */
export const REPORT_TEXTS = {
  signInTitle: 'Sign in required',
  signInBody: 'Please sign in to report services.',
  ownListingTitle: 'Cannot report own service',
  ownListing: 'You cannot report your own service.',
  reasonRequiredTitle: 'Reason required',
  reasonRequired: 'Please select a reason for reporting this service.',
  failure: 'Failed to submit report. Please try again.',
  submittedTitle: 'Report submitted',
  submittedBody: 'Thank you for reporting this service. We will review it shortly.',
  descriptionTooLong: `Description must be at most ${REPORT_DESCRIPTION_MAX.toLocaleString('en-US')} characters`,
} as const;

/** Server answers (the client shows the `message` of a failure as it comes). */
export const REPORT_ERRORS = {
  serviceNotFound: 'Service not found',
  serviceDeleted: 'This service has been deleted and can no longer be reported.',
  alreadyReported: 'You have already reported this service',
  tooManyReports: `You can report at most ${REPORTS_PER_HOUR} services an hour. Please try again later.`,
} as const;

/** What can be reported (decision 046): a listing, a member, or a message in a conversation. */
export const REPORT_KINDS = ['service', 'member', 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Reports of members and messages (decision 046): the same rules as a listing's, in their own words. */
export const PERSON_REPORT_TEXTS = {
  memberNotFound: 'Member not found',
  ownMember: 'You cannot report yourself.',
  alreadyReportedMember: 'You have already reported this member',
  messageNotFound: 'Message not found',
  ownMessage: 'You cannot report your own message.',
  alreadyReportedMessage: 'You have already reported this message',
  tooManyReports: `You can send at most ${REPORTS_PER_HOUR} reports an hour. Please try again later.`,
  // The browser's words.
  reportMember: (name: string) => `Report ${name}`,
  reportMessage: 'Report message',
  memberDialogBody: (name: string) => `Tell us what is wrong with ${name}'s behaviour. Our team reviews every report; ${name} is not told who sent it.`,
  messageDialogBody: (name: string) => `Tell us what is wrong with this message from ${name}. Our team reviews every report and can read the conversation; ${name} is not told who sent it.`,
  submittedMember: 'Thank you for reporting this member. We will review it shortly.',
  submittedMessage: 'Thank you for reporting this message. We will review it shortly.',
} as const;

/**
 * The message from the team a reporter receives when their report is decided (decision 046): what it was about (a
 * listing's title in quotes, a member's username, or "a message from" its sender) and the outcome.
 */
export const REPORT_OUTCOME_TEXTS = {
  subject: 'About your report',
  about: (kind: ReportKind, name: string) => (kind === 'service' ? `“${name}”` : kind === 'member' ? name : `a message from ${name}`),
  reviewed: (about: string) => `Thank you for your report about ${about}: we reviewed it and took action.`,
  dismissed: (about: string) => `Thank you for your report about ${about}: we found it does not break the community rules.`,
} as const;

/** One of the reporter's own reports (GET /api/my-reports), as the profile reads it; the zod schema is in reports.ts. */
export interface MyReport {
  id: number;
  kind: ReportKind;
  status: ReportStatus;
  reason: ReportReason;
  createdAt: string;
  reviewedAt: string | null;
  target: { title: string } | { username: string };
}

/** The profile's 'My reports' section (decision 046). */
export const MY_REPORT_TEXTS = {
  title: 'My reports',
  help: 'What you reported, and what our team decided. We also tell you in Messages.',
  empty: "You haven't reported anything.",
  failure: 'Your reports could not be loaded.',
  kind: { service: 'Listing', member: 'Member', message: 'Message' } satisfies Record<ReportKind, string>,
  status: { pending: 'Pending', reviewed: 'Action taken', dismissed: 'No rule broken' } satisfies Record<ReportStatus, string>,
} as const;
