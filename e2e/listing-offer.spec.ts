import { format } from 'date-fns';
import type { Locator, Page, Response } from '@playwright/test';
import type { Service } from '../src/shared/services.js';
import { expect, expectToast, listingCard, openAccountMenu, openOwnerMenu, pngImage, searchFor, signUpWithApi, test, uniqueWord } from './fixtures/index.js';

// The listing form's whole story, from the first empty submit to the restore; the other listing stories are in
// listing-likes, listing-request and listing-access.spec.ts.

/** The specification (§9): card dates read like 'Jan 5, 2025' (formatted in the same time zone as the browser's). */
const cardDate = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

/** The listing as the server answered the call the page just made. */
async function listingFrom(response: Promise<Response>): Promise<Service> {
  const answer = await response;
  expect(answer.ok(), `${answer.request().method()} ${answer.url()} answered ${answer.status()}`).toBe(true);
  return (await answer.json()) as Service;
}

function waitForListingCall(page: Page, method: string, path: RegExp): Promise<Response> {
  return page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));
}

/** An element's background as sRGB bytes, whatever colour space the style sheet wrote it in. */
function backgroundRgb(element: Locator): Promise<[number, number, number]> {
  return element.evaluate((el) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.fillStyle = getComputedStyle(el).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  });
}

const LOCATION_RULE = 'ZIP code, city, and state are required for non-virtual services';
const OFFER_RULES = [
  'Please select a category',
  'Please select a service',
  'Title must be at least 5 characters',
  'Description must be at least 20 characters',
  "Either provide a rate or check 'Prices Vary'.",
  'Select at least one day',
  LOCATION_RULE,
];

test('a member offers a service with two photos, finds it, edits it, deletes it and restores it', async ({ page }) => {
  // The whole life of a listing in one story, two photo uploads included: more than a minute on a busy machine.
  test.slow();
  const word = uniqueWord();
  const title = `Dog walking ${word}`;
  const newTitle = `Evening dog walks ${word}`;
  await signUpWithApi(page, { acceptTerms: true });

  await test.step('"Post a Service" opens the empty offer form', async () => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Post a Service' }).click();
    await expect(page).toHaveURL('/create-service');
    await expect(page.getByRole('heading', { name: 'Offer Your Service', level: 1 })).toBeVisible();
  });

  await test.step('submitting the empty form shows every rule at once', async () => {
    await page.getByRole('button', { name: 'Create Service' }).click();
    for (const rule of OFFER_RULES) await expect(page.getByText(rule, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'ZIP code' })).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('choosing a category loads its services', async () => {
    const service = page.getByRole('combobox', { name: 'Service' });
    await expect(service).toBeDisabled();
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Pet Care' });
    await expect(service).toBeEnabled();
    await expect(service.getByRole('option')).toHaveText(['Select a service', 'Dog Walking', 'Pet Sitting', 'Pet Feeding', 'Pet Grooming', 'Cat Care', 'Aquarium Care']);
    await service.selectOption({ label: 'Dog Walking' });
  });

  await test.step('a ZIP code fills in the city and the state', async () => {
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('07042');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Montclair');
    await expect(page.getByRole('textbox', { name: 'State' })).toHaveValue('NJ');
  });

  await test.step('the rest of the form is filled in, with two photos', async () => {
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('Long, happy walks for dogs of every size, rain or shine.');
    await page.getByRole('spinbutton', { name: 'Rate ($)' }).fill('25');
    await expect(page.getByRole('combobox', { name: 'Rate type' })).toHaveValue('hourly');
    await page.getByRole('checkbox', { name: 'Mon', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Sat', exact: true }).check();
    const addPhotos = page.getByLabel('Add photos');
    await addPhotos.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(page.getByText('notes.txt is not a valid image file.', { exact: true })).toBeVisible();
    await addPhotos.setInputFiles([
      { name: 'first-walk.png', mimeType: 'image/png', buffer: await pngImage('#1d4ed8') },
      { name: 'second-walk.png', mimeType: 'image/png', buffer: await pngImage('#b45309') },
    ]);
    await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(2);
    for (const rule of OFFER_RULES) await expect(page.getByText(rule, { exact: true })).toHaveCount(0);
  });

  const created = await test.step('"Create Service" lists it on /services', async () => {
    const answer = waitForListingCall(page, 'POST', /^\/api\/services$/);
    await page.getByRole('button', { name: 'Create Service' }).click();
    const service = await listingFrom(answer);
    await expectToast(page, 'Service created successfully');
    await expect(page).toHaveURL('/services');
    return service;
  });

  await test.step('the search box finds it by a word of its title', async () => {
    await searchFor(page, word);
    await expect(page.getByRole('article')).toHaveCount(1);
    const card = listingCard(page, title);
    await expect(card.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    await expect(card.getByText('Pet Care', { exact: true })).toBeVisible();
    // Location, price and date line; the words before the colons are for screen readers only.
    await expect(card.getByRole('list').first().getByRole('listitem')).toHaveText([
      'Location: Montclair, NJ',
      'Price: $25/hr',
      `Posted on ${cardDate(created.createdAt)}`,
    ]);
    await expect(card.getByText('$25/hr')).toBeVisible();
    await expect(card.getByText('Mon', { exact: true })).toBeVisible();
    await expect(card.getByText('Sat', { exact: true })).toBeVisible();
  });

  await test.step('the card shows the photos one at a time', async () => {
    const photos = listingCard(page, title).getByRole('group', { name: `Photos of ${title}` });
    const photo = photos.getByRole('img');
    await expect(photo).toHaveAccessibleName(`${title}, photo 1 of 2`);
    await photos.getByRole('button', { name: 'Next photo' }).click();
    await expect(photo).toHaveAccessibleName(`${title}, photo 2 of 2`);
    await expect(photos.getByRole('button', { name: 'Show photo 2 of 2' })).toHaveAttribute('aria-current', 'true');
    await photos.getByRole('button', { name: 'Previous photo' }).click();
    await expect(photo).toHaveAccessibleName(`${title}, photo 1 of 2`);
    await photos.getByRole('button', { name: 'Show photo 2 of 2' }).click();
    await expect(photo).toHaveAccessibleName(`${title}, photo 2 of 2`);
    await expect(photo).toHaveJSProperty('complete', true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('its category tile keeps it; another category finds nothing', async () => {
    const tiles = page.getByRole('region', { name: 'Categories' });
    await tiles.getByRole('button', { name: 'Pet Care', exact: true }).click();
    await expect(page).toHaveURL(/[?&]category=pet(&|$)/);
    await expect(tiles.getByRole('button', { name: 'Pet Care', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Pet Care', level: 2 })).toBeVisible();
    await expect(listingCard(page, title)).toBeVisible();

    await tiles.getByRole('button', { name: 'Tutoring', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('tutoring');
    await expect(page.getByRole('heading', { name: 'No services found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters.', { exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);

    // A shared link with the category's slug, or its numeric id, shows the same view.
    for (const category of ['pet', String(created.categoryId)]) {
      await page.goto(`/services?category=${category}&search=${word}`);
      await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('pet');
      await expect(listingCard(page, title)).toBeVisible();
    }
  });

  await test.step('the owner edits the title from My Services', async () => {
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'My Services' }).click();
    await expect(page).toHaveURL('/my-services');
    await (await openOwnerMenu(page, title)).getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/edit-service/${created.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Service', level: 1 })).toBeVisible();
    const titleField = page.getByRole('textbox', { name: 'Title' });
    await expect(titleField).toHaveValue(title);
    await titleField.fill('Dog');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Title must be at least 5 characters long', { exact: true })).toBeVisible();
    await titleField.fill(newTitle);

    const answer = waitForListingCall(page, 'PUT', new RegExp(`^/api/services/${created.id}$`));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const updated = await listingFrom(answer);
    await expectToast(page, 'Service updated successfully');
    await expect(page).toHaveURL('/my-services');
    const card = listingCard(page, newTitle);
    await expect(card.getByText(`Updated on ${cardDate(updated.updatedAt)}`, { exact: true })).toBeVisible();
    await expect(listingCard(page, title)).toHaveCount(0);
  });

  await test.step('deleting asks first, then dims the card with a red "Deleted" badge', async () => {
    await (await openOwnerMenu(page, newTitle)).getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();

    const answer = waitForListingCall(page, 'DELETE', new RegExp(`^/api/services/${created.id}$`));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const deleted = await listingFrom(answer);
    await expectToast(page, 'Service deleted');
    await expect(dialog).toBeHidden();

    const card = listingCard(page, newTitle);
    const badge = card.getByText('Deleted', { exact: true });
    await expect(badge).toBeVisible();
    const [red, green, blue] = await backgroundRgb(badge);
    expect(red, `the "Deleted" badge is red (rgb ${red}, ${green}, ${blue})`).toBeGreaterThan(Math.max(green, blue) + 60);
    await expect(card.getByText(`Deleted on ${cardDate(deleted.deletedAt ?? '')}`, { exact: true })).toBeVisible();
    await expect(card.getByRole('img')).toHaveCSS('opacity', '0.5');
    // A deleted listing cannot be liked.
    await expect(card.getByRole('button', { name: /^Like/ })).toHaveCount(0);
  });

  await test.step('a deleted listing is gone from /services', async () => {
    await page.goto(`/services?search=${word}`);
    await expect(page.getByRole('heading', { name: 'No services found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters.', { exact: true })).toBeVisible();
  });

  await test.step('restored from My Services, it is listed again', async () => {
    await page.goto('/my-services');
    await (await openOwnerMenu(page, newTitle)).getByRole('menuitem', { name: 'Restore' }).click();
    await expectToast(page, 'Service restored');
    await expect(listingCard(page, newTitle).getByText('Deleted', { exact: true })).toHaveCount(0);
    await expect(listingCard(page, newTitle).getByText(/^Updated on /)).toBeVisible();

    await page.goto(`/services?search=${word}`);
    await expect(listingCard(page, newTitle)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
  });
});
