import { RollingLimit } from '#server/lib/rate-limit.js';
import { maskEmail } from './emails.js';

/**
 * No address receives more than this many account emails (sign-up confirmation, its resend, either email of an email
 * change, password reset) in any hour, whoever asks for them (decision 063).
 */
export const ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR = 3;

export interface AccountEmailLog {
  warn(message: string): void;
}

export interface AccountEmailLimit {
  /**
   * Runs `write` (the transaction that writes the emails, and their links) knowing which of `addresses` may receive
   * one now. Each that may has taken one of its slots, which comes back if `write` throws: nothing was sent. The
   * slots are taken before `write`, outside its transaction: on PostgreSQL the counters are a query of their own,
   * which must not wait for a connection while the transaction holds one.
   */
  writing<T>(purpose: string, addresses: ReadonlyArray<string | null>, write: (mayEmail: (address: string) => boolean) => Promise<T>): Promise<T>;
}

/** Any case of an address is the same mailbox (as sign-in and 'Forgot your password?' read it). */
const mailbox = (address: string) => address.trim().toLowerCase();

/**
 * The one place the rule lives (decision 063). An address whose hour is full gets nothing, and nobody is told: the
 * caller skips that email and its link and answers as if it had gone. The links already sent keep working, so a
 * person whose own request is held back (someone else asked three times) still has the newest of them.
 */
export function createAccountEmailLimit(log: AccountEmailLog): AccountEmailLimit {
  // Counted in the app's store: this process's memory on PGlite, the table every process shares on PostgreSQL
  // (decision 026). RATE_LIMIT_SCALE does not touch it: it loosens limits per client address, and this one counts
  // what a mailbox receives.
  const perAddress = new RollingLimit({ name: 'account-emails', points: ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR, durationSeconds: 60 * 60 });

  return {
    async writing(purpose, addresses, write) {
      const allowed = new Set<string>();
      const giveBack: Array<() => Promise<void>> = [];
      for (const key of new Set(addresses.flatMap((address) => (address ? [mailbox(address)] : [])))) {
        const slot = await perAddress.take(key);
        if (slot) {
          allowed.add(key);
          giveBack.push(slot);
        } else {
          log.warn(`An account email (${purpose}) to ${maskEmail(key)} was not sent: that address had ${ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR} in the last hour (decision 063).`);
        }
      }
      try {
        return await write((address) => allowed.has(mailbox(address)));
      } catch (error) {
        // A slot that cannot be given back stays taken: one email fewer this hour, never one more.
        for (const slot of giveBack) await slot().catch(() => undefined);
        throw error;
      }
    },
  };
}
