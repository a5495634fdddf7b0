import { z } from 'zod';
import { serialId, text } from './input.js';

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

const id = serialId();
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** POST /api/services/{serviceId}/complete */
export const completeServiceSchema = z.object({ conversationId: id });
export type CompleteService = z.infer<typeof completeServiceSchema>;

export const completionSchema = z.object({
  id: z.number(),
  serviceId: z.number(),
  conversationId: z.number(),
  completedBy: z.string(),
  createdAt: z.string(),
});
export type Completion = z.infer<typeof completionSchema>;

/** The Review eligibility of the specification (§3). */
export const reviewEligibilitySchema = z.object({ canReview: z.boolean(), completionId: z.number().nullable() });
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;

/** The review form's own fields (the completion id comes from the eligibility answer). */
export const reviewFormSchema = z.object({
  rating: z.number({ error: REVIEW_TEXTS.ratingRequired }).int(REVIEW_TEXTS.ratingRange).min(RATING_MIN, REVIEW_TEXTS.ratingRequired).max(RATING_MAX, REVIEW_TEXTS.ratingRange),
  reviewText: z.preprocess(blankToUndefined, text().trim().max(REVIEW_TEXT_MAX, REVIEW_TEXTS.reviewTooLong).optional()),
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;

/** POST /api/services/{serviceId}/reviews */
export const createReviewSchema = z.object({
  rating: z.number({ error: REVIEW_TEXTS.ratingRange }).int(REVIEW_TEXTS.ratingRange).min(RATING_MIN, REVIEW_TEXTS.ratingRange).max(RATING_MAX, REVIEW_TEXTS.ratingRange),
  reviewText: reviewFormSchema.shape.reviewText,
  serviceCompletionId: z.number({ error: REVIEW_TEXTS.missingCompletion }).int(REVIEW_TEXTS.missingCompletion).positive(REVIEW_TEXTS.missingCompletion).max(2_147_483_647, REVIEW_TEXTS.missingCompletion),
});
export type CreateReview = z.infer<typeof createReviewSchema>;

/** POST /api/users/{id}/reviews: the listing's owner reviews the neighbour they dealt with, on one completion of theirs. */
export const createMemberReviewSchema = z.object({
  rating: createReviewSchema.shape.rating,
  reviewText: reviewFormSchema.shape.reviewText,
  completionId: createReviewSchema.shape.serviceCompletionId,
});
export type CreateMemberReview = z.infer<typeof createMemberReviewSchema>;

export const reviewsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_MAX).default(REVIEWS_PAGE_SIZE) });

/** The Review of the specification (§3). */
export const reviewSchema = z.object({
  id: z.number(),
  rating: z.number().int(),
  reviewText: z.string().nullable(),
  createdAt: z.string(),
  reviewer: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), username: z.string().nullable() }),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * A review a member received, with the listing it is about (their member page, decision 049): always there for a review
 * of their listing; null for a member review whose listing is gone for good (decision 048).
 */
export const receivedReviewSchema = reviewSchema.extend({ service: z.object({ id: z.number(), title: z.string() }).nullable() });
export type ReceivedReview = z.infer<typeof receivedReviewSchema>;
export const receivedReviewsPageSchema = z.object({ reviews: z.array(receivedReviewSchema), nextCursor: z.string().nullable() });
export type ReceivedReviewsPage = z.infer<typeof receivedReviewsPageSchema>;
/** A member review (decision 048) answers the same shape: the reviewer, and the listing the job was about. */
export const memberReviewSchema = receivedReviewSchema;
export type MemberReview = ReceivedReview;

/** Which reviews of a member's page: those of their listings, or those they received as a member (decision 048). */
export const REVIEW_ABOUT = ['listings', 'member'] as const;
export type ReviewAbout = (typeof REVIEW_ABOUT)[number];

/** GET /api/users/{username}/reviews */
export const receivedReviewsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_MAX).default(REVIEWS_PAGE_SIZE),
  cursor: text().max(200).optional(),
  about: z.enum(REVIEW_ABOUT).default('listings'),
});
export type ReceivedReviewsQuery = z.infer<typeof receivedReviewsQuerySchema>;

/** The Rating stats of the specification (§3): the exact average (null without reviews); one decimal is the card's concern. */
export const ratingStatsSchema = z.object({ averageRating: z.number().nullable(), reviewCount: z.number().int() });
export type RatingStats = z.infer<typeof ratingStatsSchema>;

/** The exact average of `count` ratings summing to `sum`. */
export const averageOf = (sum: number, count: number) => (count > 0 ? sum / count : null);
