import { afterAll, afterEach, beforeEach, vi } from 'vitest';

/**
 * Tests fail loudly: an unexpected console.error or console.warn fails the test that caused it.
 * A test that expects one spies on the console itself.
 */
let spies: Array<ReturnType<typeof vi.spyOn>> = [];
beforeEach(() => {
  spies = (['error', 'warn'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      throw new Error(`Unexpected console.${level}: ${args.map(String).join(' ')}`);
    }),
  );
});
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
});

// A worker runs the next test file in the same process (vitest.config.ts): a file that stopped with fake timers on
// must not hand them on.
afterAll(() => {
  vi.useRealTimers();
});
