import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { accountTokens, knownDevices, oidcIdentities, passkeys, recoveryCodes, users, webauthnChallenges } from '#server/db/schema.js';
import type { UserRow } from '../identity/repository.js';

/** The queries of the profile picture and of account deletion; `db` is the caller's transaction. */
export function createCareRepository(db: Db) {
  return {
    /**
     * Locks the account's row for the rest of the transaction, so changes to one account run one at a time;
     * undefined when it is unknown or already deleted (a parallel deletion won).
     */
    async lockLiveUser(id: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .for('update');
      return row;
    },

    async setProfileImage(id: string, profileImageUrl: string | null): Promise<UserRow> {
      const [row] = await db.update(users).set({ profileImageUrl, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      return row!;
    },

    /**
     * The ways back into the account besides its sessions (which the session store ends): emailed links, OpenID
     * Connect identities, passkeys and their challenges, two-step recovery codes, and the browsers it knew (decisions 054 and 055).
     */
    async deleteAccessOf(userId: string): Promise<void> {
      await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
      await db.delete(oidcIdentities).where(eq(oidcIdentities.userId, userId));
      await db.delete(passkeys).where(eq(passkeys.userId, userId));
      await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
    },

    /**
     * The account becomes a tombstone: every personal field empty, nothing to sign in with (no email, password
     * or identity), `deleted_at` set. The row stays so messages, reviews and conversations keep their person.
     */
    async scrub(userId: string): Promise<void> {
      await db
        .update(users)
        .set({
          email: null,
          username: null,
          pendingEmail: null,
          homeZip: null,
          firstName: null,
          lastName: null,
          profileImageUrl: null,
          passwordHash: null,
          totpSecret: null,
          totpPendingSecret: null,
          totpEnabledAt: null,
          totpLastStep: null,
          emailNotificationsEnabled: false,
          emailVerified: false,
          deletedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
    },
  };
}

export type CareRepository = ReturnType<typeof createCareRepository>;
