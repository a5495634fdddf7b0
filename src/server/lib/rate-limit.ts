import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '../../shared/texts.js';
import { tooManyRequests } from './errors.js';

export interface Limit {
  points: number;
  durationSeconds: number;
}

/**
 * A named budget of attempts per key (an IP, an account). Counters live in this process:
 * see docs/decisions/004-rate-limits.md for why and what changes with several processes.
 */
export class RateLimit {
  private readonly limiter: RateLimiterMemory;

  constructor(limit: Limit, scale = 1, private readonly message: string = MESSAGES.tooManyRequests) {
    this.limiter = new RateLimiterMemory({ points: Math.max(1, Math.round(limit.points * scale)), duration: limit.durationSeconds });
  }

  /** Spends one attempt for `key`, or throws a 429 HttpError with Retry-After. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (result) {
      if (result instanceof RateLimiterRes) throw tooManyRequests(this.message, result.msBeforeNext / 1000);
      throw result;
    }
  }

  /**
   * Runs `action` on `key`'s budget and counts it only if it succeeds: a refused write (bad input, someone else's
   * listing) costs nothing. The point is taken before the action and given back if it throws, so parallel requests
   * can never pass more than the budget; a refused attempt is given back too, so the counter is what was accepted
   * (plus what is still in flight).
   */
  async spendOnSuccess<T>(key: string, action: () => Promise<T>): Promise<T> {
    try {
      await this.limiter.consume(key);
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result;
      await this.limiter.reward(key, 1);
      throw tooManyRequests(this.message, result.msBeforeNext / 1000);
    }
    try {
      return await action();
    } catch (error) {
      await this.limiter.reward(key, 1);
      throw error;
    }
  }

  /** Forgets `key`'s spent attempts, e.g. after a successful sign-in. */
  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
