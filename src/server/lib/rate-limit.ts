import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { MESSAGES } from '../../shared/texts.js';
import { tooManyRequests } from './errors.js';
import { currentRateLimitStore } from './rate-limit-store.js';

export interface Limit {
  points: number;
  durationSeconds: number;
  /** The limiter's label in `GET /metrics` (rate_limit_refusals_total). */
  name?: string;
}

type RefusalListener = (limiter: string) => void;
const refusalListeners = new Set<RefusalListener>();

/** Hears every refusal of every limiter in this process (the metrics count them); answers the unsubscribe. */
export function onRateLimitRefusal(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/** Called wherever a limit answers 429, so refusals are counted by limiter. */
export function countRefusal(limiter: string): void {
  for (const listener of refusalListeners) listener(limiter);
}

/**
 * A named budget of attempts per key (an IP, an account). Counters live in the app's store: this process's
 * memory on PGlite, a table every process shares on PostgreSQL (decisions 004 and 026).
 */
export class RateLimit {
  private readonly limiter: RateLimiterAbstract;
  private readonly name: string;

  constructor(limit: Limit, scale = 1, private readonly message: string = MESSAGES.tooManyRequests) {
    const points = Math.max(1, Math.round(limit.points * scale));
    this.limiter = currentRateLimitStore().limiter({ keyPrefix: limit.name ?? `${points}/${limit.durationSeconds}`, points, duration: limit.durationSeconds });
    this.name = limit.name ?? 'unnamed';
  }

  /** Spends one attempt for `key`, or throws a 429 HttpError with Retry-After. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result;
      countRefusal(this.name);
      throw tooManyRequests(this.message, result.msBeforeNext / 1000);
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
      countRefusal(this.name);
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
