import type { Page } from '@playwright/test';
import {
  createListingWithApi,
  expect,
  expectNoA11yViolations,
  expectToast,
  linkIn,
  photographBothWidths,
  readEmail,
  searchFor,
  setTheme,
  signUpWithApi,
  test,
  uniqueWord,
  verifyEmailWithApi,
  type ThemeName,
} from './fixtures/index.js';

// Saved searches and their alerts (decision 053): a neighbour saves a search, another posts a listing that
// matches, the first is emailed (through the test SMTP server) and opens the listing from the email.

test.describe.configure({ mode: 'parallel' });

/** Both widths of what the page shows now, in the theme it shows. */
const photographIn = (page: Page, name: string, theme: ThemeName) => photographBothWidths(page, theme === 'dark' ? `${name}-dark` : name);

/** Saves the browse page's current search from its dialog, with this frequency. */
async function saveThisSearch(page: Page, frequency: RegExp, name?: string) {
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  if (name) await dialog.getByLabel('Name (optional)').fill(name);
  await dialog.getByRole('radio', { name: frequency }).check();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expectToast(page, 'Search saved');
  await expect(dialog).toBeHidden();
}

test('a neighbour saves a search, is emailed when a matching listing appears, and opens it from the email', async ({ page, otherPage }) => {
  test.slow();
  const word = uniqueWord();
  const seeker = await signUpWithApi(page, { acceptTerms: true });
  await verifyEmailWithApi(page);
  await page.goto('/services');
  await searchFor(page, word);
  await page.getByLabel('ZIP code').fill('07042');
  await expect(page).toHaveURL(/[?&]near=07042(&|$)/);
  await saveThisSearch(page, /Email me right away/, 'Piano near home');

  await page.goto('/saved-searches');
  const item = page.getByRole('listitem', { name: 'Piano near home' });
  await expect(item).toContainText(`“${word}” · All categories · Offers and requests · Within 10 mi of 07042, online too`);
  await expect(item).toContainText('Email me right away');

  // Another neighbour posts a listing that matches, in Newark (6 miles away).
  await signUpWithApi(otherPage, { acceptTerms: true });
  const listing = await createListingWithApi(otherPage, { title: `Piano ${word} lessons in Newark`, zipCode: '07102', city: 'Newark', state: 'NJ' });
  const email = await readEmail(seeker.email, { subject: 'New listing for your saved search "Piano near home"', timeout: 45_000 });
  expect(email.html).toContain(`/services/${listing.id}`);
  const { path } = linkIn(email, `/services/${listing.id}`);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

  // The saved search counts it as new until it is opened.
  await page.goto('/saved-searches');
  await expect(item).toContainText('1 new');
  await item.getByRole('link', { name: /Open/ }).click();
  await expect(page).toHaveURL(new RegExp(`/services\\?search=${word}&near=07042&radius=10$`));
  await expect(page.getByRole('article', { name: listing.title })).toBeVisible();
  await page.goto('/saved-searches');
  await expect(item).toBeVisible();
  await expect(item).not.toContainText('new');

  // 'Stop these emails' from the email: a page whose button stops them.
  const { path: stopPath } = linkIn(email, '/saved-searches/unsubscribe');
  await otherPage.goto(stopPath);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Stop these emails' })).toBeVisible();
  await otherPage.getByRole('button', { name: 'Stop emails' }).click();
  await expect(otherPage.getByRole('status')).toHaveText('Done. You will no longer receive these emails.');
  await page.reload();
  await expect(item).toContainText('No emails');
});

test('saved searches can be renamed, set to daily emails and deleted', async ({ page }) => {
  const word = uniqueWord();
  await signUpWithApi(page, { acceptTerms: true });
  await page.goto(`/services?search=${word}&category=pet&type=request`);
  await saveThisSearch(page, /Email me once a day/);
  await page.goto('/saved-searches');
  const item = page.getByRole('listitem', { name: `“${word}” in Pet Care, requests only` });
  await expect(item).toContainText('Email me once a day');

  await item.getByRole('button', { name: /Change/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change saved search' });
  await dialog.getByLabel('Name', { exact: true }).fill('Dog help wanted');
  await dialog.getByRole('radio', { name: /No emails/ }).check();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Saved search updated');
  const renamed = page.getByRole('listitem', { name: 'Dog help wanted' });
  await expect(renamed).toContainText('No emails');

  await renamed.getByRole('button', { name: /Delete/ }).click();
  await page.getByRole('alertdialog', { name: 'Delete “Dog help wanted”?' }).getByRole('button', { name: 'Delete saved search' }).click();
  await expectToast(page, 'Saved search deleted');
  await expect(page.getByText("You haven't saved a search yet.")).toBeVisible();
});

// A signed-out visitor's 'Save this search' is a link to sign in: save-search-button.test.tsx, and browse as the
// server renders it for a visitor in src/server/modules/pages/pages.test.ts.

test('the Save dialog, the Saved searches page and the unsubscribe page: axe and screenshots at 390 and 1280 px in both themes', async ({ page }) => {
  const word = uniqueWord();
  await signUpWithApi(page, { acceptTerms: true });
  await page.goto(`/services?search=${word}`);
  await saveThisSearch(page, /Email me once a day/, 'Garden help nearby');
  await page.goto(`/services?search=${word}&category=yard&near=07042&radius=25`);
  await saveThisSearch(page, /Email me right away/);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.goto(`/services?search=${word}&category=yard&near=07042&radius=25`);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, the Save this search dialog`, soft: true });
    await photographIn(page, 'save-search-dialog', theme);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/saved-searches');
    await expect(page.getByRole('listitem', { name: 'Garden help nearby' })).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, Saved searches`, soft: true });
    await photographIn(page, 'saved-searches', theme);

    await page.goto('/saved-searches/unsubscribe?token=1.not-a-real-token');
    await expect(page.getByRole('button', { name: 'Stop emails' })).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, the unsubscribe page`, soft: true });
    await photographIn(page, 'saved-search-unsubscribe', theme);
  }
});
