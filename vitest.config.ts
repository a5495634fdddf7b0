import { defineConfig } from 'vitest/config';
import { iconSprite } from './src/web/components/icons/sprite.js';

export default defineConfig({
  test: {
    // Every engine start and every scrypt hash is real; two workers match the machine's two cores.
    maxWorkers: 2,
    projects: [
      {
        // The web app's icons name their sprite through the plugin, in a server test's page render too (decision 066).
        plugins: [iconSprite()],
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup-env.ts', 'test/setup-network-guard.ts'],
          pool: 'forks',
          // A worker keeps its modules from one test file to the next (decision 058): each file builds its own app on
          // its own database, no server test mocks a module, and the setup files restore what a test may change
          // (console spies, fake timers). Loading the app afresh for every file was 40 % of the tier's time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Components in happy-dom with Testing Library: no database, no browser, once per `npm test`.
        plugins: [iconSprite()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:5173/' } },
          setupFiles: ['test/setup-env.ts', 'test/web-setup.ts'],
          // A form filled key by key takes a second or two; three times the default leaves room for a busy machine.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
