import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ERROR_BOUNDARY_TEXTS, HEALTH_WARNINGS, HEALTH_WARNINGS_TITLE } from '../src/shared/safe-defaults.js';
import { test as guardedTest, testWithoutConsoleGuard, expect, expectNoA11yViolations, expectTheme, setTheme, signInAsAdministrator, type ThemeName } from './fixtures/index.js';

// These tests break the app's code on purpose, and React reports every error a boundary catches on the console:
// the suite's console guard would fail them for exactly what they check, so they run without it (the network guard stays).
const test = testWithoutConsoleGuard;

const SCREENSHOT_DIR = 'test-results/screenshots';
/** The About page's code chunk (a lazy route) as a redeploy leaves it for an open tab: gone. */
const ABOUT_CHUNK = /\/assets\/about-page-[^/]+\.js$/;
const RELOAD_GUARD = 'csm:reloaded-for-stale-chunk';

/** Answers 404 for the About chunk from now on; answers how many times the browser asked for it. */
async function removeAboutChunk(page: Page): Promise<() => number> {
  let requests = 0;
  await page.route(ABOUT_CHUNK, (route) => {
    requests += 1;
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  return () => requests;
}

const boundaryHeading = (page: Page) => page.getByRole('heading', { name: ERROR_BOUNDARY_TEXTS.title, level: 1 });

test.beforeAll(() => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

test('a lazy page whose code is gone after a redeploy reloads once, then shows the error boundary with Reload', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const chunkRequests = await removeAboutChunk(page);
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();

  await expect(boundaryHeading(page)).toBeVisible();
  await expect(page.getByText(ERROR_BOUNDARY_TEXTS.body)).toBeVisible();
  // One automatic reload, and only one: the reloaded page asked again, failed again and stopped.
  expect(loads).toEqual([`${baseURL}/about`]);
  // Asked once before the reload, and again by the reloaded page (whose server-rendered document also preloads it).
  expect(chunkRequests()).toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(1_000);
  expect(loads).toHaveLength(1);
  // The layout around the page still works, and moving to another page leaves the error behind without a reload.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(boundaryHeading(page)).toHaveCount(0);
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(boundaryHeading(page)).toBeVisible();
  expect(loads).toHaveLength(1);

  // The new build is in place: 'Reload' shows the page, and the tab may auto-reload again after a later redeploy.
  await page.unroute(ABOUT_CHUNK);
  await page.getByRole('button', { name: ERROR_BOUNDARY_TEXTS.reload }).click();
  await expect(page.getByRole('heading', { name: 'Neighbours helping neighbours', level: 1 })).toBeVisible();
  // The server's page shows before its load event and before the app has started (decision 043): wait for both.
  await expect.poll(() => loads.length).toBe(2);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-started'));
  expect(await page.evaluate((key) => window.sessionStorage.getItem(key), RELOAD_GUARD)).toBeNull();
  expect(loads).toHaveLength(2);
});

for (const theme of ['light', 'dark'] as const satisfies ThemeName[]) {
  test(`the error boundary has no axe violations in the ${theme} theme, at 390 and 1280 px`, async ({ page }) => {
    await setTheme(page, theme);
    await removeAboutChunk(page);
    await page.goto('/about');
    await expect(boundaryHeading(page)).toBeVisible();
    await expectTheme(page, theme);
    await expectNoA11yViolations(page, { label: `${theme} theme` });
    const suffix = theme === 'dark' ? '-dark' : '';
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `the boundary scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/error-boundary${suffix}-${viewport.width}.png`, fullPage: true, animations: 'disabled' });
    }
  });
}

// The suite's server has SMTP_URL and runs on the embedded database, so it has no warnings of its own: the
// answer is replaced with what a server without SMTP_URL on PostgreSQL without SESSION_SECRET says.
guardedTest('the administrator dashboard shows the server configuration warnings above the tabs', async ({ page }) => {
  await signInAsAdministrator(page);
  const real = await page.request.get('/api/admin/health-warnings');
  expect(await real.json()).toEqual({ warnings: [] });
  await page.route('**/api/admin/health-warnings', (route) =>
    route.fulfill({ json: { warnings: [HEALTH_WARNINGS.noSmtp, HEALTH_WARNINGS.generatedSecret] } }),
  );
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.goto('/admin');
    const alert = page.getByRole('alert').filter({ hasText: HEALTH_WARNINGS_TITLE });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('listitem')).toHaveText([HEALTH_WARNINGS.noSmtp, HEALTH_WARNINGS.generatedSecret]);
    await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-health-warnings-dark-390.png`, animations: 'disabled' });
});
