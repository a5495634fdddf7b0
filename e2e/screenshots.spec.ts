import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { APP_PAGES, appPage, expect, openAppPage, test, type AppPage, type ThemeName } from './fixtures.js';

// Full-page pictures of every page for a person to look at; the test itself asserts what a machine can
// judge: the page loaded, and at phone width nothing scrolls sideways.
const SCREENSHOT_DIR = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.beforeAll(() => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

async function photograph(page: Page, name: string, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${page.url()} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${viewport.width}.png`, fullPage: true, animations: 'disabled' });
}

const SHOTS: { name: string; target: AppPage; theme: ThemeName }[] = [
  ...APP_PAGES.map((target) => ({ name: target.name, target, theme: 'light' as const })),
  { name: 'home-dark', target: appPage('home'), theme: 'dark' },
];

for (const shot of SHOTS) {
  test(`${shot.name} at 390 and 1280 px fits the width and is photographed`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openAppPage(page, shot.target, shot.theme);
    await photograph(page, shot.name, PHONE);
    await photograph(page, shot.name, DESKTOP);
  });
}
