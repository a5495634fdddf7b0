import type { Completion, Review } from '#shared/reviews.js';
import { asSeenByOthers } from '../accounts/index.js';
import type { CompletionRow, ReviewsRepository } from './repository.js';

type ReviewRecord = NonNullable<Awaited<ReturnType<ReviewsRepository['findReview']>>>;

export function presentCompletion(c: CompletionRow): Completion {
  return { id: c.id, serviceId: c.serviceId, conversationId: c.conversationId, completedBy: c.completedBy, createdAt: c.createdAt.toISOString() };
}

/** The Review of spec section 3: the reviewer by name only, never an id or an email address; 'Deleted user' once they left. */
export function presentReview({ review, reviewer }: ReviewRecord): Review {
  return { id: review.id, rating: review.rating, reviewText: review.reviewText, createdAt: review.createdAt.toISOString(), reviewer: asSeenByOthers(reviewer) };
}
