import {
  createListingWithApi,
  expect,
  expectToast,
  listingCard,
  pngDataUrl,
  pngImage,
  registerWithApi,
  signUpWithApi,
  test,
  uniqueWord,
  updateListingWithApi,
  type ConsoleGuard,
} from './fixtures/index.js';

// A page for every listing at /services/{id} (decision 042).

test('a neighbour opens a listing from its card, looks through its photos, shares, likes and messages it', async ({ page, request, context, baseURL }) => {
  const word = uniqueWord();
  await registerWithApi(request, { acceptTerms: true });
  const photos = [pngDataUrl(await pngImage('#1d4ed8')), pngDataUrl(await pngImage('#b45309')), pngDataUrl(await pngImage('#15803d'))];
  const listing = await createListingWithApi(request, {
    title: `Dog walking ${word}`,
    description: 'Long walks for dogs of every size, rain or shine. I know every path in town and send a photo after each walk.',
    images: photos,
    rate: 18,
  });
  const other = await createListingWithApi(request, { category: 'yard', title: `Leaf raking ${word}` });
  await signUpWithApi(page, { acceptTerms: true });
  // Chromium on Linux may have no share sheet, and a machine that has one would open it: the copy is what is tested.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const address = `${baseURL}/services/${listing.id}`;

  await test.step("the card's title opens the listing's page", async () => {
    await page.goto(`/services?search=${word}`);
    await expect(page.getByRole('article')).toHaveCount(2);
    await listingCard(page, listing.title).getByRole('link', { name: listing.title, exact: true }).click();
    await expect(page).toHaveURL(`/services/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${listing.title} \\|`));
  });

  await test.step('it shows the whole description, the price, the availability and the provider', async () => {
    await expect(page.getByText(listing.description, { exact: true })).toBeVisible();
    await expect(page.getByText('$18/hr')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Availability' }).getByRole('listitem')).toHaveText(['Mon', 'Wed']);
    const provider = page.getByRole('region', { name: 'Offered by' });
    await expect(provider.getByText(listing.user.username!, { exact: true })).toBeVisible();
    await expect(provider.getByText(/^Member since [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: `More from ${listing.user.username}` })).toBeVisible();
    await expect(listingCard(page, other.title)).toBeVisible();
  });

  await test.step('its photos open full size and move with the arrow keys; Escape gives the focus back', async () => {
    const first = page.getByRole('button', { name: `${listing.title}, photo 1 of 3` });
    await first.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: listing.title });
    await expect(lightbox.getByText('1 of 3', { exact: true })).toBeVisible();
    await expect(lightbox.getByRole('img', { name: `${listing.title}, photo 1 of 3` })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(lightbox.getByText('2 of 3', { exact: true })).toBeVisible();
    await expect(lightbox.getByRole('img', { name: `${listing.title}, photo 2 of 3` })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox.getByText('3 of 3', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(first).toBeFocused();
  });

  await test.step("Share copies the page's address where there is no share sheet", async () => {
    await page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: 'Share', exact: true }).click();
    await expectToast(page, 'Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  });

  await test.step('a like counts on the page', async () => {
    const like = page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: /^Like \d+ likes?$/ });
    await expect(like).toHaveAccessibleName('Like 0 likes');
    await like.click();
    await expectToast(page, 'Service liked');
    await expect(like).toHaveAccessibleName('Like 1 like');
  });

  await test.step('Back returns to the same results, the like shown there too', async () => {
    await page.goBack();
    await expect(page).toHaveURL(`/services?search=${word}`);
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(listingCard(page, listing.title).getByRole('button', { name: /^Like/ })).toHaveAccessibleName('Like 1 like');
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  });

  await test.step('Message starts a conversation, whose strip links back to the page', async () => {
    await page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: 'Message', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Provider' });
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(new RegExp(listing.title));
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/messages\?conversation=\d+$/);
    await page.getByRole('region', { name: 'Service' }).getByRole('link', { name: listing.title }).click();
    await expect(page).toHaveURL(`/services/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  });
});

/** The API's 404 for a listing, and the page's own when the server renders it, are what these tests provoke. */
function allowNotFound(consoleGuard: ConsoleGuard, path: string) {
  consoleGuard.allowFailedRequest('GET', `/api${path}`, 404);
  consoleGuard.allowFailedRequest('GET', path, 404);
}

test('a paused listing is not found by another member, and shown dimmed to its owner', async ({ page, otherPage, consoleGuard }) => {
  await signUpWithApi(page, { acceptTerms: true });
  const listing = await createListingWithApi(page, { title: `Piano lessons ${uniqueWord()}` });
  await updateListingWithApi(page, listing, { isActive: false });
  await signUpWithApi(otherPage, { acceptTerms: true });
  allowNotFound(consoleGuard, `/services/${listing.id}`);

  await otherPage.goto(`/services/${listing.id}`);
  // Said in people's words (decision 069); e2e/unavailable-pages.spec.ts follows 'Browse similar listings'.
  await expect(otherPage.getByRole('heading', { level: 1, name: 'This listing is no longer available' })).toBeVisible();
  await expect(otherPage.getByText(listing.title)).toHaveCount(0);

  await page.goto(`/services/${listing.id}`);
  const article = page.getByRole('article', { name: listing.title, exact: true });
  await expect(article.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await expect(article.getByText('Paused', { exact: true })).toBeVisible();
  await expect(article.getByText('Only you can see this listing while it is paused.')).toBeVisible();
  await expect(article).toHaveClass(/border-dashed/);
  await expect(article.getByRole('button', { name: 'Message' })).toHaveCount(0);
  await expect(article.getByRole('button', { name: `Manage ${listing.title}` })).toBeVisible();
});

// An address that names no listing: the server's 404 page in src/server/modules/pages/pages.test.ts, the page's own
// not-found screen in service-page.test.tsx, and one look in a browser in server-rendering.spec.ts.
