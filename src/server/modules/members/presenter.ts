import { averageOf } from '#shared/reviews.js';
import { type BlockList, type BlockState, type MemberProfile, RESPONSE_MIN_CONVERSATIONS } from '#shared/members.js';
import type { MembersRepository } from './repository.js';

type BlockedRecord = Awaited<ReturnType<MembersRepository['listBlockedBy']>>[number];
type ShownMember = NonNullable<Awaited<ReturnType<MembersRepository['findShownMember']>>>;
type Figures = Awaited<ReturnType<MembersRepository['figures']>>;

/** The blocker's own list: each member's public name and picture, and when they were blocked. */
export function presentBlockList(rows: BlockedRecord[]): BlockList {
  return { users: rows.map((row) => ({ id: row.id, username: row.username, profileImageUrl: row.profileImageUrl, blockedAt: row.blockedAt.toISOString() })) };
}

/**
 * A member as others meet them on their page (decision 045's addendum): never the email address, and of blocks only
 * the reader's own (`block` from the reader's side), so a blocked reader learns nothing of the blocker's.
 */
export function presentMemberProfile(member: ShownMember, figures: Figures, block: BlockState): MemberProfile {
  const conversations = Number(figures.conversations);
  return {
    id: member.id,
    username: member.username,
    firstName: member.firstName,
    profileImageUrl: member.profileImageUrl,
    memberSince: member.createdAt.toISOString(),
    emailVerified: member.emailVerified,
    activeListings: Number(figures.active_listings),
    completedJobs: Number(figures.completed_jobs),
    rating: { averageRating: averageOf(Number(figures.rating_sum), Number(figures.review_count)), reviewCount: Number(figures.review_count) },
    memberRating: {
      averageRating: averageOf(Number(figures.member_rating_sum), Number(figures.member_review_count)),
      reviewCount: Number(figures.member_review_count),
    },
    // Below a few conversations one slow answer would label a new member: no figure then.
    response:
      conversations >= RESPONSE_MIN_CONVERSATIONS
        ? {
            conversations,
            repliedWithinDay: Number(figures.replied_within) / conversations,
            medianFirstReplyMinutes: figures.median_minutes === null ? null : Number(figures.median_minutes),
          }
        : null,
    blockedByYou: block === 'by_you',
  };
}
