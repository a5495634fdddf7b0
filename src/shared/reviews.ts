import { z } from 'zod';
import { serialId, text } from './input.js';
import { RATING_MIN, RATING_MAX, REVIEW_TEXT_MAX, REVIEWS_PAGE_SIZE, REVIEWS_PAGE_MAX, REVIEW_TEXTS, REVIEW_ABOUT } from './review-texts.js';
export * from './review-texts.js';

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
