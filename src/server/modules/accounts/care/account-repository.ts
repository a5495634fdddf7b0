import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { accountTokens, oidcIdentities, users } from '#server/db/schema.js';
import type { UserRow } from '../identity/repository.js';

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type TokenPurpose = AccountTokenRow['purpose'];

/** A token that still works: never spent and not expired, on the database's clock. */
const live = (tokenHash: string) => and(eq(accountTokens.tokenHash, tokenHash), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`));

/**
 * Queries of account care. Whatever must change together takes the caller's transaction (`tx`); reads outside
 * one take the pool (`db`).
 */
export function createAccountRepository(db: Db) {
  return {
    /** Writes a new link's token; the earlier links of that purpose for that person stop working. */
    async replaceToken(tx: Db, values: { tokenHash: string; userId: string; purpose: TokenPurpose; email: string; ttlMs: number }): Promise<void> {
      await tx.delete(accountTokens).where(and(eq(accountTokens.userId, values.userId), eq(accountTokens.purpose, values.purpose)));
      await tx.insert(accountTokens).values({
        tokenHash: values.tokenHash,
        userId: values.userId,
        purpose: values.purpose,
        email: values.email,
        expiresAt: sql`now() + ${Math.round(values.ttlMs)} * interval '1 millisecond'`,
      });
    },

    /** A working token, without spending it (to refuse a bad link before any costly work). */
    async findLiveToken(tokenHash: string): Promise<AccountTokenRow | undefined> {
      const [row] = await db.select().from(accountTokens).where(live(tokenHash)).limit(1);
      return row;
    },

    /** Spends a token in one statement: of two clicks at the same moment, exactly one gets the row back. */
    async spendToken(tx: Db, tokenHash: string, purposes: TokenPurpose[]): Promise<AccountTokenRow | undefined> {
      const [row] = await tx
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(and(live(tokenHash), inArray(accountTokens.purpose, purposes)))
        .returning();
      return row;
    },

    /** The unspent links of these purposes stop working. */
    async retireTokens(tx: Db, userId: string, purposes: TokenPurpose[]): Promise<void> {
      await tx
        .delete(accountTokens)
        .where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, purposes), isNull(accountTokens.usedAt)));
    },

    /** The unspent links of `purpose` sent to any address but `email` (in any case) stop working. */
    async retireTokensNotTo(tx: Db, userId: string, purpose: TokenPurpose, email: string): Promise<void> {
      await tx
        .delete(accountTokens)
        .where(
          and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), sql`lower(${accountTokens.email}) <> ${email.toLowerCase()}`),
        );
    },

    /** The user row, locked until the transaction ends. */
    async lockUser(tx: Db, id: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },

    /** Another account with this address (any case), if there is one. */
    async otherUserWithEmail(tx: Db, email: string, userId: string): Promise<{ id: string } | undefined> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
        .limit(1);
      return row;
    },

    async updateUser(tx: Db, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Replaces the password only if it is still the one the caller checked (two changes at once: the second finds it changed). */
    async replacePasswordHash(tx: Db, id: string, expectedHash: string, passwordHash: string): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(and(eq(users.id, id), eq(users.passwordHash, expectedHash)))
        .returning();
      return row;
    },

    /** Unlinks every OpenID Connect identity of the person: their next provider sign-in is judged afresh. */
    async deleteOidcIdentitiesOf(tx: Db, userId: string): Promise<void> {
      await tx.delete(oidcIdentities).where(eq(oidcIdentities.userId, userId));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
