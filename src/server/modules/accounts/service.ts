import { randomInt, randomUUID } from 'node:crypto';
import type { LoginInput, RegisterInput } from '#shared/auth.js';
import { USERNAME_MAX, USERNAME_MIN } from '#shared/limits.js';
import { NEAR_TEXTS } from '#shared/services.js';
import { MESSAGES } from '#shared/texts.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { assertUncommonPassword } from '../../lib/common-passwords.js';
import { isUniqueViolation } from '../../lib/error-handler.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isAdminEmail } from './presenter.js';
import { createAuthRepository, type AuthRepository, type UserRow } from './repository.js';

const EMAIL_KEY = 'users_email_lower_key';
const USERNAME_KEY = 'users_username_lower_key';

/** A valid username from an email's local part: "mary.o'neil+x@…" → "mary_o_neil_x". */
export function usernameBaseFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  let base = local.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, USERNAME_MAX);
  if (base.length < USERNAME_MIN) base = `${base}${base ? '_' : ''}user`.slice(0, USERNAME_MAX);
  return base;
}

/** What a provider told us about a person, already checked by openid-client and cleaned of bad values. */
export interface OidcProfile {
  issuer: string;
  subject: string;
  email?: string;
  /** Only the provider's literal `email_verified: true` counts. */
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  profileImageUrl?: string;
}

export type OidcSignIn = { user: UserRow } | { refused: 'suspended' | 'email_in_use' | 'link_unverified' };

const IDENTITY_KEY = 'oidc_identities_issuer_subject_key';

/** Pictures uploaded here (decision 014): a provider's picture never replaces one. */
const isUploadedAvatar = (url: string | null) => url !== null && url.startsWith('/api/images/');

export interface AuthServiceOptions {
  adminEmails?: readonly string[];
  /**
   * How sign-up writes a local account: runs `insert` in a transaction of its own making and may write more in
   * it (account care writes the verification link). Without it, a plain insert.
   */
  signUp?: (insert: (tx: Db) => Promise<UserRow>) => Promise<UserRow>;
  /** What a suspended person learns once their password is right (the sanctions module; issue 18). */
  suspension?: { forSignIn(userId: string): Promise<{ reason: string | null; appealUrl: string | null }> };
  /** Whether the bundled ZIP dataset knows a 5-digit ZIP code (the zip module): a home ZIP must be one (issue 19). */
  knowsZip?: (zipCode: string) => boolean;
}

export function createAuthService(repo: AuthRepository, options: AuthServiceOptions = {}) {
  const adminEmails = options.adminEmails ?? [];
  const { signUp } = options;

  async function availableUsername(email: string): Promise<string> {
    const base = usernameBaseFromEmail(email);
    if (!(await repo.usernameExists(base))) return base;
    for (let attempt = 0; attempt < 20; attempt++) {
      const suffix = String(randomInt(1000, 1_000_000));
      const candidate = `${base.slice(0, USERNAME_MAX - suffix.length - 1)}_${suffix}`;
      if (!(await repo.usernameExists(candidate))) return candidate;
    }
    return `user_${randomUUID().replaceAll('-', '').slice(0, USERNAME_MAX - 5)}`;
  }

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
      return (await repo.updateUser(user.id, values)) ?? user;
    } catch (error) {
      // The new address belongs to another account: keep ours, take the rest.
      if (!newEmail || !isUniqueViolation(error, EMAIL_KEY)) throw error;
      delete values.email;
      delete values.emailVerified;
      return (await repo.updateUser(user.id, values)) ?? user;
    }
  }

  /** Links an identity; when a parallel sign-in of the same identity won the race, its user is the answer. */
  async function link(user: UserRow, profile: OidcProfile): Promise<UserRow> {
    try {
      await repo.insertOidcIdentity({ issuer: profile.issuer, subject: profile.subject, userId: user.id });
      return user;
    } catch (error) {
      if (!isUniqueViolation(error, IDENTITY_KEY)) throw error;
      const winner = await repo.findUserByOidcIdentity(profile.issuer, profile.subject);
      if (!winner) throw error;
      return winner;
    }
  }

  async function createFromProfile(profile: OidcProfile): Promise<OidcSignIn> {
    for (let attempt = 0; ; attempt++) {
      const username = await availableUsername(profile.email ?? 'user');
      let user: UserRow;
      try {
        user = await repo.insertUser({
          id: randomUUID(),
          email: profile.email ?? null,
          emailVerified: profile.email !== undefined && profile.emailVerified,
          username,
          firstName: profile.firstName ?? null,
          lastName: profile.lastName ?? null,
          profileImageUrl: profile.profileImageUrl ?? null,
        });
      } catch (error) {
        if (isUniqueViolation(error, EMAIL_KEY)) return { refused: 'email_in_use' };
        if (isUniqueViolation(error, USERNAME_KEY) && attempt < 3) continue;
        throw error;
      }
      const linked = await link(user, profile);
      if (linked.id !== user.id) await repo.deleteUser(user.id);
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
    async signInWithOidc(claimed: OidcProfile): Promise<OidcSignIn> {
      // The administrator role goes with the address (ADMIN_EMAILS): nobody gets it on a provider's unchecked word.
      const adminUnverified = !claimed.emailVerified && claimed.email !== undefined && isAdminEmail(claimed.email, adminEmails);
      const profile = adminUnverified ? { ...claimed, email: undefined } : claimed;
      const known = await repo.findUserByOidcIdentity(profile.issuer, profile.subject);
      if (known) {
        if (known.isBanned) return { refused: 'suspended' };
        await repo.touchOidcIdentity(profile.issuer, profile.subject);
        return { user: await updateFromProfile(known, profile) };
      }
      const sameEmail = profile.email ? await repo.findUserByEmail(profile.email) : undefined;
      if (!sameEmail) return createFromProfile(profile);
      if (!profile.emailVerified) return { refused: 'email_in_use' };
      if (sameEmail.isBanned) return { refused: 'suspended' };
      if (!sameEmail.emailVerified) return { refused: 'link_unverified' };
      const linked = await link(sameEmail, profile);
      if (linked.isBanned) return { refused: 'suspended' };
      return { user: await updateFromProfile(linked, profile) };
    },

    /** Whether this provider identity is linked to this account: a re-authentication must be by its own person. */
    async ownsIdentity(userId: string, profile: Pick<OidcProfile, 'issuer' | 'subject'>): Promise<boolean> {
      return (await repo.findUserByOidcIdentity(profile.issuer, profile.subject))?.id === userId;
    },

    async register(input: RegisterInput): Promise<UserRow> {
      assertUncommonPassword(input.password, 'password');
      if (await repo.findUserByEmail(input.email)) throw conflict(MESSAGES.emailTaken, { code: 'email_taken', errors: { email: MESSAGES.emailTaken } });
      if (input.username && (await repo.usernameExists(input.username))) {
        throw conflict(MESSAGES.usernameTaken, { code: 'username_taken', errors: { username: MESSAGES.usernameTaken } });
      }
      const passwordHash = await hashPassword(input.password);
      // The checks above give friendly answers; the unique indexes settle races between two sign-ups.
      for (let attempt = 0; ; attempt++) {
        const username = input.username ?? (await availableUsername(input.email));
        const values = { id: randomUUID(), email: input.email, username, passwordHash };
        try {
          return await (signUp ? signUp((tx) => createAuthRepository(tx).insertUser(values)) : repo.insertUser(values));
        } catch (error) {
          if (isUniqueViolation(error, EMAIL_KEY)) throw conflict(MESSAGES.emailTaken, { code: 'email_taken', errors: { email: MESSAGES.emailTaken } });
          if (isUniqueViolation(error, USERNAME_KEY)) {
            if (input.username || attempt >= 3) throw conflict(MESSAGES.usernameTaken, { code: 'username_taken', errors: { username: MESSAGES.usernameTaken } });
            continue;
          }
          throw error;
        }
      }
    },

    /** One answer for an unknown email and a wrong password, and the same work for both. */
    async authenticate(input: LoginInput): Promise<UserRow> {
      const user = await repo.findUserByEmail(input.email);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !user.passwordHash || !ok) throw unauthorized(MESSAGES.invalidCredentials, { code: 'invalid_credentials' });
      // The reason and the appeal link only now, after the right password: nobody else learns why a person was banned.
      if (user.isBanned) throw forbidden(MESSAGES.suspended, { code: 'account_suspended', details: await options.suspension?.forSignIn(user.id) });
      return user;
    },

    async changeUsername(userId: string, username: string): Promise<UserRow> {
      try {
        const row = await repo.updateUser(userId, { username });
        if (!row) throw notFound(MESSAGES.notFound);
        return row;
      } catch (error) {
        if (isUniqueViolation(error, USERNAME_KEY)) throw conflict(MESSAGES.usernameTaken, { code: 'username_taken', errors: { username: MESSAGES.usernameTaken } });
        throw error;
      }
    },

    /**
     * The ZIP code browse starts near (issue 19, decision 052), or null to forget it. Only a ZIP the dataset knows: a
     * place distances can be measured from, refused as browse refuses an unknown `near`.
     */
    async setHomeZip(userId: string, zipCode: string | null): Promise<UserRow> {
      if (zipCode !== null && !options.knowsZip?.(zipCode)) {
        throw badRequest(NEAR_TEXTS.invalidZip, { code: 'validation_failed', errors: { zipCode: NEAR_TEXTS.invalidZip } });
      }
      const row = await repo.updateUser(userId, { homeZip: zipCode });
      if (!row) throw notFound(MESSAGES.notFound);
      return row;
    },

    async update(userId: string, values: { emailNotificationsEnabled?: boolean; termsAccepted?: boolean }): Promise<UserRow> {
      const row = await repo.updateUser(userId, values);
      if (!row) throw notFound(MESSAGES.notFound);
      return row;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
