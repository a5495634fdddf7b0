import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appeals, bans } from '../../db/schema.js';

export type BanRow = typeof bans.$inferSelect;
export type AppealRow = typeof appeals.$inferSelect;

export function createSanctionsRepository(db: Db) {
  return {
    /** The new standing ban; nothing when one already stands (bans_one_standing_key). */
    async insertBan(tx: Db, values: { userId: string; reason: string | null; bannedBy: string | null; tokenHash: string; expiresAt: Date }): Promise<void> {
      await tx
        .insert(bans)
        .values({ userId: values.userId, reason: values.reason, bannedBy: values.bannedBy, appealTokenHash: values.tokenHash, appealTokenExpiresAt: values.expiresAt })
        .onConflictDoNothing();
    },

    async standingBan(userId: string, tx: Db = db): Promise<BanRow | undefined> {
      const [row] = await tx.select().from(bans).where(and(eq(bans.userId, userId), isNull(bans.liftedAt))).limit(1);
      return row;
    },

    async liftStanding(tx: Db, userId: string, liftedBy: string): Promise<void> {
      await tx.update(bans).set({ liftedAt: sql`now()`, liftedBy, appealTokenHash: null, appealTokenExpiresAt: null }).where(and(eq(bans.userId, userId), isNull(bans.liftedAt)));
    },

    async setToken(banId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.update(bans).set({ appealTokenHash: tokenHash, appealTokenExpiresAt: expiresAt }).where(eq(bans.id, banId));
    },

    async hasAppeal(banId: number): Promise<boolean> {
      const [row] = await db.select({ id: appeals.id }).from(appeals).where(eq(appeals.banId, banId)).limit(1);
      return row !== undefined;
    },

    /**
     * Takes the appeal link: the standing ban whose unexpired token this is, with its token cleared in the same
     * statement, so of two requests with one link only one gets the ban.
     */
    async takeToken(tx: Db, tokenHash: string): Promise<BanRow | undefined> {
      const [row] = await tx
        .update(bans)
        .set({ appealTokenHash: null, appealTokenExpiresAt: null })
        .where(and(eq(bans.appealTokenHash, tokenHash), gt(bans.appealTokenExpiresAt, sql`now()`), isNull(bans.liftedAt)))
        .returning();
      return row;
    },

    /** The new appeal, or undefined when the ban already has one. */
    async insertAppeal(tx: Db, banId: number, message: string): Promise<AppealRow | undefined> {
      const [row] = await tx.insert(appeals).values({ banId, message }).onConflictDoNothing().returning();
      return row;
    },

    /** Decides a pending appeal; undefined when it is not pending (any more), decided by a concurrent call or earlier. */
    async decide(tx: Db, id: number, status: 'lifted' | 'upheld', note: string | null, decidedBy: string): Promise<(AppealRow & { userId: string }) | undefined> {
      const [row] = await tx
        .update(appeals)
        .set({ status, note, decidedBy, decidedAt: sql`now()` })
        .where(and(eq(appeals.id, id), eq(appeals.status, 'pending')))
        .returning();
      if (!row) return undefined;
      const [ban] = await tx.select({ userId: bans.userId }).from(bans).where(eq(bans.id, row.banId)).limit(1);
      return { ...row, userId: ban!.userId };
    },

    async appealExists(tx: Db, id: number): Promise<boolean> {
      const [row] = await tx.select({ id: appeals.id }).from(appeals).where(eq(appeals.id, id)).limit(1);
      return row !== undefined;
    },
  };
}

export type SanctionsRepository = ReturnType<typeof createSanctionsRepository>;
