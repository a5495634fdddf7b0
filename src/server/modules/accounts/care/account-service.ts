import {
  ACCOUNT_MESSAGES,
  CURRENT_PASSWORD_TRIES_PER_HOUR,
  EMAIL_CHANGES_PER_HOUR,
  FORGOT_PASSWORD_PER_30_MIN,
  RESEND_VERIFICATION_PER_HOUR,
  type AccountNotice,
  type EmailVerified,
  type ChangeEmailInput,
  type ChangePasswordInput,
} from '#shared/account.js';
import { MESSAGES } from '#shared/texts.js';
import type { Db } from '#server/db/client.js';
import { assertUncommonPassword } from '#server/lib/common-passwords.js';
import { isUniqueViolation } from '#server/lib/error-handler.js';
import { badRequest, conflict, forbidden } from '#server/lib/errors.js';
import { type PasswordHasher, verifyPassword } from '#server/lib/passwords.js';
import { RateLimit } from '#server/lib/rate-limit.js';
import { transaction } from '#server/lib/transaction.js';
import { USER_EMAIL_KEY, type UserRow } from '../identity/repository.js';
import type { SessionStore } from '../identity/sessions.js';
import type { Outbox } from '../../mail/index.js';
import type { AccountEmailLimit } from './account-email-limit.js';
import { changeEmailEmail, emailChangeNoticeEmail, resetPasswordEmail, verificationEmail } from './emails.js';
import { createAccountRepository, type AccountRepository, type TokenPurpose } from './account-repository.js';
import { hashToken, newToken, TOKEN_TTL_MS } from './tokens.js';

export interface AccountUsers {
  findUserByEmail(email: string): Promise<UserRow | undefined>;
}

/** What account care needs from the session store: sessions end with the change that ends them, and so do their live streams. */
export type AccountSessions = Pick<SessionStore, 'endAllOf'>;

export interface AccountDeps {
  db: Db;
  sessions: AccountSessions;
  users: AccountUsers;
  mail: Outbox;
  /** config.PUBLIC_URL: the emailed links open pages there. */
  publicUrl: string;
  /** config.RATE_LIMIT_SCALE. */
  rateLimitScale?: number;
  /** Hashes a new password at config.PASSWORD_HASH_COST. */
  passwords: PasswordHasher;
  /** At most 3 account emails an hour to an address (decision 063); the same one sign-up uses. */
  accountEmails: AccountEmailLimit;
  repo?: AccountRepository;
}

const HOUR = 60 * 60;

const sameAddress = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
const invalidLink = () => badRequest(ACCOUNT_MESSAGES.invalidLink, { code: 'invalid_link' });
const wrongPassword = () => badRequest(ACCOUNT_MESSAGES.wrongPassword, { code: 'wrong_password', errors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword } });

/** A new link of `purpose` for the person (older ones of that purpose stop working); answers the token for the email. */
async function issueToken(repo: AccountRepository, tx: Db, userId: string, purpose: TokenPurpose, email: string): Promise<string> {
  const { token, hash } = newToken();
  await repo.replaceToken(tx, { tokenHash: hash, userId, purpose, email, ttlMs: TOKEN_TTL_MS[purpose] });
  return token;
}

async function writeVerification(repo: AccountRepository, mail: Outbox, publicUrl: string, tx: Db, userId: string, email: string): Promise<void> {
  const token = await issueToken(repo, tx, userId, 'verify_email', email);
  await mail.enqueue(tx, verificationEmail({ to: email, token, publicUrl }));
}

/**
 * How a local sign-up writes its account (auth's `signUp` option): the verification link is written with the
 * account in one transaction, so there is never an account whose link was lost, nor a link without an account. An
 * address that had its 3 account emails this hour gets the account without the link (decision 063); 'Resend' sends
 * one later.
 */
export function signUpWithVerification(deps: Pick<AccountDeps, 'db' | 'mail' | 'publicUrl' | 'accountEmails'>) {
  const repo = createAccountRepository(deps.db);
  return (email: string, insert: (tx: Db) => Promise<UserRow>): Promise<UserRow> =>
    deps.accountEmails.writing('sign-up', [email], (mayEmail) =>
      transaction(deps.db, async (tx) => {
        const created = await insert(tx);
        if (created.email && !created.emailVerified && mayEmail(created.email)) await writeVerification(repo, deps.mail, deps.publicUrl, tx, created.id, created.email);
        return created;
      }),
    );
}

/** Email verification, password reset and change, email change (decision 014). */
export function createAccountService(deps: AccountDeps) {
  const { db, users, mail, publicUrl, sessions, accountEmails } = deps;
  const repo = deps.repo ?? createAccountRepository(db);
  const scale = deps.rateLimitScale ?? 1;
  const resends = new RateLimit({ name: 'verification-resends', points: RESEND_VERIFICATION_PER_HOUR, durationSeconds: HOUR }, scale);
  const forgotPerEmail = new RateLimit({ name: 'forgot-password-email', points: FORGOT_PASSWORD_PER_30_MIN, durationSeconds: HOUR / 2 }, scale);
  const forgotPerIp = new RateLimit({ name: 'forgot-password-address', points: FORGOT_PASSWORD_PER_30_MIN, durationSeconds: HOUR / 2 }, scale);
  const passwordTries = new RateLimit({ name: 'current-password', points: CURRENT_PASSWORD_TRIES_PER_HOUR, durationSeconds: HOUR }, scale);
  const emailChanges = new RateLimit({ name: 'email-changes', points: EMAIL_CHANGES_PER_HOUR, durationSeconds: HOUR }, scale);

  /** The current password, when a change needs it: limited per account, so a left-open session cannot be used to guess it. */
  async function checkCurrentPassword(userId: string, passwordHash: string, given: string | undefined): Promise<void> {
    if (!given) throw badRequest(ACCOUNT_MESSAGES.currentPasswordRequired, { errors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired } });
    await passwordTries.consume(userId);
    if (!(await verifyPassword(given, passwordHash))) throw wrongPassword();
    await passwordTries.reset(userId);
  }

  /** The verify_email link: the address it was sent to is confirmed, if it is still the account's. */
  async function confirmAddress(tx: Db, user: UserRow, email: string): Promise<EmailVerified> {
    if (!sameAddress(user.email, email)) throw invalidLink();
    await repo.updateUser(tx, user.id, { emailVerified: true });
    return { message: ACCOUNT_MESSAGES.emailVerified, outcome: 'verified' };
  }

  /** The change_email link: the account moves to the new address, verified, unless another account took it meanwhile. */
  async function moveToAddress(tx: Db, user: UserRow, email: string): Promise<EmailVerified> {
    if (await repo.otherUserWithEmail(tx, email, user.id)) throw conflict(MESSAGES.emailTaken, { code: 'email_taken' });
    await repo.updateUser(tx, user.id, { email, emailVerified: true, pendingEmail: null });
    // Links sent to the old address no longer speak for this account.
    await repo.retireTokens(tx, user.id, ['verify_email', 'reset_password', 'change_email']);
    return { message: ACCOUNT_MESSAGES.emailChanged, outcome: 'email_changed' };
  }

  return {
    /** POST /api/auth/verify-email: one endpoint for both links that confirm an address. */
    async verifyEmail(token: string): Promise<EmailVerified> {
      try {
        return await transaction(db, async (tx) => {
          const spent = await repo.spendToken(tx, hashToken(token), ['verify_email', 'change_email']);
          if (!spent) throw invalidLink();
          const user = await repo.lockUser(tx, spent.userId);
          if (!user || user.deletedAt) throw invalidLink();
          return spent.purpose === 'change_email' ? moveToAddress(tx, user, spent.email) : confirmAddress(tx, user, spent.email);
        });
      } catch (error) {
        // Another account took the address between our check and the update: the unique index says so.
        if (isUniqueViolation(error, USER_EMAIL_KEY)) throw conflict(MESSAGES.emailTaken, { code: 'email_taken' });
        throw error;
      }
    },

    async resendVerification(user: UserRow): Promise<AccountNotice> {
      const email = user.email;
      if (!email) throw badRequest(ACCOUNT_MESSAGES.noEmail);
      if (user.emailVerified) throw conflict(ACCOUNT_MESSAGES.alreadyVerified, { code: 'already_verified' });
      await resends.consume(user.id);
      // Held back (decision 063), the answer is the same and the link already sent keeps working.
      await accountEmails.writing('verification resend', [email], async (mayEmail) => {
        if (mayEmail(email)) await transaction(db, (tx) => writeVerification(repo, mail, publicUrl, tx, user.id, email));
      });
      return { message: ACCOUNT_MESSAGES.verificationSent(email) };
    },

    /**
     * 'Forgot your password?': the caller learns nothing about the address (the route answers one sentence).
     * Only an existing, usable account gets the email; one without a password sets its first one this way.
     */
    async forgotPassword(email: string, ip: string): Promise<void> {
      await forgotPerIp.consume(ip);
      await forgotPerEmail.consume(email.toLowerCase());
      const user = await users.findUserByEmail(email);
      const to = user?.email;
      if (!user || !to || user.isBanned || user.deletedAt) return;
      // Held back (decision 063), no new link either: the newest one sent, maybe at someone else's request, still works.
      await accountEmails.writing('password reset', [to], async (mayEmail) => {
        if (!mayEmail(to)) return;
        await transaction(db, async (tx) => {
          const token = await issueToken(repo, tx, user.id, 'reset_password', to);
          await mail.enqueue(tx, resetPasswordEmail({ to, token, publicUrl, username: user.username }));
        });
      });
    },

    /**
     * Sets the new password from a reset link and ends every session of the account (the route then starts a
     * new one). Opening the link proves the address too, when it is still the account's. A pending email change
     * is dropped: the link to confirm it is in someone else's mailbox, who may be why the password was reset.
     * An account whose address this link proves for the first time may have been squatted (decision 016): the
     * provider identities linked to it on an unproven address are unlinked too.
     */
    async resetPassword(token: string, password: string): Promise<UserRow> {
      const tokenHash = hashToken(token);
      // A bad link costs a lookup, not a password hash.
      const found = await repo.findLiveToken(tokenHash);
      if (found?.purpose !== 'reset_password') throw invalidLink();
      assertUncommonPassword(password, 'password');
      const passwordHash = await deps.passwords.hash(password);
      return transaction(db, async (tx) => {
        const spent = await repo.spendToken(tx, tokenHash, ['reset_password']);
        if (!spent) throw invalidLink();
        const user = await repo.lockUser(tx, spent.userId);
        if (!user || user.deletedAt) throw invalidLink();
        if (user.isBanned) throw forbidden(MESSAGES.suspended, { code: 'account_suspended' });
        const proven = sameAddress(user.email, spent.email);
        const updated = await repo.updateUser(tx, user.id, { passwordHash, pendingEmail: null, ...(proven && { emailVerified: true }) });
        await repo.retireTokens(tx, user.id, ['reset_password', 'change_email']);
        await sessions.endAllOf(tx, user.id);
        if (proven && !user.emailVerified) await repo.deleteOidcIdentitiesOf(tx, user.id);
        return updated!;
      });
    },

    /** A new password, given the current one; every other session of the account ends, `sessionId` stays. */
    async changePassword(user: UserRow, sessionId: string, input: ChangePasswordInput): Promise<UserRow> {
      const currentHash = user.passwordHash;
      if (!currentHash) throw badRequest(ACCOUNT_MESSAGES.noPasswordYet);
      assertUncommonPassword(input.newPassword, 'newPassword');
      await checkCurrentPassword(user.id, currentHash, input.currentPassword);
      const passwordHash = await deps.passwords.hash(input.newPassword);
      return transaction(db, async (tx) => {
        // Another tab changed it since we checked: the password given is no longer the current one.
        const updated = await repo.replacePasswordHash(tx, user.id, currentHash, passwordHash);
        if (!updated) throw wrongPassword();
        await sessions.endAllOf(tx, user.id, { keep: sessionId });
        await repo.retireTokens(tx, user.id, ['reset_password']);
        return updated;
      });
    },

    /**
     * Asks for a new address: a link to it, a notice to the old one, and `pendingEmail` until the link is
     * opened. Nothing else changes yet: sign-in still uses the old address. The current password confirms it;
     * an account without one needs a fresh sign-in at its provider (`reauthenticated`, decision 016).
     */
    async changeEmail(user: UserRow, input: ChangeEmailInput, reauthenticated = false): Promise<UserRow> {
      const newEmail = input.newEmail;
      if (!user.passwordHash && !reauthenticated) throw forbidden(ACCOUNT_MESSAGES.reauthRequired, { code: 'reauth_required' });
      if (sameAddress(user.email, newEmail)) throw badRequest(ACCOUNT_MESSAGES.sameEmail, { errors: { newEmail: ACCOUNT_MESSAGES.sameEmail } });
      if (user.passwordHash) await checkCurrentPassword(user.id, user.passwordHash, input.currentPassword);
      if (await repo.otherUserWithEmail(db, newEmail, user.id)) throw conflict(MESSAGES.emailTaken, { code: 'email_taken', errors: { newEmail: MESSAGES.emailTaken } });
      await emailChanges.consume(user.id);
      // Each address counts its own email (decision 063); the answer is the same whichever is held back.
      return accountEmails.writing('email change', [newEmail, user.email], (mayEmail) =>
        transaction(db, async (tx) => {
          const updated = await repo.updateUser(tx, user.id, { pendingEmail: newEmail });
          if (mayEmail(newEmail)) {
            const token = await issueToken(repo, tx, user.id, 'change_email', newEmail);
            await mail.enqueue(tx, changeEmailEmail({ to: newEmail, token, publicUrl, username: user.username }));
          } else {
            // The links already sent to that address still work; one to an address the person no longer wants does not.
            await repo.retireTokensNotTo(tx, user.id, 'change_email', newEmail);
          }
          if (user.email && mayEmail(user.email)) await mail.enqueue(tx, emailChangeNoticeEmail({ to: user.email, newEmail, username: user.username }));
          return updated!;
        }),
      );
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
