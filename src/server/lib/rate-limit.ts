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

/**
 * At most `points` uses per key in any span of `durationSeconds`, wherever the span starts (decision 063). The store's
 * windows are fixed: 3 an hour would let 3 through at the end of one window and 3 more at the start of the next. Here
 * each of the `points` is a slot of its own, a one-use window that starts when the slot is used, so a slot stays taken
 * for exactly the duration after its use and no span of that length holds more uses than there are slots. A refusal is
 * no 429: the caller decides what the asker is told.
 */
export class RollingLimit {
  private readonly slots: RateLimiterAbstract;

  constructor(private readonly limit: Limit & { name: string }) {
    this.slots = currentRateLimitStore().limiter({ keyPrefix: limit.name, points: 1, duration: limit.durationSeconds });
  }

  /** Takes a free slot of `key`: answers how to give it back (the use did not happen after all), or null when none is free. */
  async take(key: string): Promise<(() => Promise<void>) | null> {
    for (let slot = 0; slot < this.limit.points; slot++) {
      const slotKey = `${slot}:${key}`;
      try {
        await this.slots.consume(slotKey);
        return async () => void (await this.slots.delete(slotKey));
      } catch (result) {
        if (!(result instanceof RateLimiterRes)) throw result;
      }
    }
    countRefusal(this.limit.name);
    return null;
  }
}
