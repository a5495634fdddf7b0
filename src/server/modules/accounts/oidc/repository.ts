import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { oidcIdentities, users } from '#server/db/schema.js';
import type { UserRow } from '../identity/repository.js';

/** The unique index of an identity at a provider: a parallel sign-in of the same identity may have linked it first. */
export const IDENTITY_KEY = 'oidc_identities_issuer_subject_key';

/** The queries of OpenID Connect identities: which account a provider's `sub` belongs to (decision 013). */
export function createOidcRepository(db: Db) {
  return {
    /** The user an OpenID Connect identity (issuer and `sub`) belongs to. */
    async findUserByIdentity(issuer: string, subject: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(oidcIdentities)
        .innerJoin(users, eq(users.id, oidcIdentities.userId))
        .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
        .limit(1);
      return row?.user;
    },

    async insertIdentity(values: typeof oidcIdentities.$inferInsert): Promise<void> {
      await db.insert(oidcIdentities).values(values);
    },

    async touchIdentity(issuer: string, subject: string): Promise<void> {
      await db
        .update(oidcIdentities)
        .set({ lastSignInAt: new Date() })
        .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
    },
  };
}

export type OidcRepository = ReturnType<typeof createOidcRepository>;
