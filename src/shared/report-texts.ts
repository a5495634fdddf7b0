/**
 * The reporting rules' words and limits, without zod: the card's Report menu reads them without loading the
 * schemas (issue 17); `reports.ts` re-exports them beside the schemas.
 */
export const REPORT_REASONS = ['inappropriate_content', 'spam', 'misleading', 'harassment', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Spec section 3 labels, in the spec's order. */
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
/** Abuse limit (issue 5): reports per person per hour. */
export const REPORTS_PER_HOUR = 10;

/** Spec section 8 toasts, word for word. */
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
