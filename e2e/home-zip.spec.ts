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
  SCREENSHOT_DIR,
  searchFor,
  showInTheme,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
} from './fixtures/index.js';

/**
 * A member's home ZIP code (decision 052): saved on the profile, browse starts near it with the distances on
 * the cards, 'Anywhere' is one click away and stays chosen, and a listing's page says how far away it is.
 */
test.describe.configure({ mode: 'parallel' });

// The results, under a heading that says what was searched (decision 067).
const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const card = (page: Page, title: string) => results(page).getByRole('article', { name: title });
const homeZipSection = (page: Page) => page.getByRole('region', { name: 'Home ZIP code' });

/** Listings in Montclair, Newark and Philadelphia, and a virtual one, under a word of their own. */
async function neighbourhood(page: Page) {
  const word = uniqueWord();
  await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('owner') });
  const montclair = await createListingWithApi(page, { title: `Piano lessons in Montclair ${word}`, zipCode: '07042', city: 'Montclair', state: 'NJ' });
  const newark = await createListingWithApi(page, { title: `Dog walking in Newark ${word}`, zipCode: '07102', city: 'Newark', state: 'NJ' });
  const philadelphia = await createListingWithApi(page, { title: `Cat sitting in Philadelphia ${word}`, zipCode: '19103', city: 'Philadelphia', state: 'PA' });
  const online = await createListingWithApi(page, { title: `Online maths help ${word}`, isVirtual: true, zipCode: null, city: null, state: null });
  return { word, montclair, newark, philadelphia, online };
}

test('a member saves a home ZIP code, browses near it with distances, chooses Anywhere, and reads how far a listing is', async ({ page, otherPage }) => {
  const { word, montclair, newark, philadelphia, online } = await neighbourhood(otherPage);
  await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('home') });

  await page.goto('/profile');
  const section = homeZipSection(page);
  await expect(section.getByText('Not set: browse starts with listings from anywhere.')).toBeVisible();
  await section.getByLabel('Home ZIP code').fill('7042');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText('Enter a valid US ZIP code')).toBeVisible();
  await section.getByLabel('Home ZIP code').fill('07042');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Home ZIP code saved', { exact: true })).toBeVisible();
  await expect(section.getByText('(Montclair, NJ)', { exact: false })).toBeVisible();

  // Browse with no place in its address starts near the home ZIP, rendered so on the server, and the address says so.
  const reads = listingReads(page);
  await page.goto(`/services?search=${word}`);
  await expect(page).toHaveURL(new RegExp(`/services\\?search=${word}&near=07042$`));
  await expect(page.getByLabel('ZIP code', { exact: true })).toHaveValue('07042');
  await expect(card(page, montclair.title)).toContainText('In your ZIP');
  await expect(card(page, newark.title)).toContainText('≈ 6.0 mi away');
  await expect(card(page, online.title)).toBeVisible();
  await expect(card(page, philadelphia.title)).toHaveCount(0);
  // The page came with its results: writing the home ZIP into the address asked for nothing again.
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual([]);

  // 'Anywhere' is one click away, and stays chosen: a reload does not go back to the home ZIP.
  await page.getByRole('button', { name: 'Anywhere' }).click();
  await expect(page).toHaveURL(/[?&]near=anywhere(&|$)/);
  await expect(results(page).getByRole('article')).toHaveCount(4);
  await expect(results(page)).not.toContainText('mi away');
  await page.reload();
  await expect(page).toHaveURL(/[?&]near=anywhere(&|$)/);
  await expect(results(page).getByRole('article')).toHaveCount(4);
  await expect(page.getByLabel('ZIP code', { exact: true })).toHaveValue('');

  // Back to the neighbourhood, and on to a listing: its page says how far it is from the ZIP searched around.
  await page.getByLabel('ZIP code', { exact: true }).fill('10001');
  await expect(page).toHaveURL(/[?&]near=10001(&|$)/);
  // Montclair is 12.3 miles from Midtown: past the 10 miles a search starts with.
  await page.getByLabel('Within', { exact: true }).selectOption('25');
  await expect(card(page, montclair.title)).toContainText('≈ 12.3 mi away');
  await card(page, montclair.title).getByRole('link', { name: montclair.title }).click();
  await expect(page).toHaveURL(`/services/${montclair.id}?near=10001`);
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details).toContainText('≈ 12.3 mi away from ZIP 10001');

  // Opened from nowhere in particular, a listing's page measures from the home ZIP.
  await page.goto(`/services/${philadelphia.id}`);
  await expect(details).toContainText('≈ 78.0 mi away from ZIP 07042');
  await page.goto(`/services/${online.id}`);
  await expect(page.getByRole('heading', { level: 1, name: online.title })).toBeVisible();
  await expect(details).not.toContainText('mi away');

  // The navigation's Services link is browse with no place: near home again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services\?near=07042$/);

  // Removed on the profile, browse starts anywhere again.
  await page.goto('/profile');
  await homeZipSection(page).getByRole('button', { name: 'Remove home ZIP code' }).click();
  await expect(page.getByText('Home ZIP code removed', { exact: true })).toBeVisible();
  await page.goto('/services');
  await searchFor(page, word);
  await expect(results(page).getByRole('article')).toHaveCount(4);
  await expect(page).not.toHaveURL(/near=/);
});

/** Pictures of the Home ZIP code section alone, at phone and desktop width; the page is left at desktop width. */
async function photographSection(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await homeZipSection(page).scrollIntoViewIfNeeded();
    await homeZipSection(page).screenshot({ path: `${SCREENSHOT_DIR}/${name}-${viewport.width}.png`, animations: 'disabled' });
  }
}

test('the Home ZIP code section and a listing page with its distance have no axe violations in either theme, and fit 390 and 1280 px', async ({ page, otherPage }) => {
  const { newark } = await neighbourhood(otherPage);
  await signUpWithApi(page, { acceptTerms: true });
  const saved = await page.request.patch('/api/auth/home-zip', { data: { zipCode: '07042' } });
  expect(saved.status(), await saved.text()).toBe(200);
  const listingPage = { name: 'listing-near', path: `/services/${newark.id}`, heading: newark.title, who: 'member' as const };
  for (const theme of ['light', 'dark'] as const) {
    const suffix = theme === 'dark' ? '-dark' : '';
    const section = homeZipSection(page);
    await showInTheme(page, appPage('profile'), theme);
    await expect(section.getByText('(Montclair, NJ)', { exact: false })).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, the profile with a home ZIP code`, soft: true });
    await photographSection(page, `profile-home-zip-saved${suffix}`);
    await photographBothWidths(page, `profile-home-zip${suffix}`);
    await section.getByLabel('Home ZIP code').fill('123');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Enter a valid US ZIP code')).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, the home ZIP code refused`, include: 'section[aria-labelledby="home-zip-title"]', soft: true });
    await photographSection(page, `profile-home-zip-refused${suffix}`);

    // Removed, for the picture of the empty section, then saved again for the listing page's distance.
    await section.getByRole('button', { name: 'Remove home ZIP code' }).click();
    await expect(section.getByText('Not set: browse starts with listings from anywhere.')).toBeVisible();
    await photographSection(page, `profile-home-zip-empty${suffix}`);
    await section.getByLabel('Home ZIP code').fill('07042');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('(Montclair, NJ)', { exact: false })).toBeVisible();

    await showInTheme(page, listingPage, theme);
    await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('≈ 6.0 mi away from ZIP 07042');
    await expectNoA11yViolations(page, { label: `${theme} theme, a listing page with its distance`, soft: true });
    await photographBothWidths(page, `listing-distance${suffix}`);
  }
});
