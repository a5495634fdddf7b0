/** Reviews' limits and texts (decisions 048), without their schemas: what a page shows needs no zod, which only its forms bring (decision 068). */

/** Completion, review and rating rules of the specification (§3, §5, §7, §8 and §9) and decision 011: one definition for the forms and the API. */
export const RATING_MIN = 1;

export const RATING_MAX = 5;

export const REVIEW_TEXT_MAX = 1000;

/** Reviews per answer of GET /api/services/{serviceId}/reviews, newest first; the stats count them all. */
export const REVIEWS_PAGE_SIZE = 50;

export const REVIEWS_PAGE_MAX = 100;

/** The toasts of the specification (§8) and its messages of §5, word for word. */
export const REVIEW_TEXTS = {
  completeButton: 'Mark as Complete',
  // Asked before the job is marked complete (decision 068): it cannot be undone.
  completeConfirmTitle: 'Mark this job as complete?',
  completeConfirmBody: 'Do this once the job is done. You can then review each other, and it cannot be undone.',
  completeConfirmCancel: 'Not yet',
  completedButton: 'Completed',
  completedTitle: 'Service Completed',
  completedBody: 'You can now leave a review.',
  // The owner never reviews their own listing (decision 011): the same title without an invitation they cannot take up.
  completedOwnerBody: 'Your neighbour can now leave a review.',
  completeFailureTitle: 'Error',
  completeFailure: 'Failed to mark service as completed',
  ratingRequiredTitle: 'Rating Required',
  ratingRequired: 'Please select a star rating',
  reviewFailureTitle: 'Error',
  reviewFailure: 'Failed to submit review',
  missingCompletion: 'No completion ID available',
  submittedTitle: 'Review Submitted',
  submittedBody: 'Thank you for your feedback!',
  // The conversation's prompt to review the listing, and its dialog: the same dialog as the owner's 'Review {username}' (decision 071).
  reviewListingButton: 'Leave a review',
  reviewListingTitle: (title: string) => `Review “${title}”`,
  reviewListingDescription: "How was the job? Your review shows on the listing's page.",
  ratingRange: `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
  reviewTooLong: `Review must be at most ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters`,
} as const;

/** Server answers (the client shows the `message` of a failure as it comes). */
export const REVIEW_ERRORS = {
  serviceNotFound: 'Service not found',
  serviceDeleted: 'This service has been deleted',
  conversationNotFound: 'Conversation not found',
  notParticipant: 'You are not a participant in this conversation',
  conversationNotAboutService: 'This conversation is not about this service',
  completionNotFound: 'Completion not found',
  completionNotForService: 'This completion is not for this service',
  notYourCompletion: 'Only the person who received this service can review it',
  ownService: 'You cannot review your own service',
  alreadyReviewed: 'You have already reviewed this service',
  // Earned reviews (decision 022): a throwaway account alone can neither complete a job nor rate it.
  ownerHasNotReplied: "The listing's owner has not replied in this conversation yet. A job can be marked complete once they have.",
  emailNotVerified: 'Confirm your email address to write a review',
} as const;

/** Member reviews a listing's owner may write in an hour (every write has a rate limit; only accepted ones count). */
export const MEMBER_REVIEWS_PER_HOUR = 30;

/**
 * Jobs one person may mark complete, and listings they may review, in an hour (decision 075): only accepted ones
 * count. A busy neighbour finishes a handful of jobs a day; thirty an hour is only reached by a script.
 */
export const COMPLETIONS_PER_HOUR = 30;

export const REVIEWS_PER_HOUR = 30;

/** The 429s of those budgets (decision 075). */
export const REVIEW_LIMIT_TEXTS = {
  tooManyCompletions: 'You have marked a lot of jobs complete in the last hour. Please try again later.',
  tooManyReviews: 'You have written a lot of reviews in the last hour. Please try again later.',
} as const;

/**
 * Reviews the other way (decision 048): the listing's owner reviews the neighbour they dealt with. The server's
 * refusals and the browser's words.
 */
export const MEMBER_REVIEW_TEXTS = {
  /** Decision 049, word for word: the conversation strip's offer to the owner once eligible. */
  reviewMember: (username: string) => `Review ${username}`,
  dialogTitle: (username: string) => `Review ${username}`,
  dialogDescription: 'How was the job with them? Your review shows on their member page.',
  cannotReviewSelf: 'You cannot review yourself',
  notBetweenYou: 'This job was not between you and this member',
  ownerOnly: 'Only the owner of the listing reviews the other neighbour of the job; you can review the listing instead.',
  ownerHasNotWritten: 'You have not written in this conversation, so this job earns no review.',
  alreadyReviewed: 'You have already reviewed this member for this job',
  tooMany: 'Too many reviews. Please try again later.',
} as const;

/** In the review form's place for someone who may review but has not confirmed an address yet (decision 022). */
export const REVIEW_VERIFY_TEXTS = {
  hint: 'Confirm your email address to write a review: open the link we emailed you, or ask for a new one.',
  noEmail: 'Add an email address on your profile and confirm it to write a review.',
} as const;

/** Which reviews of a member's page: those of their listings, or those they received as a member (decision 048). */
export const REVIEW_ABOUT = ['listings', 'member'] as const;

export type ReviewAbout = (typeof REVIEW_ABOUT)[number];
