import type { Page } from '@playwright/test';
import {
  appPage,
  createListingWithApi,
  DESKTOP,
  expect,
  expectNoA11yViolations,
  listingReads,
  photographBothWidths,
  PHONE,
  pngDataUrl,
  pngImage,
  showInTheme,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
} from './fixtures/index.js';

/**
 * Home's newest listings (decision 072), below the hero: the newest anywhere for a visitor, near the ZIP code the
 * visitor chose on browse once they have, near a member's home ZIP; 'See all' opens browse on the same place.
 * Cheyenne, WY is this spec's own town (the other specs list around New Jersey), so its listings are the newest there.
 */
test.describe.configure({ mode: 'parallel' });

const newest = (page: Page) => page.getByRole('region', { name: /^Newest/ });
const heading = (page: Page) => newest(page).getByRole('heading', { level: 2 });
const card = (page: Page, title: string) => newest(page).getByRole('article', { name: title });

/** Two listings in Cheyenne, one with a photo, under a word of their own. */
async function cheyenne(page: Page) {
  const word = uniqueWord();
  await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('owner') });
  const guitar = await createListingWithApi(page, { title: `Guitar lessons in Cheyenne ${word}`, zipCode: '82001', city: 'Cheyenne', state: 'WY' });
  const snow = await createListingWithApi(page, {
    title: `Snow shovelling in Cheyenne ${word}`,
    zipCode: '82009',
    city: 'Cheyenne',
    state: 'WY',
    images: [pngDataUrl(await pngImage('#1d4ed8'))],
  });
  return { guitar, snow };
}

test('a visitor sees the newest listings on Home, follows See all, and after choosing a ZIP on browse sees the newest near it', async ({ page, otherPage }) => {
  const { guitar, snow } = await cheyenne(otherPage);
  const reads = listingReads(page);
  await page.goto('/');
  await expect(heading(page)).toHaveText('Newest listings');
  await expect(newest(page).getByRole('article').first()).toBeVisible();
  // Rendered on the server with the page: the browser asked for no listings.
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual([]);

  await newest(page).getByRole('link', { name: /^See all/ }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('article').first()).toBeVisible();

  // A place chosen in browse's Near control is where Home's listings come from next time.
  await page.getByLabel('ZIP code', { exact: true }).fill('82001');
  await expect(page).toHaveURL(/[?&]near=82001(&|$)/);
  await page.goto('/');
  await expect(heading(page)).toHaveText('Newest near 82001');
  await expect(card(page, guitar.title)).toContainText('In your ZIP');
  await expect(card(page, snow.title)).toBeVisible();
  const seeAll = newest(page).getByRole('link', { name: /^See all/ });
  await expect(seeAll).toHaveAttribute('href', '/services?near=82001');
  await card(page, guitar.title).getByRole('link', { name: guitar.title }).click();
  await expect(page).toHaveURL(`/services/${guitar.id}?near=82001`);

  // 'Anywhere' forgets it.
  await page.goto('/services?near=82001');
  await page.getByRole('button', { name: 'Anywhere' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await page.goto('/');
  await expect(heading(page)).toHaveText('Newest listings');
  await expect(newest(page).getByRole('link', { name: /^See all/ })).toHaveAttribute('href', '/services');
});

test('a member with a home ZIP sees the newest near it, rendered with the page, and See all keeps the place', async ({ page, otherPage }) => {
  const { guitar, snow } = await cheyenne(otherPage);
  await signUpWithApi(page, { acceptTerms: true });
  const saved = await page.request.patch('/api/auth/home-zip', { data: { zipCode: '82001' } });
  expect(saved.status(), await saved.text()).toBe(200);
  const reads = listingReads(page);
  await page.goto('/');
  await expect(heading(page)).toHaveText('Newest near 82001');
  await expect(card(page, guitar.title)).toContainText('In your ZIP');
  await expect(card(page, snow.title)).toContainText(/≈ [\d.]+ mi away/);
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual([]);
  await newest(page).getByRole('link', { name: /^See all/ }).click();
  await expect(page).toHaveURL('/services?near=82001');
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('article', { name: guitar.title })).toBeVisible();
});

test('on a 390 × 844 phone a listing shows within the first two screens, and the next one is a swipe away', async ({ page, otherPage }) => {
  await cheyenne(otherPage);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const first = newest(page).getByRole('article').first();
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  expect(box, 'the first card has a box').not.toBeNull();
  // Its top within the first two screens, and the heading of its section within the first.
  expect(box!.y).toBeLessThan(2 * PHONE.height);
  expect((await heading(page).boundingBox())!.y).toBeLessThan(PHONE.height);
  // One row that scrolls sideways inside itself: the page does not, and the second card starts beside the first.
  const second = await newest(page).getByRole('article').nth(1).boundingBox();
  expect(second!.y).toBeCloseTo(box!.y, 0);
  expect(second!.x).toBeGreaterThan(box!.x + box!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
});

test("Home's newest listings have no axe violations in either theme, and fit 390 and 1280 px", async ({ page, otherPage }) => {
  await cheyenne(otherPage);
  for (const theme of ['light', 'dark'] as const) {
    const suffix = theme === 'dark' ? '-dark' : '';
    await showInTheme(page, appPage('home'), theme);
    await expect(newest(page).getByRole('article').first()).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, Home with its newest listings`, soft: true });
    await photographBothWidths(page, `home-listings${suffix}`);
  }
  // A member near Cheyenne: the heading says where.
  await signUpWithApi(page, { acceptTerms: true });
  expect((await page.request.patch('/api/auth/home-zip', { data: { zipCode: '82001' } })).status()).toBe(200);
  await showInTheme(page, appPage('home-signed-in'), 'light');
  await expect(heading(page)).toHaveText('Newest near 82001');
  await expectNoA11yViolations(page, { label: 'light theme, Home near a home ZIP', soft: true });
  await photographBothWidths(page, 'home-listings-near');
});
