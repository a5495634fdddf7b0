import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memberBlocks, users } from '../../db/schema.js';
import type { BlockState } from '#shared/members.js';

export function createMembersRepository(db: Db) {
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

    /** Which block stands between `userId` and `otherId`, from `userId`'s side: one statement over both keys. */
    async between(userId: string, otherId: string, tx: Db = db): Promise<BlockState> {
      const rows = await tx
        .select({ blockerId: memberBlocks.blockerId })
        .from(memberBlocks)
        .where(
          or(
            and(eq(memberBlocks.blockerId, userId), eq(memberBlocks.blockedId, otherId)),
            and(eq(memberBlocks.blockerId, otherId), eq(memberBlocks.blockedId, userId)),
          ),
        );
      if (rows.some((row) => row.blockerId === userId)) return 'by_you';
      return rows.length > 0 ? 'by_them' : null;
    },

    /** Every block the person made or is under: their account is being deleted. */
    async deleteAllOf(tx: Db, userId: string): Promise<void> {
      await tx.delete(memberBlocks).where(or(eq(memberBlocks.blockerId, userId), eq(memberBlocks.blockedId, userId)));
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;

/**
 * The block state as SQL, for queries of other modules that read it with their rows (decision 045): `viewer` and
 * `other` are SQL expressions of account ids.
 */
export const blockStateSql = (viewer: unknown, other: unknown) =>
  sql<BlockState>`case
    when exists (select 1 from ${memberBlocks} where ${memberBlocks.blockerId} = ${viewer} and ${memberBlocks.blockedId} = ${other}) then 'by_you'
    when exists (select 1 from ${memberBlocks} where ${memberBlocks.blockerId} = ${other} and ${memberBlocks.blockedId} = ${viewer}) then 'by_them'
  end`;

/** The members `viewer` blocked, as a subquery: a list of listings leaves their owners out with `not in`. */
export const blockedBySql = (viewer: unknown) => sql`(select ${memberBlocks.blockedId} from ${memberBlocks} where ${memberBlocks.blockerId} = ${viewer})`;
