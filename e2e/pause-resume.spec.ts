import {
  createListingWithApi,
  DESKTOP,
  expect,
  expectNoA11yViolations,
  expectToast,
  listingCard,
  openOwnerMenu,
  PHONE,
  photographBothWidths,
  setTheme,
  signUpWithApi,
  test,
  uniqueWord,
  type ConsoleGuard,
} from './fixtures/index.js';
import type { Page } from '@playwright/test';

// Pause and Resume (decision 070): from the owner's menu on My Services and from the owner's panel on the listing
// page, with a signed-out neighbour looking on. Each test makes its own owner and listings, found by a word of its own.
test.describe.configure({ mode: 'parallel' });

/** What a signed-out neighbour finds: the listing among the results of a search for its word, and its page's status. */
async function visitorSees(visitor: Page, word: string, listing: { id: number; title: string }) {
  await visitor.goto(`/services?search=${word}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Browse Services' })).toBeVisible();
  const inBrowse = (await listingCard(visitor, listing.title).count()) === 1;
  const response = await visitor.goto(`/services/${listing.id}`);
  return { inBrowse, status: response?.status(), titled: (await visitor.getByRole('heading', { level: 1, name: listing.title }).count()) === 1 };
}

/** The visitor's page of a listing that may not be seen answers 404 (the server's page, then the API's for the app). */
function allowNotFound(consoleGuard: ConsoleGuard, id: number) {
  consoleGuard.allowFailedRequest('GET', `/services/${id}`, 404);
  consoleGuard.allowFailedRequest('GET', `/api/services/${id}`, 404);
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width} px, an owner pauses a listing from My Services and resumes it from its page; a signed-out neighbour sees it go and come back`, async ({
    page,
    otherPage: visitor,
    consoleGuard,
  }) => {
    await page.setViewportSize(viewport);
    await visitor.setViewportSize(viewport);
    const word = uniqueWord();
    await signUpWithApi(page, { acceptTerms: true });
    const listing = await createListingWithApi(page, { title: `Bike repairs ${word}` });
    allowNotFound(consoleGuard, listing.id);

    await test.step('the neighbour finds it', async () => {
      expect(await visitorSees(visitor, word, listing)).toEqual({ inBrowse: true, status: 200, titled: true });
    });

    await test.step('the owner pauses it from its menu on My Services', async () => {
      await page.goto('/my-services');
      const menu = await openOwnerMenu(page, listing.title);
      await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Pause', 'Share', 'Delete']);
      await menu.getByRole('menuitem', { name: 'Pause' }).click();
      await expectToast(page, 'Listing paused', 'Only you can see it until you resume it.');
      await expect(listingCard(page, listing.title).getByText('Paused', { exact: true })).toBeVisible();
    });

    await test.step('the neighbour no longer finds it, and its page is not there', async () => {
      expect(await visitorSees(visitor, word, listing)).toEqual({ inBrowse: false, status: 404, titled: false });
    });

    await test.step('the owner opens it and resumes it from "This is your listing"', async () => {
      await listingCard(page, listing.title).getByRole('link', { name: listing.title }).click();
      await expect(page).toHaveURL(`/services/${listing.id}`);
      const panel = page.getByRole('region', { name: 'This is your listing' });
      await expect(panel).toBeInViewport();
      await expect(panel.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit-service/${listing.id}`);
      // Share is for a listing others can open.
      await expect(panel.getByRole('button', { name: 'Share' })).toHaveCount(0);
      await panel.getByRole('button', { name: 'Resume' }).click();
      await expectToast(page, 'Listing resumed', 'It shows in the listings again.');
      await expect(panel.getByRole('button', { name: 'Pause' })).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Share' })).toBeVisible();
      await expect(page.getByText('Only you can see this listing while it is paused.')).toHaveCount(0);
    });

    await test.step('the neighbour finds it again', async () => {
      expect(await visitorSees(visitor, word, listing)).toEqual({ inBrowse: true, status: 200, titled: true });
    });
  });
}

test('My Services and the owner’s listing page, public and paused, have no axe violations in either theme, and fit 390 and 1280 px', async ({ page }) => {
  const word = uniqueWord();
  await signUpWithApi(page, { acceptTerms: true });
  const shown = await createListingWithApi(page, { title: `Garden help ${word}` });
  const paused = await createListingWithApi(page, { title: `Sofa moving ${word}` });
  expect((await page.request.patch(`/api/services/${paused.id}/active`, { data: { isActive: false } })).status()).toBe(200);

  for (const theme of ['light', 'dark'] as const) {
    const suffix = theme === 'dark' ? '-dark' : '';
    await setTheme(page, theme);
    await page.setViewportSize(PHONE);
    await page.goto('/my-services');
    await expect(listingCard(page, paused.title).getByText('Paused', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, My Services`, soft: true });
    await photographBothWidths(page, `pause-my-services${suffix}`);

    for (const [name, listing] of [
      ['shown', shown],
      ['paused', paused],
    ] as const) {
      await page.setViewportSize(PHONE);
      await page.goto(`/services/${listing.id}`);
      const panel = page.getByRole('region', { name: 'This is your listing' });
      await expect(panel.getByRole('button', { name: name === 'shown' ? 'Pause' : 'Resume' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, the owner’s ${name} listing`, soft: true });
      await photographBothWidths(page, `pause-owner-listing-${name}${suffix}`);
    }
  }
});
