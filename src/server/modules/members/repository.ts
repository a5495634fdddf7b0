import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { conversations, memberBlocks, memberReviews, messages, publicListing, serviceCompletions, services, users } from '../../db/schema.js';
import { type BlockState, REPLY_WITHIN_HOURS, RESPONSE_WINDOW_DAYS } from '#shared/members.js';
import { blockStateSql } from './blocks-sql.js';

export function createMembersRepository(db: Db) {
  async function findShown(which: SQL) {
    const [row] = await db
      .select({ id: users.id, username: users.username, firstName: users.firstName, profileImageUrl: users.profileImageUrl, createdAt: users.createdAt, emailVerified: users.emailVerified })
      .from(users)
      .where(and(which, isNull(users.deletedAt), eq(users.isBanned, false)))
      .limit(1);
    return row && row.username !== null ? { ...row, username: row.username } : undefined;
  }

  return {
    /** Holds the blocker's row for the rest of `tx`: their blocks are counted and added one at a time. */
    async lockMember(tx: Db, userId: string): Promise<void> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async countBlocksBy(tx: Db, blockerId: string): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(memberBlocks).where(eq(memberBlocks.blockerId, blockerId));
      return row?.n ?? 0;
    },

    /** Whether the block was new (a repeated block changes nothing). */
    async insertBlock(tx: Db, blockerId: string, blockedId: string): Promise<boolean> {
      const rows = await tx.insert(memberBlocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ blockedId: memberBlocks.blockedId });
      return rows.length > 0;
    },

    async deleteBlock(blockerId: string, blockedId: string): Promise<void> {
      await db.delete(memberBlocks).where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)));
    },

    /** The blocker's list, newest first, with each member's public name and picture (a deleted account's blocks went with it). */
    async listBlockedBy(blockerId: string, limit: number) {
      return db
        .select({ id: users.id, username: users.username, profileImageUrl: users.profileImageUrl, blockedAt: memberBlocks.createdAt })
        .from(memberBlocks)
        .innerJoin(users, eq(users.id, memberBlocks.blockedId))
        .where(and(eq(memberBlocks.blockerId, blockerId), isNull(users.deletedAt)))
        .orderBy(desc(memberBlocks.createdAt), desc(memberBlocks.blockedId))
        .limit(limit);
    },

    /** Which block stands between `userId` and `otherId`, from `userId`'s side: the rule messaging's queries read too. */
    async between(userId: string, otherId: string, tx: Db = db): Promise<BlockState> {
      const result = await tx.execute<{ block: BlockState }>(sql`select ${blockStateSql(userId, otherId)} as block`);
      return rowsOf<{ block: BlockState }>(result)[0]?.block ?? null;
    },

    /** A live, unbanned account by its username (any case): whom a member page shows. */
    findShownMember: (username: string) => findShown(sql`lower(${users.username}) = ${username.toLowerCase()}`),

    /** The same by account id: whom a member review may be about. */
    findShownMemberById: (id: string) => findShown(eq(users.id, id)),

    /**
     * A member's figures in one statement (reads across owners, decision 038): public listings, jobs completed on
     * their listings, the rating over their listings' counters, the ratings they received as a member (decision
     * 048), and the response figure: of the conversations others started with them about a listing in the last
     * RESPONSE_WINDOW_DAYS days, how many, how many they answered within REPLY_WITHIN_HOURS, and the median minutes
     * to their first reply among those answered at all. Public listings by the schema's one `publicListing` rule.
     */
    async figures(userId: string) {
      const result = await db.execute<{
        active_listings: number;
        completed_jobs: number;
        rating_sum: number;
        review_count: number;
        member_rating_sum: number;
        member_review_count: number;
        conversations: number;
        replied_within: number;
        median_minutes: number | null;
      }>(sql`
        with started as (
          select c.id, c.created_at,
            (select min(m.created_at) from ${messages} m where m.conversation_id = c.id and m.sender_id = ${userId}) as first_reply
          from ${conversations} c
          where c.participant2_id = ${userId} and c.subject is null
            and c.created_at > now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})
        )
        select
          (select count(*)::int from ${services} where ${services.userId} = ${userId} and ${publicListing(services)}) as active_listings,
          (select count(*)::int from ${serviceCompletions} sc join ${services} s on s.id = sc.service_id where s.user_id = ${userId}) as completed_jobs,
          (select coalesce(sum(s.rating_sum), 0)::int from ${services} s where s.user_id = ${userId} and s.deleted_at is null) as rating_sum,
          (select coalesce(sum(s.review_count), 0)::int from ${services} s where s.user_id = ${userId} and s.deleted_at is null) as review_count,
          (select coalesce(sum(r.rating), 0)::int from ${memberReviews} r where r.member_id = ${userId}) as member_rating_sum,
          (select count(*)::int from ${memberReviews} r where r.member_id = ${userId}) as member_review_count,
          (select count(*)::int from started) as conversations,
          (select count(*)::int from started where first_reply <= created_at + make_interval(hours => ${REPLY_WITHIN_HOURS})) as replied_within,
          (select round(percentile_cont(0.5) within group (order by extract(epoch from first_reply - created_at) / 60))::int
             from started where first_reply is not null) as median_minutes`);
      return rowsOf<Record<string, number | null>>(result)[0]!;
    },

    /** Every block the person made or is under: their account is being deleted. */
    async deleteAllOf(tx: Db, userId: string): Promise<void> {
      await tx.delete(memberBlocks).where(or(eq(memberBlocks.blockerId, userId), eq(memberBlocks.blockedId, userId)));
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
