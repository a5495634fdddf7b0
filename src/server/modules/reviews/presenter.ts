import type { Completion, ReceivedReview, Review } from '#shared/reviews.js';
import { asSeenByOthers } from '../accounts/index.js';
import type { CompletionRow } from './repository.js';

/** A review of a listing or of a member, with its reviewer's names as stored. */
interface ReviewRecord {
  review: { id: number; rating: number; reviewText: string | null; createdAt: Date };
  reviewer: { firstName: string | null; lastName: string | null; username: string | null; deletedAt: Date | null };
}

export function presentCompletion(c: CompletionRow): Completion {
  return { id: c.id, serviceId: c.serviceId, conversationId: c.conversationId, completedBy: c.completedBy, createdAt: c.createdAt.toISOString() };
}

/** The Review of the specification (§3): the reviewer by name only, never an id or an email address; 'Deleted user' once they left. */
export function presentReview({ review, reviewer }: ReviewRecord): Review {
  return { id: review.id, rating: review.rating, reviewText: review.reviewText, createdAt: review.createdAt.toISOString(), reviewer: asSeenByOthers(reviewer) };
}

/** A review a member received (of one of their listings, or of them as a member), with the listing the job was about. */
export function presentReceived(row: ReviewRecord & { service: ReceivedReview['service'] }): ReceivedReview {
  return { ...presentReview(row), service: row.service };
}
