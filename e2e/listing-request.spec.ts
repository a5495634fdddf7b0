import { createListingWithApi, expect, expectToast, listingCard, openOwnerMenu, searchFor, signUpWithApi, test, uniqueWord } from './fixtures/index.js';

test('a member posts a help-wanted request without a budget, and the type filters tell it from offers', async ({ page }) => {
  const word = uniqueWord();
  const title = `Help moving a sofa ${word}`;
  await signUpWithApi(page, { acceptTerms: true });
  const offer = await createListingWithApi(page, { category: 'household', serviceType: 'Moving Help', title: `Moving help offered ${word}`, rate: 40, rateType: 'fixed' });

  await test.step('the request form asks for an optional budget', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Request Services' }).first().click();
    await expect(page).toHaveURL('/request-service');
    await expect(page.getByRole('heading', { name: 'Post a Service Request', level: 1 })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Budget ($, optional)' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Budget type (optional)' })).toHaveValue('');
  });

  await test.step('a request with no budget is posted', async () => {
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Household Help' });
    await page.getByRole('combobox', { name: 'Service' }).selectOption({ label: 'Moving Help' });
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('Two strong people needed to carry a sofa up one flight of stairs.');
    await page.getByRole('checkbox', { name: 'Sat', exact: true }).check();
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('07042');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Montclair');
    await page.getByRole('button', { name: 'Post Request' }).click();
    await expectToast(page, 'Service request posted successfully');
    await expect(page).toHaveURL('/services');
  });

  await test.step('its card says "Help Wanted" and "Budget: Negotiable"', async () => {
    await searchFor(page, word);
    await expect(page.getByRole('article')).toHaveCount(2);
    const card = listingCard(page, title);
    await expect(card.getByText('Help Wanted', { exact: true })).toBeVisible();
    await expect(card.getByRole('list').first().getByRole('listitem')).toHaveText([
      'Location: Montclair, NJ',
      'Price: Budget: Negotiable',
      /^Posted on /,
    ]);
    await expect(card.getByText('Budget: Negotiable')).toBeVisible();
    await expect(listingCard(page, offer.title).getByText('Price: $40', { exact: true })).toBeVisible();
    await expect(listingCard(page, offer.title).getByText('Help Wanted', { exact: true })).toHaveCount(0);
  });

  const toggle = page.getByRole('group', { name: 'Listings to show' });
  const type = page.getByRole('combobox', { name: 'Type' });

  await test.step('Type "Help Wanted" shows the request and not the offer', async () => {
    await type.selectOption({ label: 'Help Wanted' });
    await expect(page).toHaveURL(/[?&]type=request(&|$)/);
    await expect(listingCard(page, offer.title)).toHaveCount(0);
    await expect(listingCard(page, title)).toBeVisible();
    await expect(toggle.getByRole('button', { name: 'Help Wanted' })).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('"Services Offered" shows the offer and not the request', async () => {
    await toggle.getByRole('button', { name: 'Services Offered' }).click();
    await expect(type).toHaveValue('offer');
    await expect(listingCard(page, title)).toHaveCount(0);
    await expect(listingCard(page, offer.title)).toBeVisible();
  });

  await test.step('"All Listings" shows both again', async () => {
    await toggle.getByRole('button', { name: 'All Listings' }).click();
    await expect(type).toHaveValue('all-types');
    await expect(page.getByRole('article')).toHaveCount(2);
  });

  await test.step("switching 'Active' off on the edit form pauses the request", async () => {
    await page.goto('/my-services');
    await (await openOwnerMenu(page, title)).getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Service Request', level: 1 })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Budget ($, optional)' })).toHaveValue('');
    const active = page.getByRole('switch', { name: 'Active' });
    await expect(active).toBeChecked();
    await active.click();
    await expect(active).not.toBeChecked();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Service updated successfully');
    await expect(page).toHaveURL('/my-services');
    await expect(listingCard(page, title).getByText('Paused', { exact: true })).toBeVisible();
    await expect(listingCard(page, offer.title).getByText('Paused', { exact: true })).toHaveCount(0);
  });

  await test.step('a paused listing is not on /services', async () => {
    await page.goto(`/services?search=${word}`);
    await expect(listingCard(page, offer.title)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
  });
});
