import type { Page } from '@playwright/test';
import {
  createListingWithApi,
  expect,
  expectNoA11yViolations,
  messageAboutListingWithApi,
  photographBothWidths,
  searchFor,
  showInTheme,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
} from './fixtures/index.js';

test.describe.configure({ mode: 'parallel' });

// The results, under a heading that says what was searched (decision 067).
const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const card = (page: Page, title: string) => results(page).getByRole('article', { name: title });

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

test('a neighbour browses near a ZIP code: distances on the cards, the radius, nearest first, virtual services, and Anywhere', async ({ page, otherPage }) => {
  const { word, montclair, newark, philadelphia, online } = await neighbourhood(otherPage);
  await page.goto('/services');
  await searchFor(page, word);
  await expect(results(page).getByRole('article')).toHaveCount(4);

  await page.getByLabel('ZIP code').fill('07042');
  await expect(page).toHaveURL(/[?&]near=07042(&|$)/);
  await expect(page.getByText('Montclair, NJ', { exact: true })).toBeVisible();
  await expect(card(page, philadelphia.title)).toHaveCount(0);
  await expect(card(page, montclair.title)).toContainText('In your ZIP');
  await expect(card(page, newark.title)).toContainText('≈ 6.0 mi away');
  await expect(card(page, online.title)).toBeVisible();

  await page.getByLabel('Within', { exact: true }).selectOption('1');
  await expect(page).toHaveURL(/[?&]radius=1(&|$)/);
  await expect(card(page, newark.title)).toHaveCount(0);
  await page.getByLabel('Within', { exact: true }).selectOption('50');
  await expect(card(page, newark.title)).toContainText('≈ 6.0 mi away');
  // Philadelphia is 78 miles away: past the widest choice.
  await expect(card(page, philadelphia.title)).toHaveCount(0);
  await page.getByLabel('Order').selectOption('distance');
  await expect(page).toHaveURL(/[?&]sort=distance(&|$)/);
  await expect(results(page).getByRole('article')).toHaveText([new RegExp(montclair.title), new RegExp(newark.title), new RegExp(online.title)]);

  await page.getByLabel('Include virtual services').uncheck();
  await expect(card(page, online.title)).toHaveCount(0);
  await expect(results(page).getByRole('article')).toHaveCount(2);

  // The address holds the whole search: opened afresh (rendered on the server), it shows the same.
  const shared = page.url();
  await otherPage.goto(shared);
  await expect(card(otherPage, newark.title)).toContainText('≈ 6.0 mi away');
  await expect(card(otherPage, online.title)).toHaveCount(0);
  await expect(otherPage.getByLabel('ZIP code')).toHaveValue('07042');
  await expect(otherPage.getByLabel('Within', { exact: true })).toHaveValue('50');

  await page.getByRole('button', { name: 'Anywhere' }).click();
  await expect(page).not.toHaveURL(/near=/);
  await expect(results(page).getByRole('article')).toHaveCount(4);
  await expect(results(page)).not.toContainText('mi away');
});

test("'Use my location' turns the browser's position into the nearest ZIP code", async ({ page, otherPage, baseURL }) => {
  const { word, montclair, philadelphia } = await neighbourhood(otherPage);
  await page.context().grantPermissions(['geolocation'], { origin: baseURL });
  await page.context().setGeolocation({ latitude: 40.8142, longitude: -74.2148 });
  await page.goto(`/services?search=${word}`);
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByLabel('ZIP code')).toHaveValue('07042');
  await expect(page).toHaveURL(/[?&]near=07042(&|$)/);
  await expect(card(page, montclair.title)).toContainText('In your ZIP');
  await expect(card(page, philadelphia.title)).toHaveCount(0);
});

test("'No replies yet' shows the requests nobody has written to", async ({ page, otherPage }) => {
  const word = uniqueWord();
  await signUpWithApi(otherPage, { acceptTerms: true });
  const waiting = await createListingWithApi(otherPage, { listingType: 'request', title: `Help moving a sofa ${word}`, rate: null });
  const answered = await createListingWithApi(otherPage, { listingType: 'request', title: `Help fixing a tap ${word}`, rate: null });
  await signUpWithApi(page, { acceptTerms: true });
  await messageAboutListingWithApi(page, answered, 'I can fix it on Saturday morning.');

  await page.goto(`/services?search=${word}&type=request`);
  const requests = results(page);
  await expect(requests.getByRole('article')).toHaveCount(2);
  await page.getByLabel('No replies yet', { exact: true }).check();
  await expect(page).toHaveURL(/[?&]unanswered=true(&|$)/);
  await expect(requests.getByRole('article')).toHaveCount(1);
  await expect(requests.getByRole('article', { name: waiting.title })).toBeVisible();
});

test('the Near control has no axe violations in either theme, and fits 390 and 1280 px', async ({ page, otherPage }) => {
  const { word } = await neighbourhood(otherPage);
  const browse = { name: 'services-near', path: `/services?search=${word}&near=07042&radius=25&sort=distance`, heading: 'Browse Services', who: 'visitor' as const };
  for (const theme of ['light', 'dark'] as const) {
    await showInTheme(page, browse, theme);
    await expect(results(page).getByRole('article')).toHaveCount(3);
    await expect(page.getByText('Montclair, NJ', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, browse near a ZIP code`, soft: true });
    await photographBothWidths(page, theme === 'dark' ? 'services-near-dark' : 'services-near');
  }
});
