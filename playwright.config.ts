import { defineConfig } from '@playwright/test';

const BASE_URL = 'http://127.0.0.1:5174';

/** End-to-end suite: the built app (`npm run build`) on a fresh database, driven through the system Chromium. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 2,
  // One retry in CI, where a flake costs an hour; `npm test` names every test that needed it (decision 058).
  retries: process.env.CI ? 1 : 0,
  // The server hashes at the test cost (e2e/start-server.mjs), so a story is mostly the browser's work. Room for a
  // shared machine that gives us about one core (seen 2026-11-25: three to four times slower), without letting a
  // stuck test burn three minutes.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Without this Playwright SIGKILLs the server, and e2e/start-server.mjs never removes its temporary DATA_DIR.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
