import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION_WORD, DELETED_USER_NAME, type DeleteAccountInput } from '#shared/account.js';
import type { Db } from '#server/db/client.js';
import { badRequest, forbidden, unauthorized } from '#server/lib/errors.js';
import { verifyPassword } from '#server/lib/passwords.js';
import { RateLimit } from '#server/lib/rate-limit.js';
import { transaction } from '#server/lib/transaction.js';
import { MESSAGES } from '#shared/texts.js';
import { isAdministrator } from '../identity/presenter.js';
import type { UserRow } from '../identity/repository.js';
import type { SessionStore } from '../identity/sessions.js';
import { type Email, layoutEmail, type Outbox } from '../../mail/index.js';
import { createCareRepository } from './care-repository.js';
import { type DeletionStep, deletionPlan } from './personal-data.js';

/** What deletion needs from the image module: every image a person owns, inside the transaction. */
export interface DeletionImages {
  removeAllOf(tx: Db, userId: string): Promise<void>;
}

/** What deletion needs from the session store: the sessions end in the deletion's transaction, their live streams once it committed. */
export type DeletionSessions = Pick<SessionStore, 'endAllOf'>;

/** What deletion needs from the listings module: the person's listings and likes go in the deletion's transaction. */
export interface DeletionListings {
  removeAllOf(tx: Db, userId: string): Promise<void>;
}

/** What deletion needs from the saved-searches module: the person's saved searches go in the deletion's transaction. */
export interface DeletionSavedSearches {
  removeAllOf(tx: Db, userId: string): Promise<void>;
}

/** What deletion needs from the members module: the person's blocks, made and received, go in the deletion's transaction. */
export interface DeletionBlocks {
  forgetAllOf(tx: Db, userId: string): Promise<void>;
}

/** Password guesses per account through the deletion dialog (a stolen session must not become a password oracle). */
const GUESSES = { name: 'deletion-password', points: 5, durationSeconds: 15 * 60 };

/** The last email the address gets from us: what happened, and what stays. */
export function accountDeletedEmail(to: string, username: string | null): Email {
  const who = username ? `Your account ${username}` : 'Your account';
  return layoutEmail('account-deleted', to, 'Your account has been deleted', {
    intro:
      `${who} has been deleted, as you asked. Your listings, likes and pictures are gone, and you have been signed out everywhere. ` +
      `The messages and reviews you wrote stay with the people they were for, shown as written by "${DELETED_USER_NAME}".`,
    footer: 'This is the last email we send to this address. You are welcome to sign up again at any time.',
  });
}

/**
 * "Delete my account" (decision 014). Everything happens in one transaction, step by step as the registry of personal
 * data says (`personal-data.ts`, decision 062): the confirmation email is written to the outbox, the listings go for
 * good (with their images, likes, reviews, reports and completions), the person's likes elsewhere go with exact
 * counters, their blocks both ways, every image, session, emailed link and OpenID Connect identity goes, and the users
 * row becomes a tombstone. Reports the person made of other listings stay, at any status, shown as by 'Deleted user':
 * a report is about the listing, and the administrator still has to judge it.
 */
export function createDeletionService(deps: {
  db: Db;
  images: DeletionImages;
  mail: Outbox;
  listings: DeletionListings;
  blocks: DeletionBlocks;
  savedSearches: DeletionSavedSearches;
  sessions: DeletionSessions;
  adminEmails: readonly string[];
  rateLimitScale?: number;
}) {
  const { db, images, mail, listings, blocks, savedSearches, adminEmails, sessions } = deps;
  const guesses = new RateLimit(GUESSES, deps.rateLimitScale ?? 1);

  /**
   * The password when the account has one; else (an account that only signs in through OpenID Connect) a fresh
   * sign-in at the provider and the typed word: a session left open must not be enough to delete a person.
   */
  async function confirm(user: UserRow, input: DeleteAccountInput, reauthenticated: boolean): Promise<void> {
    if (user.passwordHash) {
      if (!input.password) throw badRequest(ACCOUNT_MESSAGES.passwordRequired, { errors: { password: ACCOUNT_MESSAGES.passwordRequired } });
      await guesses.consume(user.id);
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        throw badRequest(ACCOUNT_MESSAGES.wrongPassword, { code: 'wrong_password', errors: { password: ACCOUNT_MESSAGES.wrongPassword } });
      }
      return;
    }
    if (!reauthenticated) throw forbidden(ACCOUNT_MESSAGES.reauthRequired, { code: 'reauth_required' });
    if (input.confirmation?.trim() !== DELETE_CONFIRMATION_WORD) {
      throw badRequest(ACCOUNT_MESSAGES.deleteConfirmationRequired, { errors: { confirmation: ACCOUNT_MESSAGES.deleteConfirmationRequired } });
    }
  }

  return {
    /** `reauthenticated`: the session's last sign-in at the provider is fresh (oidc/reauth.ts). */
    async deleteAccount(user: UserRow, input: DeleteAccountInput, reauthenticated = false): Promise<void> {
      // The role, not the address (decision 016): whoever signed up with an ADMIN_EMAILS address and never proved it may leave and free it.
      if (isAdministrator(user, adminEmails)) throw forbidden(ACCOUNT_MESSAGES.adminCannotDelete);
      // Slow (scrypt): before the transaction, never inside it.
      await confirm(user, input, reauthenticated);
      await transaction(db, async (tx) => {
        const repo = createCareRepository(tx);
        // The row lock orders this after any change of the same account in flight; a second deletion finds a tombstone.
        const account = await repo.lockLiveUser(user.id);
        if (!account) throw unauthorized(MESSAGES.signedOut);
        // Each step the registry names, done by the module that owns those tables; a new step cannot go without its work.
        const steps: Record<DeletionStep, () => Promise<void>> = {
          emails: async () => {
            if (!account.email) return;
            // Rows addressed to the person go with the account (decision 018): queued links, notifications, copies.
            await mail.dropAllTo(tx, account.email);
            await mail.enqueue(tx, accountDeletedEmail(account.email, account.username));
          },
          listings: () => listings.removeAllOf(tx, account.id),
          images: () => images.removeAllOf(tx, account.id),
          blocks: () => blocks.forgetAllOf(tx, account.id),
          'saved-searches': () => savedSearches.removeAllOf(tx, account.id),
          sessions: () => sessions.endAllOf(tx, account.id),
          access: () => repo.deleteAccessOf(account.id),
          tombstone: () => repo.scrub(account.id),
        };
        for (const step of deletionPlan()) await steps[step]();
      });
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
