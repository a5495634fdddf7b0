import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.js';
import {
  accountTokens,
  appeals,
  bans,
  categories,
  conversations,
  images,
  knownDevices,
  memberBlocks,
  memberReviews,
  messages,
  oidcIdentities,
  outbox,
  passkeys,
  recoveryCodes,
  reports,
  reviews,
  savedSearches,
  serviceCompletions,
  serviceLikes,
  services,
  serviceTypes,
  sessions,
  users,
} from '#server/db/schema.js';

/**
 * The reads of "Download my data" (decision 062): everything the registry of personal data says is exported, read
 * across the owners' tables through the schema (decision 038 lets any module read; none of this writes). Each query
 * names its columns, so a secret added to a table later cannot slip into the archive by a `select *`.
 */

export function createExportRepository(db: Db) {
  /** Another member, joined once per query: only what names them in public (the presenter says 'Deleted user' for a tombstone). */
  const otherUser = alias(users, 'other_user');
  const otherName = { username: otherUser.username, deletedAt: otherUser.deletedAt };

  return {
    async profile(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          pendingEmail: users.pendingEmail,
          firstName: users.firstName,
          lastName: users.lastName,
          profileImageUrl: users.profileImageUrl,
          homeZip: users.homeZip,
          emailVerified: users.emailVerified,
          emailNotificationsEnabled: users.emailNotificationsEnabled,
          termsAccepted: users.termsAccepted,
          hasPassword: sql<boolean>`${users.passwordHash} is not null`,
          twoStepEnabledAt: users.totpEnabledAt,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row;
    },

    async security(userId: string) {
      const sessionRows = await db
        .select({
          id: sessions.id,
          publicId: sessions.publicId,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
          signInMethod: sessions.signInMethod,
          secondFactor: sessions.secondFactor,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt));
      const browsers = await db
        .select({ firstSeenAt: knownDevices.createdAt, lastSeenAt: knownDevices.lastSeenAt })
        .from(knownDevices)
        .where(eq(knownDevices.userId, userId))
        .orderBy(asc(knownDevices.createdAt));
      const keys = await db
        .select({ name: passkeys.name, deviceType: passkeys.deviceType, backedUp: passkeys.backedUp, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt));
      const [codes] = await db
        .select({ unused: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      const identities = await db
        .select({ provider: oidcIdentities.issuer, linkedAt: oidcIdentities.createdAt, lastSignInAt: oidcIdentities.lastSignInAt })
        .from(oidcIdentities)
        .where(eq(oidcIdentities.userId, userId))
        .orderBy(asc(oidcIdentities.createdAt));
      const links = await db
        .select({ purpose: accountTokens.purpose, sentTo: accountTokens.email, createdAt: accountTokens.createdAt, expiresAt: accountTokens.expiresAt, usedAt: accountTokens.usedAt })
        .from(accountTokens)
        .where(eq(accountTokens.userId, userId))
        .orderBy(asc(accountTokens.createdAt));
      return { sessions: sessionRows, browsers, passkeys: keys, unusedRecoveryCodes: Number(codes?.unused ?? 0), identities, links };
    },

    /** Every picture the member uploaded, without its bytes (those are read one at a time while the archive is written). */
    pictures(userId: string) {
      return db
        .select({ id: images.id, kind: images.kind, serviceId: images.serviceId, position: images.position, createdAt: images.createdAt })
        .from(images)
        .where(eq(images.userId, userId))
        .orderBy(asc(images.serviceId), asc(images.position), asc(images.createdAt));
    },

    async pictureBytes(id: string): Promise<Buffer | undefined> {
      const [row] = await db.select({ bytes: images.full }).from(images).where(eq(images.id, id));
      return row?.bytes;
    },

    listings(userId: string) {
      return db
        .select({
          id: services.id,
          listingType: services.listingType,
          title: services.title,
          description: services.description,
          category: categories.name,
          serviceType: serviceTypes.name,
          city: services.city,
          state: services.state,
          zipCode: services.zipCode,
          isVirtual: services.isVirtual,
          rateCents: services.rateCents,
          rateType: services.rateType,
          pricesVary: services.pricesVary,
          availability: services.availability,
          isActive: services.isActive,
          expired: services.expired,
          expiresAt: services.expiresAt,
          likeCount: services.likeCount,
          reviewCount: services.reviewCount,
          ratingSum: services.ratingSum,
          createdAt: services.createdAt,
          updatedAt: services.updatedAt,
          deletedAt: services.deletedAt,
        })
        .from(services)
        .innerJoin(categories, eq(categories.id, services.categoryId))
        .innerJoin(serviceTypes, eq(serviceTypes.id, services.serviceTypeId))
        .where(eq(services.userId, userId))
        .orderBy(asc(services.createdAt), asc(services.id));
    },

    likes(userId: string) {
      return db
        .select({ listingId: services.id, title: services.title, likedAt: serviceLikes.createdAt, owner: otherName })
        .from(serviceLikes)
        .innerJoin(services, eq(services.id, serviceLikes.serviceId))
        .innerJoin(otherUser, eq(otherUser.id, services.userId))
        .where(eq(serviceLikes.userId, userId))
        .orderBy(asc(serviceLikes.createdAt));
    },

    /** The member's conversations, the other participant by name, and the listing each is about while it exists. */
    conversations(userId: string) {
      const mine = or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId));
      return db
        .select({
          id: conversations.id,
          subject: conversations.subject,
          createdAt: conversations.createdAt,
          lastMessageAt: conversations.lastMessageAt,
          listingId: services.id,
          listingTitle: services.title,
          with: otherName,
        })
        .from(conversations)
        .innerJoin(
          otherUser,
          eq(otherUser.id, sql`case when ${conversations.participant1Id} = ${userId} then ${conversations.participant2Id} else ${conversations.participant1Id} end`),
        )
        .leftJoin(services, eq(services.id, conversations.serviceId))
        .where(mine)
        .orderBy(asc(conversations.createdAt), asc(conversations.id));
    },

    /** Every message of `conversationIds` (the member's own), oldest first. */
    messagesOf(conversationIds: number[]) {
      if (conversationIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          senderId: messages.senderId,
          content: messages.content,
          sentAt: messages.createdAt,
          readAt: messages.readAt,
          safetyFlags: messages.safetyFlags,
          sender: otherName,
        })
        .from(messages)
        .innerJoin(otherUser, eq(otherUser.id, messages.senderId))
        .where(inArray(messages.conversationId, conversationIds))
        .orderBy(asc(messages.conversationId), asc(messages.id));
    },

    /** The completions of the member's conversations, whoever marked them. */
    completions(userId: string) {
      return db
        .select({
          id: serviceCompletions.id,
          listingId: services.id,
          listingTitle: services.title,
          conversationId: serviceCompletions.conversationId,
          completedById: serviceCompletions.completedBy,
          completedBy: otherName,
          completedAt: serviceCompletions.createdAt,
        })
        .from(serviceCompletions)
        .innerJoin(conversations, eq(conversations.id, serviceCompletions.conversationId))
        .innerJoin(services, eq(services.id, serviceCompletions.serviceId))
        .innerJoin(otherUser, eq(otherUser.id, serviceCompletions.completedBy))
        .where(or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId)))
        .orderBy(asc(serviceCompletions.createdAt), asc(serviceCompletions.id));
    },

    async reviews(userId: string) {
      const listingReview = {
        id: reviews.id,
        listingId: services.id,
        listingTitle: services.title,
        rating: reviews.rating,
        text: reviews.reviewText,
        createdAt: reviews.createdAt,
      };
      const memberReview = { id: memberReviews.id, rating: memberReviews.rating, text: memberReviews.reviewText, createdAt: memberReviews.createdAt };
      const written = await db
        .select({ ...listingReview, owner: otherName })
        .from(reviews)
        .innerJoin(services, eq(services.id, reviews.serviceId))
        .innerJoin(otherUser, eq(otherUser.id, services.userId))
        .where(eq(reviews.reviewerId, userId))
        .orderBy(asc(reviews.createdAt), asc(reviews.id));
      const received = await db
        .select({ ...listingReview, reviewer: otherName })
        .from(reviews)
        .innerJoin(services, eq(services.id, reviews.serviceId))
        .innerJoin(otherUser, eq(otherUser.id, reviews.reviewerId))
        .where(eq(services.userId, userId))
        .orderBy(asc(reviews.createdAt), asc(reviews.id));
      const memberWritten = await db
        .select({ ...memberReview, member: otherName })
        .from(memberReviews)
        .innerJoin(otherUser, eq(otherUser.id, memberReviews.memberId))
        .where(eq(memberReviews.reviewerId, userId))
        .orderBy(asc(memberReviews.createdAt), asc(memberReviews.id));
      const memberReceived = await db
        .select({ ...memberReview, reviewer: otherName })
        .from(memberReviews)
        .innerJoin(otherUser, eq(otherUser.id, memberReviews.reviewerId))
        .where(eq(memberReviews.memberId, userId))
        .orderBy(asc(memberReviews.createdAt), asc(memberReviews.id));
      return { written, received, memberWritten, memberReceived };
    },

    /** The reports the member made, each target by name: a listing's title, a member's username, a message's place. */
    reportsMade(userId: string) {
      return db
        .select({
          id: reports.id,
          kind: reports.kind,
          reason: reports.reason,
          description: reports.description,
          status: reports.status,
          createdAt: reports.createdAt,
          reviewedAt: reports.reviewedAt,
          listingId: reports.serviceId,
          listingTitle: services.title,
          member: otherName,
          messageId: reports.messageId,
          conversationId: messages.conversationId,
        })
        .from(reports)
        .leftJoin(services, eq(services.id, reports.serviceId))
        .leftJoin(otherUser, eq(otherUser.id, reports.reportedUserId))
        .leftJoin(messages, eq(messages.id, reports.messageId))
        .where(eq(reports.reporterId, userId))
        .orderBy(asc(reports.createdAt), asc(reports.id));
    },

    blocks(userId: string) {
      return db
        .select({ member: otherName, blockedAt: memberBlocks.createdAt })
        .from(memberBlocks)
        .innerJoin(otherUser, eq(otherUser.id, memberBlocks.blockedId))
        .where(eq(memberBlocks.blockerId, userId))
        .orderBy(asc(memberBlocks.createdAt));
    },

    savedSearches(userId: string) {
      return db
        .select({
          id: savedSearches.id,
          name: savedSearches.name,
          search: savedSearches.search,
          category: categories.name,
          listingType: savedSearches.listingType,
          nearZip: savedSearches.nearZip,
          radiusMiles: savedSearches.radiusMiles,
          includeVirtual: savedSearches.includeVirtual,
          frequency: savedSearches.frequency,
          lastOpenedAt: savedSearches.lastOpenedAt,
          lastAlertAt: savedSearches.lastAlertAt,
          createdAt: savedSearches.createdAt,
        })
        .from(savedSearches)
        .leftJoin(categories, eq(categories.id, savedSearches.categoryId))
        .where(eq(savedSearches.userId, userId))
        .orderBy(asc(savedSearches.id));
    },

    /** The outbox's rows to the member's addresses, matched as the unique index matches them (case-insensitively). */
    emails(addresses: string[]) {
      if (addresses.length === 0) return Promise.resolve([]);
      const lowered = addresses.map((a) => a.toLowerCase());
      return db
        .select({ kind: outbox.kind, to: outbox.toAddress, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
        .from(outbox)
        .where(inArray(sql`lower(${outbox.toAddress})`, lowered))
        .orderBy(asc(outbox.createdAt), asc(outbox.id));
    },

    async sanctions(userId: string) {
      return db
        .select({
          id: bans.id,
          reason: bans.reason,
          suspendedAt: bans.createdAt,
          liftedAt: bans.liftedAt,
          appealMessage: appeals.message,
          appealStatus: appeals.status,
          appealNote: appeals.note,
          appealedAt: appeals.createdAt,
          appealDecidedAt: appeals.decidedAt,
        })
        .from(bans)
        .leftJoin(appeals, eq(appeals.banId, bans.id))
        .where(eq(bans.userId, userId))
        .orderBy(asc(bans.createdAt), asc(bans.id));
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
