import { createListingWithApi, expect, registerWithApi, signUpWithApi, test, uniqueWord } from './fixtures/index.js';

// Every test makes its own people and listings and finds them again by a word only its titles contain,
// so the tests may run side by side on the one shared database.
test.describe.configure({ mode: 'parallel' });

test('signed out, "Offer a Service" and the listing pages lead to the sign-in page', async ({ page }) => {
  await test.step('from the home page hero', async () => {
    await page.goto('/');
    const offer = page.getByRole('link', { name: 'Offer a Service' });
    // A full page load into the external sign-in flow, not a route of the app.
    await expect(offer).toHaveAttribute('href', '/api/login');
    await offer.click();
    await expect(page).toHaveURL(/^[^?]*\/login(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Welcome', level: 1 })).toBeVisible();
  });

  await test.step('from the call to action under the listings', async () => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { name: 'Browse Services', level: 1 })).toBeVisible();
    const callToAction = page.getByRole('region', { name: 'Have a skill to share or need a hand?' });
    await callToAction.getByRole('link', { name: 'Request Services' }).click();
    await expect(page).toHaveURL(/^[^?]*\/login(\?|$)/);
    await page.goto('/services');
    await expect(callToAction.getByRole('link', { name: 'Offer a Service' })).toHaveAttribute('href', '/api/login');
    await callToAction.getByRole('link', { name: 'Offer a Service' }).click();
    await expect(page).toHaveURL(/^[^?]*\/login(\?|$)/);
  });

  await test.step('typing the address of a page that needs an account', async () => {
    for (const path of ['/create-service', '/request-service', '/my-services', '/edit-service/1']) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent(path)}`);
    }
  });
});

test("only the owner may edit a listing; a missing one is 'Service Not Found'; My Services starts empty", async ({ page, request, consoleGuard }) => {
  await registerWithApi(request, { acceptTerms: true });
  const someoneElses = await createListingWithApi(request, { title: `Piano lessons ${uniqueWord()}`, category: 'tutoring' });
  await signUpWithApi(page, { acceptTerms: true });

  await test.step("another member's listing cannot be edited", async () => {
    await page.goto(`/edit-service/${someoneElses.id}`);
    await expect(page.getByRole('heading', { name: 'Permission Denied', level: 1 })).toBeVisible();
    await expect(page.getByText('You do not have permission to edit this service', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  });

  await test.step('"Back to My Services" shows an empty list with a way to start', async () => {
    await page.getByRole('link', { name: 'Back to My Services' }).click();
    await expect(page).toHaveURL('/my-services');
    await expect(page.getByText("You haven't created any services yet", { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Create Your First Service' }).click();
    await expect(page).toHaveURL('/create-service');
    await expect(page.getByRole('heading', { name: 'Offer Your Service', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/services');
  });

  await test.step('a listing that does not exist', async () => {
    // The page asks for it and the server answers 404, which the browser logs.
    consoleGuard.allowFailedRequest('GET', '/api/services/99999999', 404);
    await page.goto('/edit-service/99999999');
    await expect(page.getByRole('heading', { name: 'Service Not Found', level: 1 })).toBeVisible();
    await expect(page.getByText("The service you're trying to edit doesn't exist or has been removed", { exact: true })).toBeVisible();
  });
});
