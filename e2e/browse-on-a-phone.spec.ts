import type { Page } from '@playwright/test';
import {
  createListingWithApi,
  DESKTOP,
  expect,
  expectNoA11yViolations,
  expectPhotosLoaded,
  photographWindow,
  photographBothWidths,
  PHONE,
  pngDataUrl,
  pngImage,
  searchFor,
  setTheme,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
} from './fixtures/index.js';

/**
 * `/services` on a 390 × 844 phone (decision 067): the search box and a listing on the first screen, the filters in a
 * sheet behind one 'Filters' button with the active ones as removable chips, a heading that says what was searched,
 * distances in people's words, and a listing without photos that starts with a compact header.
 */
test.describe.configure({ mode: 'parallel' });
test.use({ viewport: PHONE });

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const card = (page: Page, title: string) => results(page).getByRole('article', { name: title });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Filters' });
const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' });

/** Tutoring and pet care offers in Montclair and Newark (one without photos), and a request, under a word of their own. */
async function neighbourhood(page: Page) {
  const word = uniqueWord();
  await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('owner') });
  const photo = [pngDataUrl(await pngImage('#1d4ed8'))];
  const montclair = { zipCode: '07042', city: 'Montclair', state: 'NJ' };
  const newark = { zipCode: '07102', city: 'Newark', state: 'NJ' };
  const piano = await createListingWithApi(page, { category: 'tutoring', title: `Piano lessons ${word}`, images: photo, ...montclair });
  const maths = await createListingWithApi(page, { category: 'tutoring', title: `Maths tutoring ${word}`, ...newark });
  const dogs = await createListingWithApi(page, { category: 'pet', title: `Dog walking ${word}`, images: photo, ...montclair });
  const sofa = await createListingWithApi(page, { listingType: 'request', category: 'household', title: `Help moving a sofa ${word}`, rate: null, ...montclair });
  return { word, piano, maths, dogs, sofa };
}

/** Where the first card's top is, and the search box's bottom, in CSS pixels from the top of the page. */
async function firstScreen(page: Page) {
  const search = await page.getByRole('searchbox', { name: 'Search' }).boundingBox();
  const first = await results(page).getByRole('article').first().boundingBox();
  if (!search || !first) throw new Error('The search box or the first card is not on the page');
  return { searchBottom: search.y + search.height, firstCardTop: first.y };
}

test('a listing and the search box on the first screen; the filters in a sheet, as chips, and a heading that says what was searched', async ({ page, otherPage }) => {
  const { word, piano, maths, dogs, sofa } = await neighbourhood(otherPage);

  await test.step('the first card starts on the first screen, below the search box, with and without filters', async () => {
    for (const path of ['/services', `/services?near=07042&radius=25&type=offer&category=tutoring&sort=distance&includeVirtual=false`]) {
      await page.goto(path);
      await expect(results(page).getByRole('article').first()).toBeVisible();
      const { searchBottom, firstCardTop } = await firstScreen(page);
      console.log(`${path}: search box ends at ${Math.round(searchBottom)} px, the first card starts at ${Math.round(firstCardTop)} px (screen 844 px)`);
      expect(searchBottom).toBeLessThan(firstCardTop);
      expect(firstCardTop).toBeLessThan(PHONE.height - 100);
      // Every filter control waits in the sheet: none of them shows in the page, and the page holds one of each.
      await expect(page.getByRole('combobox', { name: 'Type' })).toBeHidden();
      await expect(page.getByRole('group', { name: 'Listings to show' })).toBeHidden();
      await expect(page.locator('#type-filter, #category-filter, #near-zip')).toHaveCount(3);
    }
  });

  await test.step('Filters opens a sheet with every control; a category and a type chosen there apply at once', async () => {
    await page.goto('/services');
    await searchFor(page, word);
    await expect(results(page).getByRole('article')).toHaveCount(4);
    await expect(results(page).getByRole('heading', { level: 2 })).toHaveText(`4 listings for "${word}"`);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(sheet(page)).toBeVisible();
    for (const control of [
      sheet(page).getByRole('group', { name: 'Listings to show' }),
      sheet(page).getByRole('combobox', { name: 'Type' }),
      sheet(page).getByRole('combobox', { name: 'Category' }),
      sheet(page).getByRole('textbox', { name: 'ZIP code' }),
      sheet(page).getByRole('combobox', { name: 'Within' }),
      sheet(page).getByRole('combobox', { name: 'Order' }),
      sheet(page).getByRole('button', { name: 'Use my location' }),
      sheet(page).getByRole('region', { name: 'Categories' }),
    ]) {
      await expect(control).toBeVisible();
      // Inside the screen's width: nothing in the sheet scrolls sideways but the row of category tiles.
      const box = await control.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // One set of controls: while the sheet holds them, the page has no other copy.
    await expect(page.locator('#type-filter')).toHaveCount(1);
    await expect(page.locator('#category-filter')).toHaveCount(1);

    await sheet(page).getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Tutoring' });
    await expect(page).toHaveURL(/[?&]category=tutoring(&|$)/);
    await sheet(page).getByRole('group', { name: 'Listings to show' }).getByRole('button', { name: 'Services Offered' }).click();
    await expect(page).toHaveURL(/[?&]type=offer(&|$)/);
    await expect(sheet(page).getByRole('combobox', { name: 'Type' })).toHaveValue('offer');
    await sheet(page).getByRole('button', { name: 'Show 2 offers' }).click();
    await expect(sheet(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters 2 on' })).toBeFocused();
  });

  await test.step('the active filters show as chips; removing one changes the address and the results', async () => {
    await expect(chips(page).getByRole('button')).toHaveText(['Services Offered', 'Tutoring']);
    await expect(results(page).getByRole('heading', { level: 2 })).toHaveText(`2 offers for "${word}" in Tutoring`);
    await expect(results(page).getByRole('article')).toHaveCount(2);
    await chips(page).getByRole('button', { name: 'Remove filter: Tutoring' }).click();
    await expect(page).not.toHaveURL(/category=/);
    await expect(chips(page).getByRole('button')).toHaveText(['Services Offered']);
    await expect(card(page, dogs.title)).toBeVisible();
    await expect(results(page).getByRole('article')).toHaveCount(3);
    await expect(card(page, sofa.title)).toHaveCount(0);
  });

  await test.step('a search around a ZIP code: the heading names the place, the cards say how far in words', async () => {
    await page.getByRole('button', { name: 'Filters 1 on' }).click();
    await sheet(page).getByRole('textbox', { name: 'ZIP code' }).fill('07042');
    await expect(page).toHaveURL(/[?&]near=07042(&|$)/);
    await expect(sheet(page).getByText('Montclair, NJ', { exact: true })).toBeVisible();
    await sheet(page).getByRole('button', { name: 'Show 3 offers' }).click();
    await expect(results(page).getByRole('heading', { level: 2 })).toHaveText(`3 offers for "${word}" within 10 mi of Montclair, NJ`);
    await expect(chips(page).getByRole('button')).toHaveText(['Services Offered', 'Within 10 mi of Montclair, NJ']);
    await expect(card(page, piano.title)).toContainText('Montclair, NJ · In your ZIP');
    await expect(card(page, maths.title)).toContainText('Newark, NJ · ≈ 6.0 mi away');
    await expect(results(page)).not.toContainText('0.0 mi');
  });

  await test.step('a search that finds nothing says so, with the spec’s empty state below', async () => {
    const nothing = uniqueWord();
    await searchFor(page, nothing);
    await expect(results(page).getByRole('heading', { level: 2 })).toHaveText(`No results for "${nothing}" within 10 mi of Montclair, NJ`);
    await expect(results(page).getByRole('heading', { name: 'No services found' })).toBeVisible();
    await expect(results(page).getByText('Try adjusting your search or filters.')).toBeVisible();
  });

  await test.step('from 640 px up the filters are in the page, and an open sheet closes itself', async () => {
    await searchFor(page, word);
    await page.getByRole('button', { name: 'Filters 2 on' }).click();
    await expect(sheet(page)).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await expect(sheet(page)).toBeHidden();
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
    await expect(chips(page)).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('offer');
    await expect(page.getByRole('textbox', { name: 'ZIP code' })).toHaveValue('07042');
    await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
  });
});

test('/services, its open sheet and a listing without photos have no axe violations in either theme, and fit 390 and 1280 px', async ({ page, otherPage }) => {
  const { word, maths } = await neighbourhood(otherPage);
  const browse = `/services?search=${word}&near=07042&radius=25`;
  for (const theme of ['light', 'dark'] as const) {
    const suffix = theme === 'dark' ? '-dark' : '';
    await setTheme(page, theme);
    await page.setViewportSize(PHONE);
    await page.goto(browse);
    await expect(results(page).getByRole('article')).toHaveCount(4);
    await expect(results(page).getByRole('heading', { level: 2 })).toHaveText(`4 listings for "${word}" within 25 mi of Montclair, NJ`);
    await expectNoA11yViolations(page, { label: `${theme} theme, /services on a phone`, soft: true });
    await expectPhotosLoaded(page);
    await photographBothWidths(page, `phone-browse${suffix}`);
    await expectNoA11yViolations(page, { label: `${theme} theme, /services at 1280 px`, soft: true });

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Filters 1 on' }).click();
    await expect(sheet(page).getByRole('region', { name: 'Categories' }).getByRole('button')).toHaveCount(8);
    await expectNoA11yViolations(page, { label: `${theme} theme, the open Filters sheet`, soft: true });
    // The sheet exists below 640 px only (at 1280 px the same controls are in the page, photographed above).
    await photographWindow(page, `phone-browse-sheet${suffix}`, [PHONE]);
    await page.keyboard.press('Escape');
    await expect(sheet(page)).toBeHidden();

    await page.goto(`/services/${maths.id}?near=07042`);
    await expect(page.getByRole('heading', { level: 1, name: maths.title })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('≈ 6.0 mi away from ZIP 07042');
    await expect(page.getByRole('article', { name: maths.title }).getByRole('group', { name: /^Photos of/ })).toHaveCount(0);
    await expectNoA11yViolations(page, { label: `${theme} theme, a listing without photos`, soft: true });
    await expectPhotosLoaded(page);
    await photographBothWidths(page, `listing-without-photos${suffix}`);
  }
});

test("a listing without photos starts with a compact header, and one in the searched ZIP reads 'In your ZIP'", async ({ page, otherPage }) => {
  const { maths, sofa } = await neighbourhood(otherPage);
  await page.goto(`/services/${maths.id}`);
  const details = page.getByRole('complementary', { name: 'Details' });
  // The title, then at once the price and the buttons: no photo-sized empty frame between them.
  const title = await page.getByRole('heading', { level: 1, name: maths.title }).boundingBox();
  const price = await details.boundingBox();
  if (!title || !price) throw new Error('The title or the details are not on the page');
  expect(price.y - (title.y + title.height)).toBeLessThan(200);
  expect(price.y).toBeLessThan(PHONE.height);

  await page.goto(`/services/${sofa.id}?near=07042`);
  await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('In your ZIP (07042)');
  await expect(page.getByRole('complementary', { name: 'Details' })).not.toContainText('mi away');
});
