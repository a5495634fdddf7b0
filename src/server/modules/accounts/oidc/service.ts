import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '#server/db/client.js';
import { isUniqueViolation } from '#server/lib/error-handler.js';
import { isAdminEmail } from '../identity/presenter.js';
import { createAuthRepository, USER_EMAIL_KEY, USERNAME_KEY, type UserRow } from '../identity/repository.js';
import { availableUsername } from '../identity/usernames.js';
import type { OidcProfile } from './client.js';
import { createOidcRepository, IDENTITY_KEY } from './repository.js';

/**
 * Where a provider's sign-in leads: an account (with `heldLink` when the identity is to be linked to it only after the
 * account's own second step, decision 061), or a refusal.
 */
export type OidcSignIn = { user: UserRow; heldLink?: HeldLink } | { refused: 'suspended' | 'email_in_use' | 'link_unverified' };

/** A provider identity kept with a pending sign-in until the account's second step is given. */
export const heldLinkSchema = z.object({
  issuer: z.string(),
  subject: z.string(),
  email: z.string().optional(),
  emailVerified: z.boolean(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  profileImageUrl: z.string().optional(),
});
export type HeldLink = z.infer<typeof heldLinkSchema>;

/** Pictures uploaded here (decision 014): a provider's picture never replaces one. */
const isUploadedAvatar = (url: string | null) => url !== null && url.startsWith('/api/images/');

/**
 * The accounts of people coming back from the OpenID Connect provider (decisions 013 and 016): found by their
 * identity, linked by a verified address, or made from the provider's claims.
 */
export function createOidcAccounts(deps: { db: Db; adminEmails: readonly string[] }) {
  const { adminEmails } = deps;
  const users = createAuthRepository(deps.db);
  const identities = createOidcRepository(deps.db);

  /**
   * The profile's names and picture (unless the person uploaded one here), and its email when the provider
   * vouches for it (or the account has none); the address counts as verified when the provider says so.
   */
  async function updateFromProfile(user: UserRow, profile: OidcProfile): Promise<UserRow> {
    const values: Partial<UserRow> = {};
    if (profile.firstName !== undefined) values.firstName = profile.firstName;
    if (profile.lastName !== undefined) values.lastName = profile.lastName;
    if (profile.profileImageUrl !== undefined && !isUploadedAvatar(user.profileImageUrl)) values.profileImageUrl = profile.profileImageUrl;
    const sameEmail = profile.email !== undefined && profile.email.toLowerCase() === user.email?.toLowerCase();
    const newEmail = profile.email && !sameEmail && (profile.emailVerified || !user.email);
    if (newEmail) {
      values.email = profile.email;
      values.emailVerified = profile.emailVerified;
    } else if (sameEmail && profile.emailVerified && !user.emailVerified) {
      values.emailVerified = true;
    }
    if (Object.keys(values).length === 0) return user;
    try {
      return (await users.updateUser(user.id, values)) ?? user;
    } catch (error) {
      // The new address belongs to another account: keep ours, take the rest.
      if (!newEmail || !isUniqueViolation(error, USER_EMAIL_KEY)) throw error;
      delete values.email;
      delete values.emailVerified;
      return (await users.updateUser(user.id, values)) ?? user;
    }
  }

  /** Links an identity; when a parallel sign-in of the same identity won the race, its user is the answer. */
  async function link(user: UserRow, profile: OidcProfile): Promise<UserRow> {
    try {
      await identities.insertIdentity({ issuer: profile.issuer, subject: profile.subject, userId: user.id });
      return user;
    } catch (error) {
      if (!isUniqueViolation(error, IDENTITY_KEY)) throw error;
      const winner = await identities.findUserByIdentity(profile.issuer, profile.subject);
      if (!winner) throw error;
      return winner;
    }
  }

  async function createFromProfile(profile: OidcProfile): Promise<OidcSignIn> {
    for (let attempt = 0; ; attempt++) {
      const username = await availableUsername(users, profile.email ?? 'user');
      let user: UserRow;
      try {
        user = await users.insertUser({
          id: randomUUID(),
          email: profile.email ?? null,
          emailVerified: profile.email !== undefined && profile.emailVerified,
          username,
          firstName: profile.firstName ?? null,
          lastName: profile.lastName ?? null,
          profileImageUrl: profile.profileImageUrl ?? null,
        });
      } catch (error) {
        if (isUniqueViolation(error, USER_EMAIL_KEY)) return { refused: 'email_in_use' };
        if (isUniqueViolation(error, USERNAME_KEY) && attempt < 3) continue;
        throw error;
      }
      const linked = await link(user, profile);
      if (linked.id !== user.id) await users.deleteUser(user.id);
      return linked.isBanned ? { refused: 'suspended' } : { user: linked };
    }
  }

  return {
    /**
     * The account of a person coming back from the OpenID Connect provider: found by issuer and `sub`, else an
     * account with the same email when the provider says that email is verified and so does ours (linked), else a
     * new one. An unverified email never takes over an existing account; a banned person is refused. A local
     * account whose address was never proven is not linked either (decision 016): it may be a squatter's, with a
     * password and sessions of their own; the owner of the mailbox takes it back through 'Forgot your password?'.
     */
    async signInWithOidc(claimed: OidcProfile, options: { holdLink?: (user: UserRow) => Promise<boolean> } = {}): Promise<OidcSignIn> {
      // The administrator role goes with the address (ADMIN_EMAILS): nobody gets it on a provider's unchecked word.
      const adminUnverified = !claimed.emailVerified && claimed.email !== undefined && isAdminEmail(claimed.email, adminEmails);
      const profile = adminUnverified ? { ...claimed, email: undefined } : claimed;
      const known = await identities.findUserByIdentity(profile.issuer, profile.subject);
      if (known) {
        if (known.isBanned) return { refused: 'suspended' };
        await identities.touchIdentity(profile.issuer, profile.subject);
        return { user: await updateFromProfile(known, profile) };
      }
      const sameEmail = profile.email ? await users.findUserByEmail(profile.email) : undefined;
      if (!sameEmail) return createFromProfile(profile);
      if (!profile.emailVerified) return { refused: 'email_in_use' };
      if (sameEmail.isBanned) return { refused: 'suspended' };
      if (!sameEmail.emailVerified) return { refused: 'link_unverified' };
      // An account that gives a second step gives it before a new way in is added to it (decision 061).
      if (await options.holdLink?.(sameEmail)) return { user: sameEmail, heldLink: heldLinkSchema.parse(profile) };
      const linked = await link(sameEmail, profile);
      if (linked.isBanned) return { refused: 'suspended' };
      return { user: await updateFromProfile(linked, profile) };
    },

    /**
     * Links a held identity once its account's second step was given; a link that is no longer possible (the identity
     * went to another account meanwhile) is dropped, and the sign-in goes on without it.
     */
    async completeLink(userId: string, held: unknown): Promise<void> {
      const parsed = heldLinkSchema.safeParse(held);
      const user = parsed.success ? await users.findUserById(userId) : undefined;
      if (!parsed.success || !user) return;
      const profile: OidcProfile = parsed.data;
      const linked = await link(user, profile);
      if (linked.id === user.id) await updateFromProfile(user, profile);
    },

    /** Whether this provider identity is linked to this account: a re-authentication must be by its own person. */
    async ownsIdentity(userId: string, profile: Pick<OidcProfile, 'issuer' | 'subject'>): Promise<boolean> {
      return (await identities.findUserByIdentity(profile.issuer, profile.subject))?.id === userId;
    },
  };
}

export type OidcAccounts = ReturnType<typeof createOidcAccounts>;
