import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations, memberReviews, messages, reviews, serviceCompletions, services, users } from '../../db/schema.js';

export type CompletionRow = typeof serviceCompletions.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type MemberReviewRow = typeof memberReviews.$inferSelect;

/** The reviewer's names, and whether they deleted their account (the presenter shows 'Deleted user'). */
const reviewerColumns = { firstName: users.firstName, lastName: users.lastName, username: users.username, deletedAt: users.deletedAt };
const memberReviewColumns = { id: memberReviews.id, rating: memberReviews.rating, reviewText: memberReviews.reviewText, createdAt: memberReviews.createdAt };
const serviceColumns = { id: services.id, title: services.title };

export function createReviewsRepository(db: Db) {
  const selectReviews = () => db.select({ review: reviews, reviewer: reviewerColumns }).from(reviews).innerJoin(users, eq(users.id, reviews.reviewerId));
  /** Member reviews with their reviewer and the listing of their job: null once that listing is gone for good. */
  const selectMemberReviews = () =>
    db
      .select({ review: memberReviewColumns, reviewer: reviewerColumns, service: serviceColumns })
      .from(memberReviews)
      .innerJoin(users, eq(users.id, memberReviews.reviewerId))
      .leftJoin(serviceCompletions, eq(serviceCompletions.id, memberReviews.completionId))
      .leftJoin(services, eq(services.id, serviceCompletions.serviceId));
  const reviewsOfListing = selectReviews()
    .where(eq(reviews.serviceId, sql.placeholder('serviceId')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder('limit'))
    .prepare('reviews_of_listing');

  return {
    async findConversation(id: number) {
      const [row] = await db
        .select({ id: conversations.id, serviceId: conversations.serviceId, participant1Id: conversations.participant1Id, participant2Id: conversations.participant2Id })
        .from(conversations)
        .where(eq(conversations.id, id))
        .limit(1);
      return row;
    },

    /** The new completion, or undefined when the conversation already has one (a second click, another tab). */
    async insertCompletion(values: typeof serviceCompletions.$inferInsert): Promise<CompletionRow | undefined> {
      const [row] = await db.insert(serviceCompletions).values(values).onConflictDoNothing().returning();
      return row;
    },

    async findCompletionOfConversation(conversationId: number): Promise<CompletionRow | undefined> {
      const [row] = await db.select().from(serviceCompletions).where(eq(serviceCompletions.conversationId, conversationId)).limit(1);
      return row;
    },

    /** A completion with the two people of its conversation. */
    async findCompletion(id: number) {
      const [row] = await db
        .select({ completion: serviceCompletions, participant1Id: conversations.participant1Id, participant2Id: conversations.participant2Id })
        .from(serviceCompletions)
        .innerJoin(conversations, eq(conversations.id, serviceCompletions.conversationId))
        .where(eq(serviceCompletions.id, id))
        .limit(1);
      return row;
    },

    /** Whether `ownerId` has written in the conversation: a job nobody answered is not a job (decision 022). */
    async ownerHasWritten(conversationId: number, ownerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, ownerId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * The oldest completion of this listing in a conversation `userId` takes part in, not reviewed yet, and in
     * which the owner wrote (completions stored before decision 022 may lack that).
     */
    async unreviewedCompletionOf(serviceId: number, ownerId: string, userId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: serviceCompletions.id })
        .from(serviceCompletions)
        .innerJoin(conversations, eq(conversations.id, serviceCompletions.conversationId))
        .where(
          and(
            eq(serviceCompletions.serviceId, serviceId),
            or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId)),
            sql`not exists (select 1 from ${reviews} where ${reviews.completionId} = ${serviceCompletions.id})`,
            sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${serviceCompletions.conversationId} and ${messages.senderId} = ${ownerId})`,
          ),
        )
        .orderBy(serviceCompletions.id)
        .limit(1);
      return row?.id;
    },

    /** The new review, or undefined when the completion already has one. */
    async insertReview(tx: Db, values: typeof reviews.$inferInsert): Promise<ReviewRow | undefined> {
      const [row] = await tx.insert(reviews).values(values).onConflictDoNothing().returning();
      return row;
    },

    async findReview(id: number) {
      const [row] = await selectReviews().where(eq(reviews.id, id)).limit(1);
      return row;
    },

    /** Reviews of the member's listings, newest first (by id), before `beforeId`. */
    async listReceived(ownerId: string, limit: number, beforeId?: number) {
      return db
        .select({ review: reviews, reviewer: reviewerColumns, service: serviceColumns })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.reviewerId))
        .innerJoin(services, eq(services.id, reviews.serviceId))
        .where(and(eq(services.userId, ownerId), beforeId === undefined ? undefined : lt(reviews.id, beforeId)))
        .orderBy(desc(reviews.id))
        .limit(limit);
    },

    /** Newest first, over the (service_id, created_at desc, id desc) index; a named statement (every listing page reads it). */
    async listForService(serviceId: number, limit: number) {
      return reviewsOfListing.execute({ serviceId, limit });
    },

    /** A completion with the two people of its conversation and the owner of its listing (a member review's job). */
    async findJob(completionId: number) {
      const [row] = await db
        .select({
          id: serviceCompletions.id,
          conversationId: serviceCompletions.conversationId,
          ownerId: services.userId,
          participant1Id: conversations.participant1Id,
          participant2Id: conversations.participant2Id,
        })
        .from(serviceCompletions)
        .innerJoin(conversations, eq(conversations.id, serviceCompletions.conversationId))
        .innerJoin(services, eq(services.id, serviceCompletions.serviceId))
        .where(eq(serviceCompletions.id, completionId))
        .limit(1);
      return row;
    },

    /**
     * The oldest completion of a listing `ownerId` owns, in a conversation between them and `memberId`, in which the
     * owner wrote, and whose member has not been reviewed yet (decision 048). Whatever the listing's state: the
     * person is reviewed, not the listing.
     */
    async unreviewedJobWith(ownerId: string, memberId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: serviceCompletions.id })
        .from(serviceCompletions)
        .innerJoin(conversations, eq(conversations.id, serviceCompletions.conversationId))
        .innerJoin(services, eq(services.id, serviceCompletions.serviceId))
        .where(
          and(
            eq(services.userId, ownerId),
            or(
              and(eq(conversations.participant1Id, memberId), eq(conversations.participant2Id, ownerId)),
              and(eq(conversations.participant1Id, ownerId), eq(conversations.participant2Id, memberId)),
            ),
            sql`not exists (select 1 from ${memberReviews} where ${memberReviews.completionId} = ${serviceCompletions.id})`,
            sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${serviceCompletions.conversationId} and ${messages.senderId} = ${ownerId})`,
          ),
        )
        .orderBy(serviceCompletions.id)
        .limit(1);
      return row?.id;
    },

    async memberReviewOf(completionId: number): Promise<boolean> {
      const [row] = await db.select({ id: memberReviews.id }).from(memberReviews).where(eq(memberReviews.completionId, completionId)).limit(1);
      return row !== undefined;
    },

    /** The new member review, or undefined when the completion already has one (a second tab, a double click). */
    async insertMemberReview(values: typeof memberReviews.$inferInsert): Promise<MemberReviewRow | undefined> {
      const [row] = await db.insert(memberReviews).values(values).onConflictDoNothing().returning();
      return row;
    },

    async findMemberReview(id: number) {
      const [row] = await selectMemberReviews().where(eq(memberReviews.id, id)).limit(1);
      return row;
    },

    /** The reviews `memberId` received as a member, newest first (by id), before `beforeId`. */
    async listMemberReviews(memberId: string, limit: number, beforeId?: number) {
      return selectMemberReviews()
        .where(and(eq(memberReviews.memberId, memberId), beforeId === undefined ? undefined : lt(memberReviews.id, beforeId)))
        .orderBy(desc(memberReviews.id))
        .limit(limit);
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
