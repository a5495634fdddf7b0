// engines: both — the rate-limit store: memory on PGlite, the rate_limits table on PostgreSQL
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '#server/lib/errors.js';
import { createSignInLimits, SIGN_IN_LIMITS } from './sign-in-limits.js';

/** The Retry-After of a refused attempt in seconds, or 0 when the attempt may go ahead. */
async function wait(limits: ReturnType<typeof createSignInLimits>, account: string, address: string): Promise<number> {
  try {
    await limits.attempt(account, address);
    return 0;
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
    return Number(error.headers?.['retry-after']);
  }
}

/** `n` wrong passwords in a row, each allowed. */
async function fail(limits: ReturnType<typeof createSignInLimits>, account: string, address: string, n: number) {
  for (let i = 0; i < n; i++) expect(await wait(limits, account, address)).toBe(0);
}

describe('sign-in failure limits', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes an address wait after 5 failures in a row, twice as long at each further lockout, up to an hour', async () => {
    const limits = createSignInLimits();
    const waits: number[] = [];
    for (let lockout = 0; lockout < 8; lockout++) {
      await fail(limits, 'owner@example.test', '203.0.113.9', SIGN_IN_LIMITS.freeFailures);
      const seconds = await wait(limits, 'owner@example.test', '203.0.113.9');
      waits.push(seconds);
      // Still waiting a moment before the end, free again after it.
      vi.advanceTimersByTime((seconds - 1) * 1000);
      expect(await wait(limits, 'owner@example.test', '203.0.113.9')).toBeGreaterThan(0);
      vi.advanceTimersByTime(1000);
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });

  it('keeps the count per address and per account (in any case), and starts again after a success', async () => {
    const limits = createSignInLimits();
    await fail(limits, 'Owner@Example.test', '203.0.113.9', 5);
    expect(await wait(limits, 'owner@example.test', '203.0.113.9')).toBe(60);
    // The owner elsewhere, and another account from the stranger's address, are not affected.
    expect(await wait(limits, 'owner@example.test', '198.51.100.7')).toBe(0);
    await fail(limits, 'someone-else@example.test', '203.0.113.9', 5);

    await fail(limits, 'owner@example.test', '198.51.100.7', 3);
    await limits.succeeded('owner@example.test', '198.51.100.7');
    await fail(limits, 'owner@example.test', '198.51.100.7', 5);
  });

  it('stops distributed guessing at the hourly ceiling of failures per account, which successes do not spend', async () => {
    const limits = createSignInLimits({ ...SIGN_IN_LIMITS, accountFailuresPerHour: 12 });
    for (let i = 0; i < 3; i++) {
      await fail(limits, 'owner@example.test', '198.51.100.7', 1);
      await limits.succeeded('owner@example.test', '198.51.100.7');
    }
    // One address's 5 failures count; its attempts refused during the lockout are not guesses and do not.
    await fail(limits, 'owner@example.test', '203.0.113.200', 5);
    for (let i = 0; i < 10; i++) expect(await wait(limits, 'owner@example.test', '203.0.113.200')).toBeGreaterThan(0);
    for (let i = 0; i < 7; i++) await fail(limits, 'owner@example.test', `203.0.113.${i}`, 1);
    expect(await wait(limits, 'owner@example.test', '192.0.2.1')).toBeGreaterThan(3500);
    expect(await wait(limits, 'other@example.test', '192.0.2.1')).toBe(0);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(await wait(limits, 'owner@example.test', '192.0.2.1')).toBe(0);
  });
});
