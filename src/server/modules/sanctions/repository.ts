import { and, desc, eq, gt, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appealLinks, appeals, bans } from '../../db/schema.js';

export type BanRow = typeof bans.$inferSelect;
export type AppealRow = typeof appeals.$inferSelect;

/** Sign-in links kept per ban besides the emailed one: a person trying again and again does not grow the table. */
const SIGN_IN_LINKS_KEPT = 5;

export function createSanctionsRepository(db: Db) {
  return {
    /** The new standing ban with its emailed appeal link; nothing when one already stands (bans_one_standing_key). */
    async insertBan(tx: Db, values: { userId: string; reason: string | null; bannedBy: string | null; tokenHash: string; expiresAt: Date }): Promise<boolean> {
      const [ban] = await tx
        .insert(bans)
        .values({ userId: values.userId, reason: values.reason, bannedBy: values.bannedBy })
        .onConflictDoNothing()
        .returning({ id: bans.id });
      if (!ban) return false;
      await tx.insert(appealLinks).values({ tokenHash: values.tokenHash, banId: ban.id, emailed: true, expiresAt: values.expiresAt });
      return true;
    },

    async standingBan(userId: string, tx: Db = db): Promise<BanRow | undefined> {
      const [row] = await tx.select().from(bans).where(and(eq(bans.userId, userId), isNull(bans.liftedAt))).limit(1);
      return row;
    },

    async liftStanding(tx: Db, userId: string, liftedBy: string): Promise<void> {
      const lifted = await tx.update(bans).set({ liftedAt: sql`now()`, liftedBy }).where(and(eq(bans.userId, userId), isNull(bans.liftedAt))).returning({ id: bans.id });
      for (const { id } of lifted) await tx.delete(appealLinks).where(eq(appealLinks.banId, id));
    },

    /**
     * One more link for the ban (a sign-in refused with the reason). The emailed link stays; of the others only the
     * newest few do, and expired ones go.
     */
    async addSignInLink(banId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(appealLinks).values({ tokenHash, banId, expiresAt });
      const kept = db
        .select({ tokenHash: appealLinks.tokenHash })
        .from(appealLinks)
        .where(and(eq(appealLinks.banId, banId), eq(appealLinks.emailed, false)))
        .orderBy(desc(appealLinks.createdAt), desc(appealLinks.tokenHash))
        .limit(SIGN_IN_LINKS_KEPT);
      await db
        .delete(appealLinks)
        .where(and(eq(appealLinks.banId, banId), or(lte(appealLinks.expiresAt, sql`now()`), and(eq(appealLinks.emailed, false), notInArray(appealLinks.tokenHash, kept)))));
    },

    async hasAppeal(banId: number): Promise<boolean> {
      const [row] = await db.select({ id: appeals.id }).from(appeals).where(eq(appeals.banId, banId)).limit(1);
      return row !== undefined;
    },

    /**
     * Takes the appeal link: the standing ban whose unexpired link this is. Every link of the ban goes in the same
     * transaction (one appeal per ban), so of two requests with one link, or with two links of one ban, only one gets it.
     */
    async takeToken(tx: Db, tokenHash: string): Promise<BanRow | undefined> {
      const [link] = await tx
        .delete(appealLinks)
        .where(and(eq(appealLinks.tokenHash, tokenHash), gt(appealLinks.expiresAt, sql`now()`)))
        .returning({ banId: appealLinks.banId });
      if (!link) return undefined;
      const [ban] = await tx.select().from(bans).where(and(eq(bans.id, link.banId), isNull(bans.liftedAt))).limit(1);
      if (!ban) return undefined;
      await tx.delete(appealLinks).where(eq(appealLinks.banId, ban.id));
      return ban;
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
