/**
 * The words and limits of sanctions and appeals (decision 047), without zod: the sign-in form reads them without loading
 * the schemas; `sanctions.ts` re-exports them beside the schemas.
 */
export const BAN_REASON_MAX = 500;
export const APPEAL_MESSAGE_MAX = 2000;
export const APPEAL_NOTE_MAX = 1000;
/** How long an emailed or shown appeal link works. */
export const APPEAL_LINK_DAYS = 30;
export const APPEAL_STATUSES = ['pending', 'lifted', 'upheld'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

export const SANCTION_TEXTS = {
  reasonTooLong: `The reason must be at most ${BAN_REASON_MAX} characters`,
  messageRequired: 'Please tell us why the suspension should be lifted',
  messageTooLong: `Your appeal must be at most ${APPEAL_MESSAGE_MAX.toLocaleString('en-US')} characters`,
  noteTooLong: `The note must be at most ${APPEAL_NOTE_MAX.toLocaleString('en-US')} characters`,
  invalidAppealLink: 'This appeal link is not valid any more. Sign in with your password to get a new one.',
  alreadyAppealed: 'You have already appealed this suspension. We will email you our decision.',
  tooManyAppeals: 'Too many attempts. Please try again later.',
  appealNotFound: 'Appeal not found',
  appealAlreadyDecided: 'This appeal has already been decided',
  // The person's words.
  appealTitle: 'Appeal your suspension',
  appealIntro: 'Tell our team why your account should be active again. One appeal is read per suspension; we email you the decision.',
  appealLabel: 'Your appeal',
  appealSubmit: 'Send appeal',
  appealSent: 'Your appeal has been sent. We will email you our decision.',
  appealMissingToken: 'This page needs the link from your suspension email or from the sign-in page.',
  suspendedReason: (reason: string) => `Reason: ${reason}`,
  appealLink: 'Appeal this decision',
  appealPending: 'Your appeal is with our team. We will email you the decision.',
  // The administrator's words.
  banReasonLabel: 'Reason (shown to the member)',
  removeReasonLabel: 'Reason (shown to the owner)',
  appealsTitle: 'Appeals',
  noAppeals: 'No appeals found',
  lift: 'Lift the suspension',
  uphold: 'Uphold',
  decisionNoteLabel: 'Note to the member (optional)',
  decided: 'Decision sent',
  decisionFailure: 'The decision could not be saved',
  fetchAppealsFailure: 'Failed to fetch appeals',
  // What the member is told.
  listingRemovedSubject: 'Your listing was removed',
  listingRemoved: (title: string, reason: string | null) =>
    `Our team removed your listing “${title}”${reason ? ` for this reason: ${reason}` : '.'}${reason && !/[.!?]$/.test(reason) ? '.' : ''} If you think this is a mistake, reply to this message.`,
  liftedSubject: 'Your appeal was accepted',
  lifted: 'We reviewed your appeal and lifted the suspension: you can sign in again.',
  upheldSubject: 'Your appeal was reviewed',
  upheld: 'We reviewed your appeal, and the suspension stands.',
} as const;
