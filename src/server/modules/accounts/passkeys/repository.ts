import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { PASSKEYS_MAX } from '#shared/passkeys.js';
import type { Db } from '#server/db/client.js';
import { passkeys, users, webauthnChallenges } from '#server/db/schema.js';
import type { UserRow } from '../identity/repository.js';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

/** The queries of passkeys and their WebAuthn challenges (decision 055). */
export function createPasskeysRepository(db: Db) {
  return {
    /** The member's passkeys, oldest first (at most PASSKEYS_MAX: registration refuses more). */
    listOf(userId: string): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id)).limit(PASSKEYS_MAX);
    },

    /** Whether the member has a passkey: with REQUIRE_ADMIN_2FA, one counts as a second factor (decision 054). */
    async hasAny(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
      return row !== undefined;
    },

    /**
     * Holds the member's passkeys for the rest of the transaction (an advisory lock on the member), so two
     * registrations at once cannot both pass the limit; answers how many they have.
     */
    async lockAndCount(tx: Db, userId: string): Promise<number> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('passkeys'), hashtext(${userId}))`);
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(passkeys).where(eq(passkeys.userId, userId));
      return row?.n ?? 0;
    },

    async insert(tx: Db, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
      const [row] = await tx.insert(passkeys).values(values).returning();
      return row!;
    },

    /** The passkey with this credential id and its member, unless that member's account was deleted. */
    async findByCredentialId(credentialId: string): Promise<{ passkey: PasskeyRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ passkey: passkeys, user: users })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.userId))
        .where(and(eq(passkeys.credentialId, credentialId), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    /**
     * A sign-in with the passkey: its new counter, backup state and time of use. Written only when the counter moved
     * forward (or stays 0, as synced passkeys report), checked in the same statement: of two sign-ins racing with one
     * counter value, only one is recorded. Answers whether it was.
     */
    async recordUse(id: string, use: { counter: number; backedUp: boolean; deviceType: string; at: Date }): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter: use.counter, backedUp: use.backedUp, deviceType: use.deviceType, lastUsedAt: use.at })
        .where(and(eq(passkeys.id, id), sql`(${passkeys.counter} < ${use.counter}::bigint or (${passkeys.counter} = 0 and ${use.counter}::bigint = 0))`))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },

    async rename(userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },

    async insertChallenge(values: typeof webauthnChallenges.$inferInsert): Promise<void> {
      await db.insert(webauthnChallenges).values(values);
    },

    /**
     * Uses up a challenge: deleted as it is read, so it answers once. A registration's challenge is only found by the
     * member it was made for; a sign-in's has no member. Answers when it expires, or nothing when there is no such
     * challenge (never made, already used, or another member's).
     */
    async consumeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<{ expiresAt: Date } | undefined> {
      const [row] = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.purpose, purpose),
            userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
          ),
        )
        .returning({ expiresAt: webauthnChallenges.expiresAt });
      return row;
    },

    /** The housekeeping sweep: challenges nobody answered in time. */
    async deleteExpiredChallenges(now: Date): Promise<number> {
      const rows = await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now)).returning({ challenge: webauthnChallenges.challenge });
      return rows.length;
    },
  };
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
