import { z } from 'zod';
import type { LiveEvent } from '#shared/messaging.js';
import type { CompleteService, CreateMemberReview, CreateReview, MemberReview, RatingStats, ReceivedReviewsPage, ReviewAbout, ReviewEligibility } from '#shared/reviews.js';
import { averageOf, MEMBER_REVIEW_TEXTS, REVIEW_ERRORS } from '#shared/reviews.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { cursorCodec, pageOf } from '../../lib/paging.js';
import { transaction } from '../../lib/transaction.js';
import type { Viewer } from '../../lib/viewer.js';
import { presentCompletion, presentReceived, presentReview } from './presenter.js';
import type { ReviewsRepository } from './repository.js';
import type { ListingsService } from '../listings/index.js';

/**
 * Opaque to clients: the id of the last review shown; the next page reads older ones. Each list names itself, so a
 * cursor of the reviews of someone's listings is refused by the list of their member reviews, and the other way.
 */
const reviewId = z.number().int().positive().max(2_147_483_647);
const receivedCursor = cursorCodec(z.object({ k: z.literal('received'), i: reviewId }));
const memberCursor = cursorCodec(z.object({ k: z.literal('member'), i: reviewId }));

/**
 * What reviews need from the listings module: the access policy's answer (a paused listing, or one whose owner is
 * banned, can still be completed and reviewed by those who dealt with it), and the rating counters on the listing,
 * counted in the review's transaction.
 */
export type ReviewedListings = Pick<ListingsService, 'access' | 'addRating' | 'ratingCounters'>;

/** What reviews need from the live events module. */
export interface ReviewsEvents {
  publish(userIds: string[], event: LiveEvent): Promise<void>;
}

const takesPart = (c: { participant1Id: string; participant2Id: string }, userId: string) => c.participant1Id === userId || c.participant2Id === userId;

export function createReviewsService(deps: { db: Db; repo: ReviewsRepository; listings: ReviewedListings; events: ReviewsEvents }) {
  const { db, repo, listings, events } = deps;

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
      const completion = presentCompletion(inserted ?? (await repo.findCompletionOfConversation(conversation.id))!);
      // The conversation's two people, and no one else (decision 071): the other side's open chat shows 'Completed' and
      // its review prompt at once, and the completer's other tabs follow. Other conversations about the same listing
      // have their own completions and hear nothing. Only the request that stored it announces it; the insert has
      // committed (no transaction here), and `publish` never rejects.
      if (inserted) await events.publish([conversation.participant1Id, conversation.participant2Id], { type: 'completed', completion });
      return { created: inserted !== undefined, completion };
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

    /** `exists`: the caller has just read the listing (a server-rendered page, decision 065); it is not looked up again. */
    async list(serviceId: number, limit: number, { exists = false }: { exists?: boolean } = {}) {
      if (!exists) await loadService(serviceId, null);
      return (await repo.listForService(serviceId, limit)).map(presentReview);
    },

    /**
     * The reviews a member received, newest first (their member page, decision 049): of their listings (`listings`), or of
     * them as the person a listing's owner helped (`member`, decision 048).
     */
    async receivedBy(memberId: string, q: { limit: number; cursor?: string; about?: ReviewAbout }): Promise<ReceivedReviewsPage> {
      if (q.about === 'member') {
        const rows = await repo.listMemberReviews(memberId, q.limit + 1, memberCursor.decode(q.cursor)?.i);
        const page = pageOf(rows, q.limit, (last) => memberCursor.encode({ k: 'member', i: last.review.id }));
        return { reviews: page.items.map(presentReceived), nextCursor: page.nextCursor };
      }
      const rows = await repo.listReceived(memberId, q.limit + 1, receivedCursor.decode(q.cursor)?.i);
      const page = pageOf(rows, q.limit, (last) => receivedCursor.encode({ k: 'received', i: last.review.id }));
      return { reviews: page.items.map(presentReceived), nextCursor: page.nextCursor };
    },

    /**
     * Whether `viewer` may review member `memberId` (decision 048): they own the listing of a completed job in a
     * conversation between the two, wrote in it, and have not reviewed its member yet; the oldest such job. The
     * caller has checked that the member is one others may see. An unverified owner stays eligible, as for listings.
     */
    async memberEligibility(viewer: Viewer, memberId: string): Promise<ReviewEligibility> {
      if (memberId === viewer.id) throw badRequest(MEMBER_REVIEW_TEXTS.cannotReviewSelf);
      const completionId = await repo.unreviewedJobWith(viewer.id, memberId);
      return { canReview: completionId !== undefined, completionId: completionId ?? null };
    },

    /** The listing's owner reviews the neighbour they dealt with on one completion (decision 048); the refusals in its order. */
    async reviewMember(viewer: Viewer, memberId: string, input: CreateMemberReview): Promise<MemberReview> {
      if (memberId === viewer.id) throw badRequest(MEMBER_REVIEW_TEXTS.cannotReviewSelf);
      const job = await repo.findJob(input.completionId);
      if (!job) throw notFound(REVIEW_ERRORS.completionNotFound);
      const people = [job.participant1Id, job.participant2Id];
      if (!people.includes(viewer.id) || !people.includes(memberId)) throw forbidden(MEMBER_REVIEW_TEXTS.notBetweenYou);
      if (job.ownerId !== viewer.id) throw forbidden(MEMBER_REVIEW_TEXTS.ownerOnly);
      // Completions stored before decision 022 may lack the owner's word: such a job earns no review either way.
      if (!(await repo.ownerHasWritten(job.conversationId, viewer.id))) throw conflict(MEMBER_REVIEW_TEXTS.ownerHasNotWritten, { code: 'no_reply_yet' });
      if (await repo.memberReviewOf(job.id)) throw conflict(MEMBER_REVIEW_TEXTS.alreadyReviewed, { code: 'already_reviewed' });
      if (!viewer.emailVerified) throw forbidden(REVIEW_ERRORS.emailNotVerified, { code: 'email_not_verified' });
      const row = await repo.insertMemberReview({
        completionId: job.id,
        reviewerId: viewer.id,
        memberId,
        rating: input.rating,
        reviewText: input.reviewText ?? null,
      });
      // Another request reviewed it between the look-up and the insert.
      if (!row) throw conflict(MEMBER_REVIEW_TEXTS.alreadyReviewed, { code: 'already_reviewed' });
      return presentReceived((await repo.findMemberReview(row.id))!);
    },

    async stats(serviceId: number): Promise<RatingStats> {
      const counters = await listings.ratingCounters(serviceId);
      if (!counters) throw notFound(REVIEW_ERRORS.serviceNotFound);
      return { averageRating: averageOf(counters.ratingSum, counters.reviewCount), reviewCount: counters.reviewCount };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
