import type { CreateMemberReview, MemberReview, ReceivedReviewsPage, ReviewAbout, ReviewEligibility } from '#shared/reviews.js';
import { BLOCK_TEXTS, type BlockList, type BlockState, MAX_BLOCKS, type MemberProfile } from '#shared/members.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { transaction } from '../../lib/transaction.js';
import type { Viewer } from '../../lib/viewer.js';
import { isAdministrator } from '../accounts/index.js';
import { presentBlockList, presentMemberProfile } from './presenter.js';
import type { MembersRepository } from './repository.js';

/** What blocking needs to know of an account: that it is there, and whether it is an administrator's. */
export interface MemberAccounts {
  findUserById(id: string): Promise<{ id: string; email: string | null; emailVerified: boolean; deletedAt: Date | null } | undefined>;
}

/** What a member page needs from the listings module: a page of one member's public listings, as browse shows them. */
export interface MemberListings {
  ownerPageJson(ownerId: string, q: { limit: number; cursor?: string }, viewer: Viewer | null): Promise<string>;
}

/**
 * What members need from the reviews module: the reviews a member received (of their listings, or as a member), and
 * reviewing a member (decision 048), whose rules are the reviews module's once the member is known to be shown.
 */
export interface MemberReviews {
  receivedBy(memberId: string, q: { limit: number; cursor?: string; about: ReviewAbout }): Promise<ReceivedReviewsPage>;
  memberEligibility(viewer: Viewer, memberId: string): Promise<ReviewEligibility>;
  reviewMember(viewer: Viewer, memberId: string, input: CreateMemberReview): Promise<MemberReview>;
}

/**
 * Members as other members meet them (decision 045). Blocking: private to the blocker, either direction stops
 * messages (messaging asks `between`), the blocker's lists leave the other's listings out (listings read
 * `blockedBySql`, saved searches `hasBlockedSql`).
 */
export function createMembersService(deps: {
  db: Db;
  repo: MembersRepository;
  accounts: MemberAccounts;
  listings: MemberListings;
  reviews: MemberReviews;
  adminEmails: readonly string[];
}) {
  const { db, repo, accounts, listings, reviews, adminEmails } = deps;

  async function shown(username: string) {
    const member = await repo.findShownMember(username);
    if (!member) throw notFound(BLOCK_TEXTS.memberNotFound);
    return member;
  }

  /** The member others may see by account id: 404 for unknown, deleted and banned members, as their page answers. */
  async function shownById(id: string) {
    const member = await repo.findShownMemberById(id);
    if (!member) throw notFound(BLOCK_TEXTS.memberNotFound);
    return member;
  }

  return {
    /** Idempotent: blocking someone already blocked changes nothing and is not refused. */
    async block(viewer: Viewer, memberId: string): Promise<void> {
      if (memberId === viewer.id) throw badRequest(BLOCK_TEXTS.cannotBlockSelf);
      const member = await accounts.findUserById(memberId);
      if (!member || member.deletedAt) throw notFound(BLOCK_TEXTS.memberNotFound);
      // The team must stay reachable, by everyone, for reports and appeals.
      if (isAdministrator(member, adminEmails)) throw badRequest(BLOCK_TEXTS.cannotBlockAdministrator);
      await transaction(db, async (tx) => {
        await repo.lockMember(tx, viewer.id);
        if ((await repo.between(viewer.id, memberId, tx)) === 'by_you') return;
        if ((await repo.countBlocksBy(tx, viewer.id)) >= MAX_BLOCKS) throw conflict(BLOCK_TEXTS.tooManyBlocks);
        await repo.insertBlock(tx, viewer.id, memberId);
      });
    },

    /** Idempotent, and says nothing about the id: removing a block that is not there is not an error. */
    async unblock(viewer: Viewer, memberId: string): Promise<void> {
      await repo.deleteBlock(viewer.id, memberId);
    },

    async list(viewer: Viewer): Promise<BlockList> {
      return presentBlockList(await repo.listBlockedBy(viewer.id, MAX_BLOCKS));
    },

    /** Which block stands between the two, from `userId`'s side (messaging refuses a message on either). */
    between(userId: string, otherId: string, tx?: Db): Promise<BlockState> {
      return repo.between(userId, otherId, tx);
    },

    /**
     * A member's page (decision 045's addendum): who they are, what they offer, how they are rated and how they answer.
     * 404 for an unknown, deleted or banned member; never the email address.
     */
    async profile(username: string, viewer: Viewer | null): Promise<MemberProfile> {
      const member = await shown(username);
      const [figures, block] = await Promise.all([repo.figures(member.id), viewer && viewer.id !== member.id ? repo.between(viewer.id, member.id) : null]);
      return presentMemberProfile(member, figures, block);
    },

    /** The member's public listings, newest first, as JSON text (404 as for their page). */
    async listingsJson(username: string, q: { limit: number; cursor?: string }, viewer: Viewer | null): Promise<string> {
      return listings.ownerPageJson((await shown(username)).id, q, viewer);
    },

    /** The reviews the member received, of their listings or as a member, newest first (404 as for their page). */
    async reviewsOf(username: string, q: { limit: number; cursor?: string; about: ReviewAbout }): Promise<ReceivedReviewsPage> {
      return reviews.receivedBy((await shown(username)).id, q);
    },

    /** Whether the viewer may review this member now, and on which job (decision 048). */
    async reviewEligibility(viewer: Viewer, memberId: string): Promise<ReviewEligibility> {
      await shownById(memberId);
      return reviews.memberEligibility(viewer, memberId);
    },

    /** The listing's owner reviews the neighbour they dealt with (decision 048). */
    async review(viewer: Viewer, memberId: string, input: CreateMemberReview): Promise<MemberReview> {
      await shownById(memberId);
      return reviews.reviewMember(viewer, memberId, input);
    },

    /** Inside an account deletion's transaction: the person's blocks, both ways, go with the account. */
    forgetAllOf(tx: Db, userId: string): Promise<void> {
      return repo.deleteAllOf(tx, userId);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
