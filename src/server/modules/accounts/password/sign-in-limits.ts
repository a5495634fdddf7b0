import { RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '#shared/texts.js';
import { tooManyRequests } from '#server/lib/errors.js';
import { countRefusal } from '#server/lib/rate-limit.js';
import { currentRateLimitStore } from '#server/lib/rate-limit-store.js';

export interface SignInLimitOptions {
  /** Wrong passwords in a row for one account from one client address before that address has to wait. */
  freeFailures: number;
  /** The first wait; each further lockout of the same account and address doubles it, up to `maxBlockSeconds`. */
  firstBlockSeconds: number;
  maxBlockSeconds: number;
  /** Failed sign-ins on one account per hour from every address together: where distributed guessing stops. */
  accountFailuresPerHour: number;
}

export const SIGN_IN_LIMITS: SignInLimitOptions = { freeFailures: 5, firstBlockSeconds: 60, maxBlockSeconds: 60 * 60, accountFailuresPerHour: 100 };

const DAY = 24 * 60 * 60;
const refused = (res: RateLimiterRes) => tooManyRequests(MESSAGES.tooManyRequests, res.msBeforeNext / 1000);

/**
 * Failed sign-ins counted per account and client address (decision 017): a stranger who knows an email only
 * locks out their own address, never the owner signing in from elsewhere. Counters live in the app's store,
 * like every rate limit here: shared by every process on PostgreSQL (decisions 004 and 026).
 */
export function createSignInLimits(options: SignInLimitOptions = SIGN_IN_LIMITS) {
  // Attempts are counted before the password is checked (parallel guesses cannot slip past), and a success
  // forgets the pair's count: what remains is a count of consecutive failures.
  const store = currentRateLimitStore();
  const consecutive = store.limiter({ keyPrefix: 'sign-in-pair', points: options.freeFailures, duration: DAY });
  /** How often the pair was locked out in the last day: the exponent of its next wait. */
  const lockouts = store.limiter({ keyPrefix: 'sign-in-lockouts', points: Number.MAX_SAFE_INTEGER, duration: DAY });
  const perAccount = store.limiter({ keyPrefix: 'sign-in-account', points: options.accountFailuresPerHour, duration: 60 * 60 });
  const pairKey = (account: string, address: string) => `${account.toLowerCase()} ${address}`;

  async function lockOut(pair: string, res: RateLimiterRes): Promise<RateLimiterRes> {
    // Only the attempt that went one over the budget starts the wait; later ones during it find it running.
    if (res.consumedPoints !== options.freeFailures + 1) return res;
    const { consumedPoints: times } = await lockouts.penalty(pair);
    const seconds = Math.min(options.maxBlockSeconds, options.firstBlockSeconds * 2 ** (times - 1));
    return consecutive.block(pair, seconds);
  }

  return {
    /** Before the password is checked: spends one attempt, or throws a 429 with Retry-After. */
    async attempt(account: string, address: string): Promise<void> {
      const key = account.toLowerCase();
      try {
        await perAccount.consume(key);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        countRefusal('sign-in-account');
        throw refused(res);
      }
      const pair = pairKey(account, address);
      try {
        await consecutive.consume(pair);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        // Refused before any check: it is not a guess at the account.
        await perAccount.reward(key);
        countRefusal('sign-in-failures');
        throw refused(await lockOut(pair, res));
      }
    },

    /** The right password: the pair starts again from nothing, and the attempt is not a failure of the account. */
    async succeeded(account: string, address: string): Promise<void> {
      const pair = pairKey(account, address);
      await Promise.all([consecutive.delete(pair), lockouts.delete(pair), perAccount.reward(account.toLowerCase())]);
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
