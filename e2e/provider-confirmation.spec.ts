import type { Page } from '@playwright/test';
import { acceptTerms, expect, expectToast, test, uniqueEmail } from './fixtures/index.js';

// An account made through 'Continue with Test ID' has no password here: before it deletes itself it confirms who it
// is by signing in at the provider again (decision 016). Test ID is e2e/start-server.mjs's development provider.

test.beforeEach(async ({ context }) => {
  // The provider's development pages import a web font; the suite runs offline.
  await context.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
});

/** The provider's login page (and its consent page when it asks), as `login`. */
async function signInAtTestId(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(/^http:\/\/localhost:5175\/interaction\//);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/^http:\/\/(localhost:5175\/interaction\/|127\.0\.0\.1:5174\/)/);
  if (page.url().startsWith('http://localhost:5175/')) await page.getByRole('button', { name: 'Continue' }).click();
}

test('an account without a password confirms at its provider, then deletes itself from the profile', async ({ page }) => {
  const email = uniqueEmail('sso-leaver');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Test ID' }).click();
  await signInAtTestId(page, email);
  await acceptTerms(page);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('you confirm it is you at Test ID')).toBeVisible();
  await expect(dialog.getByLabel('Type DELETE to confirm')).toHaveCount(0);
  await dialog.getByRole('link', { name: 'Confirm with Test ID' }).click();

  // The provider asks for the credentials again, whatever session it has, then the dialog is back, open.
  await signInAtTestId(page, email);
  await expect(page).toHaveURL('/profile');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'Account deleted');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
