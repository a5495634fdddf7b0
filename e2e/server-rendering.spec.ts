import type { Page, Request } from '@playwright/test';
import { createListingWithApi, expect, registerWithApi, signUpWithApi, test, uniqueUsername, uniqueWord } from './fixtures/index.js';

/**
 * The public pages arrive rendered (decision 042): the browser takes them over without a hydration error and without
 * asking the API again for what the page already holds. The console guard fails any test on a console error or an
 * uncaught error, which is how React reports a hydration mismatch in a production build.
 */

/** GET requests to the API for data a server-rendered page already carries. */
function refetches(page: Page): string[] {
  const seen: string[] = [];
  const data = /^\/api\/(services|categories|auth\/user)\b/;
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && data.test(path)) seen.push(path);
  });
  return seen;
}

/** React has taken the page over: a link handled by the router navigates without a page load. */
async function expectHydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
}

test('each public page is rendered on the server and hydrated without an error or a second fetch', async ({ page, request }) => {
  const word = uniqueWord();
  await registerWithApi(request, { acceptTerms: true });
  const listing = await createListingWithApi(request, { category: 'pet', title: `Evening dog walks ${word}` });
  const asked = refetches(page);

  for (const path of ['/', '/services', `/services?search=${word}`, '/services?category=pet&type=offer', `/services/${listing.id}`, '/about', '/terms']) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // The markup is there before any script runs.
      expect(await response?.text()).toContain('<div id="root"><');
      await expectHydrated(page);
      expect(asked, `${path} asked the API again`).toEqual([]);
    });
  }
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
});

test('signed in, the pages are rendered for the member, with their menu, and hydrate the same', async ({ page, request }) => {
  await registerWithApi(request, { acceptTerms: true });
  const listing = await createListingWithApi(request, { title: `Piano lessons ${uniqueWord()}` });
  const member = await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername() });
  const asked = refetches(page);
  for (const path of ['/', '/services', `/services/${listing.id}`]) {
    const response = await page.goto(path);
    expect(await response?.text()).toContain(member.username!);
    await expectHydrated(page);
  }
  expect(asked).toEqual([]);
  await expect(page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: 'Message' })).toBeVisible();
});

// The suite's one look at the not-found page in a browser: what the server sends for each address (status, markup,
// the home link) is checked in src/server/modules/pages/pages.test.ts, the listing page's own not-found screen in
// service-page.test.tsx, and the page's accessibility in accessibility.spec.ts.
test('an unknown address and a listing nobody may see answer 404 with the not-found page, which hydrates and leads home', async ({ page, consoleGuard }) => {
  for (const path of ['/services/2147483000', '/services/not-a-number', '/no-such-page/anywhere']) {
    consoleGuard.allowFailedRequest('GET', path, 404);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found', level: 1 })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?', { exact: true })).toBeVisible();
    await expectHydrated(page);
  }
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Connect with helpers in your community', level: 1 })).toBeVisible();
});
