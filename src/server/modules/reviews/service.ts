import type { CompleteService, CreateReview, RatingStats, ReviewEligibility } from '#shared/reviews.js';
import { averageOf, REVIEW_ERRORS } from '#shared/reviews.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { transaction } from '../../lib/transaction.js';
import type { Viewer } from '../../lib/viewer.js';
import { presentCompletion, presentReview } from './presenter.js';
import type { ReviewsRepository } from './repository.js';
import type { ListingsService } from '../listings/index.js';
import { z } from 'zod';
import { cursorCodec, pageOf } from '../../lib/paging.js';
import type { ReceivedReviewsPage } from '#shared/reviews.js';

/** Opaque to clients: the id of the last review shown; the next page reads older ones. */
const receivedCursor = cursorCodec(z.object({ k: z.literal('received'), i: z.number().int().positive().max(2_147_483_647) }));

/**
 * What reviews need from the listings module: the access policy's answer (a paused listing, or one whose owner is
 * banned, can still be completed and reviewed by those who dealt with it), and the rating counters on the listing,
 * counted in the review's transaction.
 */
export type ReviewedListings = Pick<ListingsService, 'access' | 'addRating' | 'ratingCounters'>;

const takesPart = (c: { participant1Id: string; participant2Id: string }, userId: string) => c.participant1Id === userId || c.participant2Id === userId;

export function createReviewsService(deps: { db: Db; repo: ReviewsRepository; listings: ReviewedListings }) {
  const { db, repo, listings } = deps;

  async function loadService(id: number, viewer: Viewer | null) {
    const { listing, ...access } = await listings.access(id, viewer?.id ?? null);
    if (!listing) throw notFound(REVIEW_ERRORS.serviceNotFound);
    return { ...listing, own: access.reason === 'own', deleted: access.deleted };
  }

  return {
    /** Marks the listing complete for one conversation about it; a repeat answers the existing completion. */
    async complete(user: Viewer, serviceId: number, input: CompleteService) {
      const service = await loadService(serviceId, user);
      const conversation = await repo.findConversation(input.conversationId);
      if (!conversation) throw notFound(REVIEW_ERRORS.conversationNotFound);
      if (!takesPart(conversation, user.id)) throw forbidden(REVIEW_ERRORS.notParticipant);
      if (conversation.serviceId !== serviceId) throw badRequest(REVIEW_ERRORS.conversationNotAboutService);
      const existing = await repo.findCompletionOfConversation(conversation.id);
      if (existing) return { created: false, completion: presentCompletion(existing) };
      if (service.deleted) throw conflict(REVIEW_ERRORS.serviceDeleted, { code: 'listing_deleted' });
      if (!(await repo.ownerHasWritten(conversation.id, service.userId))) throw conflict(REVIEW_ERRORS.ownerHasNotReplied, { code: 'no_reply_yet' });
      const inserted = await repo.insertCompletion({ serviceId, conversationId: conversation.id, completedBy: user.id });
      // Another request completed it between the look-up and the insert.
      const completion = inserted ?? (await repo.findCompletionOfConversation(conversation.id))!;
      return { created: inserted !== undefined, completion: presentCompletion(completion) };
    },

    async eligibility(user: Viewer, serviceId: number): Promise<ReviewEligibility> {
      const service = await loadService(serviceId, user);
      if (service.own || service.deleted) return { canReview: false, completionId: null };
      // An unverified person stays eligible: the form asks them to confirm their address rather than vanishing.
      const completionId = await repo.unreviewedCompletionOf(serviceId, service.userId, user.id);
      return { canReview: completionId !== undefined, completionId: completionId ?? null };
    },

    async create(user: Viewer, serviceId: number, input: CreateReview) {
      const service = await loadService(serviceId, user);
      if (service.own) throw forbidden(REVIEW_ERRORS.ownService, { code: 'own_listing' });
      if (service.deleted) throw conflict(REVIEW_ERRORS.serviceDeleted, { code: 'listing_deleted' });
      const found = await repo.findCompletion(input.serviceCompletionId);
      if (!found) throw notFound(REVIEW_ERRORS.completionNotFound);
      if (found.completion.serviceId !== serviceId) throw badRequest(REVIEW_ERRORS.completionNotForService);
      if (!takesPart(found, user.id)) throw forbidden(REVIEW_ERRORS.notYourCompletion);
      if (!(await repo.ownerHasWritten(found.completion.conversationId, service.userId))) throw conflict(REVIEW_ERRORS.ownerHasNotReplied, { code: 'no_reply_yet' });
      if (!user.emailVerified) throw forbidden(REVIEW_ERRORS.emailNotVerified, { code: 'email_not_verified' });
      const review = await transaction(db, async (tx) => {
        const row = await repo.insertReview(tx, {
          serviceId,
          completionId: found.completion.id,
          reviewerId: user.id,
          rating: input.rating,
          reviewText: input.reviewText ?? null,
        });
        if (!row) throw conflict(REVIEW_ERRORS.alreadyReviewed, { code: 'already_reviewed' });
        await listings.addRating(tx, serviceId, input.rating);
        return row;
      });
      return presentReview((await repo.findReview(review.id))!);
    },

    async list(serviceId: number, limit: number) {
      await loadService(serviceId, null);
      return (await repo.listForService(serviceId, limit)).map(presentReview);
    },

    /** The reviews a member received on their listings, newest first (their member page, issue 18). */
    async receivedBy(ownerId: string, q: { limit: number; cursor?: string }): Promise<ReceivedReviewsPage> {
      const before = receivedCursor.decode(q.cursor)?.i;
      const rows = await repo.listReceived(ownerId, q.limit + 1, before);
      const page = pageOf(rows, q.limit, (last) => receivedCursor.encode({ k: 'received', i: last.review.id }));
      return { reviews: page.items.map((row) => ({ ...presentReview(row), service: row.service })), nextCursor: page.nextCursor };
    },

    async stats(serviceId: number): Promise<RatingStats> {
      const counters = await listings.ratingCounters(serviceId);
      if (!counters) throw notFound(REVIEW_ERRORS.serviceNotFound);
      return { averageRating: averageOf(counters.ratingSum, counters.reviewCount), reviewCount: counters.reviewCount };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
