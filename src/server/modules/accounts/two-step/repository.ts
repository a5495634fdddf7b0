import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { recoveryCodes, users } from '#server/db/schema.js';

/** What two-step sign-in reads of an account: its sealed secrets, in use and waiting, and since when it is on. */
export type TotpState = Pick<typeof users.$inferSelect, 'totpSecret' | 'totpPendingSecret' | 'totpEnabledAt'>;

/**
 * The queries of two-step sign-in (decision 054): the account's `totp_*` columns and its `recovery_codes`. What must
 * change together takes the caller's transaction (`tx`); the rest takes the pool (`db`).
 */
export function createTwoStepRepository(db: Db) {
  return {
    /** A new secret waiting for its first code; the one waiting before is forgotten. */
    async setPendingSecret(userId: string, sealed: string): Promise<void> {
      await db.update(users).set({ totpPendingSecret: sealed, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** The account's two-step state, its row locked until the transaction ends; undefined for an unknown account. */
    async lockState(tx: Db, userId: string): Promise<TotpState | undefined> {
      const [row] = await tx
        .select({ totpSecret: users.totpSecret, totpPendingSecret: users.totpPendingSecret, totpEnabledAt: users.totpEnabledAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row;
    },

    /** The secret in use and since when, or undefined for an unknown account. */
    async stateOf(tx: Db, userId: string): Promise<Pick<TotpState, 'totpSecret' | 'totpEnabledAt'> | undefined> {
      const [row] = await tx.select({ totpSecret: users.totpSecret, totpEnabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
      return row;
    },

    /** Turns two-step sign-in on with the confirmed secret; `step` was spent by the code that confirmed it. */
    async enable(tx: Db, userId: string, values: { sealedSecret: string | null; enabledAt: Date; step: number }): Promise<void> {
      await tx
        .update(users)
        .set({ totpSecret: values.sealedSecret, totpPendingSecret: null, totpEnabledAt: values.enabledAt, totpLastStep: values.step, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** Takes a step for the account, once: false when that step (or a later one) was already used. */
    async spendStep(tx: Db, userId: string, step: number): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** The account's recovery codes become these (their hashes); the earlier ones stop working. */
    async replaceRecoveryCodes(tx: Db, userId: string, codeHashes: string[]): Promise<void> {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Spends an unused recovery code of the account; false when there is none with this hash. */
    async spendRecoveryCode(tx: Db, userId: string, codeHash: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ userId: recoveryCodes.userId });
      return rows.length > 0;
    },

    /** Turns two-step sign-in off: the secrets and the recovery codes go. */
    async disable(tx: Db, userId: string): Promise<void> {
      await tx
        .update(users)
        .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    },
  };
}

export type TwoStepRepository = ReturnType<typeof createTwoStepRepository>;
