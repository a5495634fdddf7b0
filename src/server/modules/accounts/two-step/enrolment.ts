import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '#shared/texts.js';
import { SECOND_FACTOR_ENROLMENT_PATH, TWO_STEP_TEXTS } from '#shared/two-step.js';
import type { Db } from '#server/db/client.js';
import { badRequest, forbidden, unauthorized } from '#server/lib/errors.js';
import { transaction } from '#server/lib/transaction.js';
import { type Email, layoutEmail, type Outbox } from '../../mail/index.js';
import { createAccountRepository } from '../care/account-repository.js';
import { hashToken, newToken, TOKEN_TTL_MS } from '../care/tokens.js';
import { createAuthRepository, type UserRow } from '../identity/repository.js';

/** How long an opened enrolment link lets its session add a second factor. */
export const ENROLMENT_WINDOW_MS = 15 * 60_000;

export function enrolmentEmail(input: { to: string; url: string }): Email {
  return layoutEmail('second-factor-enrolment', input.to, TWO_STEP_TEXTS.enrolmentSubject, {
    intro:
      'You asked to set up the second step of your administrator account. Open this link in the browser where you are signed in; it works once, for 30 minutes.',
    link: { href: input.url, label: 'Set up your second step' },
    footer: 'If you did not ask for this, someone has your password: do not open the link, and choose a new password with "Forgot your password?".',
  });
}

/**
 * An administrator's second factor while REQUIRE_ADMIN_2FA is on (decision 061): a session that did not begin with a
 * second factor may add one (an authenticator app, a passkey) only after opening a single-use link emailed to the
 * account's confirmed address, or made on the server by `npm run admin -- second-factor EMAIL`. A stolen password
 * alone then enrols nothing. Opening the link grants the session that opened it `ENROLMENT_WINDOW_MS`.
 *
 * `guarded(user)`: whether the rule holds for this account (REQUIRE_ADMIN_2FA and an administrator).
 */
/** A new enrolment link for the account (an earlier one stops working), answered as its address. */
async function issue(tx: Db, publicUrl: string, user: UserRow & { email: string }): Promise<string> {
  const { token, hash } = newToken();
  await createAccountRepository(tx).replaceToken(tx, {
    tokenHash: hash,
    userId: user.id,
    purpose: 'second_factor_enrolment',
    email: user.email,
    ttlMs: TOKEN_TTL_MS.second_factor_enrolment,
  });
  return `${publicUrl.replace(/\/+$/, '')}${SECOND_FACTOR_ENROLMENT_PATH}?token=${encodeURIComponent(token)}`;
}

const confirmedAddress = (user: UserRow): (UserRow & { email: string }) | undefined => (user.email && user.emailVerified ? { ...user, email: user.email } : undefined);

/**
 * The link for the operator's command line (`npm run admin -- second-factor EMAIL`), printed instead of emailed: the
 * person at the server's console is trusted as the mailbox is. Nothing when the account has no confirmed address.
 */
export async function enrolmentLinkFor(db: Db, publicUrl: string, user: UserRow): Promise<string | undefined> {
  const account = confirmedAddress(user);
  return account && transaction(db, (tx) => issue(tx, publicUrl, account));
}

export function createEnrolment(deps: { db: Db; mail: Outbox; publicUrl: string; guarded: (user: UserRow) => boolean; now?: () => number }) {
  const { db, mail, publicUrl } = deps;
  const tokens = createAccountRepository(db);
  const sessions = createAuthRepository(db);
  const now = deps.now ?? Date.now;

  return {
    guarded: deps.guarded,

    /** Before adding a second factor: refused (403 `second_factor_enrolment_required`) while the rule holds and this session has neither a second factor nor an open link. */
    async assertMayEnrol(request: FastifyRequest, user: UserRow): Promise<void> {
      if (!deps.guarded(user) || request.session?.secondFactor) return;
      const proofs = request.session ? await sessions.sessionProofs(request.session.id) : undefined;
      if (proofs?.enrolmentUntil && proofs.enrolmentUntil.getTime() > now()) return;
      throw forbidden(TWO_STEP_TEXTS.enrolmentLinkRequired, { code: 'second_factor_enrolment_required' });
    },

    /** Emails the link to the account's confirmed address; answers that address. */
    async sendLink(user: UserRow): Promise<string> {
      const account = confirmedAddress(user);
      if (!account) throw forbidden(TWO_STEP_TEXTS.enrolmentNeedsConfirmedEmail, { code: 'email_not_verified' });
      await transaction(db, async (tx) => mail.enqueue(tx, enrolmentEmail({ to: account.email, url: await issue(tx, publicUrl, account) })));
      return account.email;
    },

    /** The link opened in a signed-in browser: spent once, by its own account only; the session may enrol until the answer. */
    async open(request: FastifyRequest, user: UserRow, token: string): Promise<Date> {
      if (!request.session) throw unauthorized(MESSAGES.signedOut);
      const found = await tokens.findLiveToken(hashToken(token));
      // Another account's link is left as it is: only its own person spends it (and of two tries at once, one does).
      const mine = found && found.userId === user.id && found.purpose === 'second_factor_enrolment';
      const spent = mine ? await tokens.spendToken(db, found.tokenHash, ['second_factor_enrolment']) : undefined;
      if (!spent) throw badRequest(TWO_STEP_TEXTS.enrolmentLinkInvalid, { code: 'invalid_link' });
      const until = new Date(now() + ENROLMENT_WINDOW_MS);
      await sessions.grantEnrolment(request.session.id, until);
      return until;
    },
  };
}

export type Enrolment = ReturnType<typeof createEnrolment>;
