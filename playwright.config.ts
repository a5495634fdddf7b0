import { defineConfig } from '@playwright/test';

const BASE_URL = 'http://127.0.0.1:5174';

/** End-to-end suite: the built app (`npm run build`) on a fresh database, driven through the system Chromium. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  // Generous because the machine is shared and every sign-up hashes a password with scrypt (128 MiB, deliberately slow);
  // web-first assertions return as soon as they pass, so a fast run stays fast. Seen on 2026-11-25: a two-core machine
  // whose host gave it about one core ran every test three to four times slower, and the longest stories passed 60 s.
  timeout: 180_000,
  expect: { timeout: 30_000 },
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
