import type { Page } from '@playwright/test';
import type { Service } from '../src/shared/services.js';
import { CLOCK_APP_URL, type ClockApp, startClockApp } from './fixtures/clock-app.js';
import {
  createListingWithApi,
  DESKTOP,
  expect,
  expectNoA11yViolations,
  expectTheme,
  expectToast,
  getJson,
  linkIn,
  listingCard,
  photographBothWidths,
  readEmail,
  signUpWithApi,
  test,
  uniqueWord,
  verifyEmailWithApi,
  type ThemeName,
} from './fixtures/index.js';

// Listings expire (decision 051): the reminder a week ahead read from the e2e setup's real SMTP server, its
// link's page and 'Renew listing', and an expired listing in My Services with 'Renew'. Time passes by the test's word:
// these stories run on a copy of the built app in this process (fixtures/clock-app.ts), whose expiry sweep the test
// runs as of the moment it names.

const DAY_MS = 24 * 60 * 60 * 1000;
const THEMES: ThemeName[] = ['light', 'dark'];
/** 'Mar 5, 2027', as the pages write a day; the browser runs in UTC here, as the server writes the email's day. */
const day = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
const daysAfter = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * DAY_MS);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: CLOCK_APP_URL, timezoneId: 'UTC' });

let clock: ClockApp;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  clock = await startClockApp();
});
test.afterAll(async () => {
  await clock?.close();
});

/** Switches the theme as a person does, from the navigation bar's menu (no reload: a used link's page stays as it is). */
async function chooseTheme(page: Page, theme: ThemeName) {
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: /Change theme/ }).click();
  await page.getByRole('menuitemradio', { name: theme === 'dark' ? 'Dark' : 'Light' }).click();
  await expectTheme(page, theme);
}

/** Both themes and both widths of what the page shows now: axe in each theme, a picture at each width. */
async function scanAndPhotograph(page: Page, name: string) {
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    await expectNoA11yViolations(page, { label: `${name}, ${theme} theme`, soft: true });
    // The theme button keeps the focus after its menu closes: no focus ring in the pictures.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await photographBothWidths(page, theme === 'dark' ? `${name}-dark` : name);
  }
  await chooseTheme(page, 'light');
}

test('the owner renews an expiring listing from the reminder email, without the link renewing it on opening', async ({ page, otherPage, consoleGuard }) => {
  const account = await signUpWithApi(page, { acceptTerms: true });
  await verifyEmailWithApi(page);
  const title = `Dog walking in the park ${uniqueWord()}`;
  const listing = await createListingWithApi(page, { title });

  // Six days before its day, the sweep sends the reminder through the outbox to the real SMTP server.
  await clock.listingExpiry(daysAfter(listing.expiresAt!, -6));
  const email = await readEmail(account.email, { subject: `Your listing "${title}" expires on ${day(listing.expiresAt!)}` });
  expect(email.text).toContain(`${CLOCK_APP_URL}/services/${listing.id}`);
  const link = linkIn(email, `/services/${listing.id}/renew`);

  // A mail scanner following the link (another browser, signed out) renews nothing: the page only shows the listing.
  await otherPage.goto(link.path);
  await expect(otherPage.getByRole('button', { name: 'Renew listing' })).toBeVisible();
  expect((await getJson<Service>(page.request, `/api/services/${listing.id}`)).expiresAt).toBe(listing.expiresAt);

  await page.goto(link.path);
  await expect(page.getByRole('heading', { name: 'Renew your listing', level: 1 })).toBeVisible();
  await expect(page.getByText(`“${title}”`)).toBeVisible();
  await expect(page.getByText(`Expires on ${day(listing.expiresAt!)}`)).toBeVisible();
  await scanAndPhotograph(page, 'renew-listing');

  await page.getByRole('button', { name: 'Renew listing' }).click();
  await expect(page.getByRole('heading', { name: 'Listing renewed', level: 1 })).toBeVisible();
  const renewed = await getJson<Service>(page.request, `/api/services/${listing.id}`);
  expect(new Date(renewed.expiresAt!).getTime()).toBeGreaterThan(new Date(listing.expiresAt!).getTime());
  await expect(page.getByRole('status').filter({ hasText: 'now expires on' })).toHaveText(`“${title}” now expires on ${day(renewed.expiresAt!)}.`);
  await scanAndPhotograph(page, 'renew-listing-done');
  await page.getByRole('link', { name: 'View listing' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // The link worked once.
  consoleGuard.allowFailedRequest('GET', `/api/services/${listing.id}/renewal`, 400);
  await otherPage.goto(link.path);
  await expect(otherPage.getByRole('heading', { name: 'This link no longer works', level: 1 })).toBeVisible();
  await expect(otherPage.getByRole('alert')).toContainText('This renewal link no longer works');
});

test("an expired listing is hidden from others, shows in My Services as 'Expired' with 'Renew', and comes back renewed", async ({ page, otherPage, consoleGuard }) => {
  await signUpWithApi(page, { acceptTerms: true });
  const title = `Garden help on weekends ${uniqueWord()}`;
  const listing = await createListingWithApi(page, { title });

  // A minute past the listing's day: hidden from everyone else. A second listing, posted after, has sixty days to go.
  await clock.listingExpiry(daysAfter(listing.expiresAt!, 1 / (24 * 60)));
  const soon = await createListingWithApi(page, { title: `Bike repairs ${uniqueWord()}` });
  consoleGuard.allowFailedRequest('GET', `/services/${listing.id}`, 404);
  await otherPage.goto(`/services/${listing.id}`);
  await expect(otherPage.getByRole('heading', { name: 'This listing has expired', level: 1 })).toBeVisible();

  // Its own page says so, with Renew, to the owner only.
  await page.goto(`/services/${listing.id}`);
  await expect(page.getByText('Only you can see this listing: it has expired. Renew it to show it again.')).toBeVisible();
  await expect(page.getByText(`Expired on ${day(listing.expiresAt!)}`)).toBeVisible();
  await scanAndPhotograph(page, 'listing-expired');

  // My Services, in a browser whose clock says it is three days before the second listing's day (My Services is
  // rendered in the browser; a page rendered on the server would not hydrate with a clock months apart).
  await page.clock.setFixedTime(daysAfter(soon.expiresAt!, -3));
  await page.goto('/my-services');
  const card = listingCard(page, title);
  await expect(card.getByText('Expired', { exact: true })).toBeVisible();
  await expect(card.getByText(`Expired on ${day(listing.expiresAt!)}`)).toBeVisible();
  await expect(listingCard(page, soon.title).getByText(`Expires on ${day(soon.expiresAt!)}`)).toBeVisible();
  await scanAndPhotograph(page, 'my-services-expired');

  await card.getByRole('button', { name: 'Renew' }).click();
  await expectToast(page, 'Listing renewed');
  await expect(card.getByText('Expired', { exact: true })).toHaveCount(0);
  const renewed = await getJson<Service>(page.request, `/api/services/${listing.id}`);
  expect(renewed.expired).toBe(false);
  // Renewed today by the server's clock: three days short of sixty by this browser's, so it still offers Renew early.
  await expect(card.getByText(`Expires on ${day(renewed.expiresAt!)}`)).toBeVisible();
  await otherPage.goto(`/services/${listing.id}`);
  await expect(otherPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
});
