import { acceptTerms, expect, test, uniqueEmail } from './fixtures/index.js';

// e2e/start-server.mjs starts a test OpenID Connect provider (oidc-provider's development login and consent pages)
// and configures the app with it as 'Test ID'. A login name that is an email address signs in as that verified address.

test.beforeEach(async ({ context }) => {
  // The provider's development pages import a web font; the suite runs offline.
  await context.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
});

test("'Continue with Test ID' goes through the provider's login and consent pages and comes back signed in", async ({ page, consoleGuard }) => {
  // Sign-out ends the session while the page being left is still open: its live-events stream may try once more,
  // and the reconnect refreshes the unread badge.
  consoleGuard.allowFailedRequest('GET', '/api/events', 401);
  consoleGuard.allowFailedRequest('GET', '/api/messages/unread-count', 401);
  const email = uniqueEmail('oidc');
  await page.goto('/login?returnTo=%2Fprofile');
  await expect(page.getByRole('heading', { name: 'Welcome', level: 1 })).toBeVisible();
  // Beside the email form, not instead of it.
  await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
  const continueWith = page.getByRole('link', { name: 'Continue with Test ID' });
  await expect(continueWith).toHaveAttribute('href', '/api/login/oidc?returnTo=%2Fprofile');
  await continueWith.click();

  // The provider's own pages.
  await expect(page).toHaveURL(/^http:\/\/localhost:5175\/interaction\//);
  await page.getByPlaceholder('Enter any login').fill(email);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:5175\/interaction\//);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back home, as a new member who accepts the terms first.
  await acceptTerms(page);
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email, firstName: 'Test', lastName: 'Person', termsAccepted: true });

  // Signing out ends the provider's session too, then comes back signed out.
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/^http:\/\/localhost:5175\/session\/end/);
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL('/');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

// Why an external sign-in came back to /login (`?error=`) is shown by the page: login-page.test.tsx.
