import { TWO_STEP_TEXTS } from '#shared/two-step.js';
import type { Db } from '#server/db/client.js';
import { currentRateLimitStore } from '#server/lib/rate-limit-store.js';
import { transaction } from '#server/lib/transaction.js';
import { type Email, layoutEmail, type Outbox } from '../../mail/index.js';
import { SESSIONS_PAGE_PATH } from '../devices/devices.js';
import { createAuthRepository } from '../identity/repository.js';

/** Failed second steps of one account, in `FAILED_STEPS_WINDOW_SECONDS`, after which its owner is told. */
export const FAILED_STEPS_BEFORE_WARNING = 3;
const FAILED_STEPS_WINDOW_SECONDS = 24 * 60 * 60;

/** 'Someone entered your password but not your code': the password is known to someone else; what to do about it. */
export function failedSecondStepsEmail(input: { to: string; username: string | null; publicUrl: string }): Email {
  const site = input.publicUrl.replace(/\/+$/, '');
  const account = input.username ? ` (${input.username})` : '';
  return layoutEmail('failed-second-steps', input.to, TWO_STEP_TEXTS.failedSecondStepsSubject, {
    intro: `Someone signed in to your account${account} with your password, then gave a wrong code or passkey ${FAILED_STEPS_BEFORE_WARNING} times. Your second step kept them out, but they know your password.`,
    items: [
      { text: 'Choose a new password', href: `${site}/forgot-password`, detail: 'the link we email you sets it; every session of your account is signed out' },
      { text: 'See where you are signed in', href: `${site}${SESSIONS_PAGE_PATH}`, detail: 'sign out any session you do not know' },
    ],
    footer: 'If this was you, mistyping a code, there is nothing to do. We send this at most once a day.',
  });
}

/**
 * Tells an account's owner when someone gets the password right but the second step wrong (decision 061): the
 * failures of a day are counted per account in the rate-limit store (shared on PostgreSQL), whatever address they
 * come from, and the email goes once, at the third.
 */
export function createFailedStepWarning(deps: { db: Db; mail: Outbox; publicUrl: string }) {
  const failures = currentRateLimitStore().limiter({ keyPrefix: 'second-step-failures', points: 1_000_000, duration: FAILED_STEPS_WINDOW_SECONDS });
  const users = createAuthRepository(deps.db);
  return {
    async failed(userId: string): Promise<void> {
      const counted = await failures.consume(userId);
      if (counted.consumedPoints !== FAILED_STEPS_BEFORE_WARNING) return;
      const user = await users.findUserById(userId);
      if (!user?.email) return;
      const email = failedSecondStepsEmail({ to: user.email, username: user.username, publicUrl: deps.publicUrl });
      await transaction(deps.db, (tx) => deps.mail.enqueue(tx, email));
    },
  };
}

export type FailedStepWarning = ReturnType<typeof createFailedStepWarning>;
