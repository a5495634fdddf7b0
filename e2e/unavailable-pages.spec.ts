import type { APIRequestContext, Page } from '@playwright/test';
import {
  createListingWithApi,
  deleteListingWithApi,
  expect,
  expectNoA11yViolations,
  expectTheme,
  getJson,
  PHONE,
  photographBothWidths,
  registerWithApi,
  searchFor,
  setTheme,
  signUpWithApi,
  test,
  type ThemeName,
  uniqueUsername,
  uniqueWord,
  updateListingWithApi,
  type ConsoleGuard,
} from './fixtures/index.js';

// A link to a listing nobody may see any more, opened as a neighbour opens one from a group chat: the page says why in
// people's words, answers 404, and leads on to similar listings (decision 069). Each test makes its own people and
// listings and finds them by a word only its titles contain.
test.describe.configure({ mode: 'parallel' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** The server's 404 for the page itself (and the API's, should the page ask), which the browser logs. */
function allowNotFound(consoleGuard: ConsoleGuard, path: string) {
  consoleGuard.allowFailedRequest('GET', path, 404);
  consoleGuard.allowFailedRequest('GET', `/api${path.replace('/members/', '/users/')}`, 404);
}

/** Opens `path` in `theme` and checks it with axe, then photographs it at 390 and 1280 px. */
async function lookAt(page: Page, path: string, name: string, words: string) {
  for (const theme of ['light', 'dark'] as ThemeName[]) {
    await setTheme(page, theme);
    const response = await page.goto(path);
    expect(response?.status(), `${path} in ${theme}`).toBe(404);
    await expect(heading(page, words)).toBeVisible();
    await expectTheme(page, theme);
    await expectNoA11yViolations(page, { label: theme, soft: true });
    await photographBothWidths(page, `${name}-${theme}`);
  }
}

async function idOf(client: APIRequestContext): Promise<string> {
  return (await getJson<{ id: string }>(client, '/api/auth/user')).id;
}

test("signed out, on a phone: a shared link to a deleted listing says 'removed by its owner', and 'Browse similar listings' opens its category", async ({ page, request, consoleGuard }) => {
  await page.setViewportSize(PHONE);
  const word = uniqueWord();
  await registerWithApi(request, { acceptTerms: true });
  const gone = await createListingWithApi(request, { title: `Chess lessons ${word}`, category: 'tutoring' });
  const similar = await createListingWithApi(request, { title: `Algebra help ${word}`, category: 'tutoring' });
  const elsewhere = await createListingWithApi(request, { title: `Dog walking ${word}`, category: 'pet' });
  await deleteListingWithApi(request, gone);
  allowNotFound(consoleGuard, `/services/${gone.id}`);

  const response = await page.goto(`/services/${gone.id}`);
  expect(response?.status()).toBe(404);
  await expect(heading(page, 'This listing was removed by its owner')).toBeVisible();
  await expect(page.getByText('You may find others like it in Tutoring.', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('This listing was removed by its owner | Community Services Marketplace');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByText(gone.title)).toHaveCount(0);
  await expect(heading(page, '404 Page Not Found')).toHaveCount(0);

  await page.getByRole('link', { name: 'Browse similar listings' }).click();
  await expect(page).toHaveURL('/services?category=tutoring');
  await expect(heading(page, 'Browse Services')).toBeVisible();
  await searchFor(page, word);
  await expect(page).toHaveURL(/[?&]category=tutoring(&|$)/);
  await expect(page.getByRole('article', { name: similar.title })).toBeVisible();
  await expect(page.getByRole('article', { name: elsewhere.title })).toHaveCount(0);
  await expect(page.getByRole('article', { name: gone.title })).toHaveCount(0);

  await lookAt(page, `/services/${gone.id}`, 'unavailable-listing-removed', 'This listing was removed by its owner');
});

test("signed in: a paused listing and a blocked member's listing are 'no longer available' to the reader, the blocked member's still shown to others, and a deleted member's page is not available", async ({
  page,
  otherPage,
  request,
  consoleGuard,
}) => {
  const word = uniqueWord();
  await signUpWithApi(page, { acceptTerms: true });
  // A neighbour who pauses a listing.
  await signUpWithApi(otherPage, { acceptTerms: true });
  const paused = await createListingWithApi(otherPage, { title: `Cat sitting ${word}`, category: 'pet' });
  await updateListingWithApi(otherPage, paused, { isActive: false });
  // A member the reader blocks, who later deletes their account.
  const username = uniqueUsername('leaving');
  const leaving = await registerWithApi(request, { acceptTerms: true, username });
  const theirs = await createListingWithApi(request, { title: `Lawn mowing ${word}`, category: 'yard' });
  const blocked = await page.request.post(`/api/users/${await idOf(request)}/block`);
  expect(blocked.status()).toBe(204);
  for (const path of [`/services/${paused.id}`, `/services/${theirs.id}`, `/members/${username}`]) allowNotFound(consoleGuard, path);

  await test.step('a paused listing', async () => {
    const response = await page.goto(`/services/${paused.id}`);
    expect(response?.status()).toBe(404);
    await expect(heading(page, 'This listing is no longer available')).toBeVisible();
    await expect(page.getByText('You may find others like it in Pet Care.', { exact: true })).toBeVisible();
    await expect(page.getByText(paused.title)).toHaveCount(0);
    await page.getByRole('link', { name: 'Browse similar listings' }).click();
    await expect(page).toHaveURL('/services?category=pet');
  });

  await test.step("a listing of the member the reader blocked, which everyone else still sees", async () => {
    const response = await page.goto(`/services/${theirs.id}`);
    expect(response?.status()).toBe(404);
    await expect(heading(page, 'This listing is no longer available')).toBeVisible();
    await expect(page.getByText(theirs.title)).toHaveCount(0);
    await otherPage.goto(`/services/${theirs.id}`);
    await expect(heading(otherPage, theirs.title)).toBeVisible();
    await lookAt(page, `/services/${theirs.id}`, 'unavailable-listing-hidden', 'This listing is no longer available');
  });

  await test.step("the member page of a member who deleted their account", async () => {
    const deleted = await request.delete('/api/auth/account', { data: { password: leaving.password } });
    expect(deleted.status(), await deleted.text()).toBe(200);
    const response = await page.goto(`/members/${username}`);
    expect(response?.status()).toBe(404);
    await expect(heading(page, "This member's page is not available")).toBeVisible();
    await page.getByRole('link', { name: 'Browse listings' }).click();
    await expect(page).toHaveURL('/services');
    await lookAt(page, `/members/${username}`, 'unavailable-member', "This member's page is not available");
  });
});
