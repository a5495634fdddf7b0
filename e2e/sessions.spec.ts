import type { APIRequestContext, Page } from '@playwright/test';
import {
  acceptTerms,
  appPage,
  createAccount,
  expect,
  expectNoA11yViolations,
  expectToast,
  linkIn,
  photographBothWidths,
  readEmail,
  showInTheme,
  signUpWithApi,
  test,
  verifyEmailWithApi,
  type Account,
} from './fixtures/index.js';

/**
 * 'Where you are signed in' (decision 054): a member sees the browsers signed in to their account on the
 * profile, signs one out or all the others at once, and a sign-in from a new browser emails them a link to the list.
 */
test.describe.configure({ mode: 'parallel' });

const NEW_SIGN_IN = 'New sign-in to your account';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const sessionsSection = (page: Page) => page.getByRole('region', { name: 'Where you are signed in' });
const sessions = (page: Page) => sessionsSection(page).getByRole('listitem');
const thisDevice = (page: Page) => sessions(page).filter({ hasText: 'This device' });
const otherSessions = (page: Page) => sessions(page).filter({ hasNotText: 'This device' });

/** Signs `account` in on a context of its own, through the API: another browser, as far as the server can tell. */
async function signInWithApi(client: APIRequestContext, account: Account): Promise<void> {
  const response = await client.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(response.status(), `sign-in of ${account.email}: ${await response.text()}`).toBe(200);
}

/**
 * Signs `account` in through the sign-in form on `page`. Not the fixtures' signIn: the page now also has 'Sign in
 * with a passkey', which its button locator (not exact) matches too.
 */
async function signInThroughTheForm(page: Page, account: Account): Promise<void> {
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await page.getByRole('tab', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

async function expectSignedOut(client: APIRequestContext): Promise<void> {
  expect((await client.get('/api/auth/user')).status()).toBe(401);
}

test('a member is told of a sign-in from a new browser, finds it on the profile through the email, and signs it out there', async ({
  page,
  otherPage,
}) => {
  // Signed up in the first browser, with the address proven: the email goes only to verified addresses.
  const account = await createAccount(page);
  await acceptTerms(page);
  await verifyEmailWithApi(page);

  // The same member signs in on a second browser.
  await signInThroughTheForm(otherPage, account);
  await expect(otherPage.getByRole('button', { name: 'Open account menu' })).toBeVisible();

  const email = await readEmail(account.email, { subject: NEW_SIGN_IN });
  expect(email.text).toContain('a browser it was not signed in from before');
  const link = linkIn(email, '/profile').url;
  expect(link.hash).toBe('#sessions');

  // The email's link opens the profile at the list, once the list has loaded.
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(sessions(page)).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeInViewport();
  await expect(page.locator('#sessions')).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  await expect(thisDevice(page)).toHaveCount(1);
  await expect(thisDevice(page)).toContainText('Signed up on');
  await expect(thisDevice(page)).toContainText('Active now');
  await expect(thisDevice(page).getByRole('button')).toHaveCount(0);
  await expect(otherSessions(page)).toContainText('Signed in with a password');

  await otherSessions(page).getByRole('button', { name: /^Sign out / }).click();
  await expectToast(page, 'Signed out of that session');
  await expect(sessions(page)).toHaveCount(1);
  await expect(thisDevice(page)).toHaveCount(1);
  await expect(sessionsSection(page).getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

  // The second browser's next page load finds it signed out, and sends it to sign in.
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/login(\?|$)/);
  // The first is still signed in.
  await page.reload();
  await expect(thisDevice(page)).toHaveCount(1);
});

test("'Sign out everywhere else' ends every other session and counts them, keeping this one", async ({ page, otherPage, playwright, baseURL }) => {
  const account = await signUpWithApi(page, { acceptTerms: true });
  await signInWithApi(otherPage.request, account);
  const third = await playwright.request.newContext({ baseURL });
  try {
    await signInWithApi(third, account);

    await page.goto('/profile');
    await expect(sessions(page)).toHaveCount(3);
    await expect(thisDevice(page)).toHaveCount(1);
    await sessionsSection(page).getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expectToast(page, 'Signed out of 2 other sessions');
    await expect(sessions(page)).toHaveCount(1);
    await expect(thisDevice(page)).toHaveCount(1);

    await expectSignedOut(otherPage.request);
    await expectSignedOut(third);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  } finally {
    await third.dispose();
  }
});

test('the sessions section has no axe violations in either theme, and is photographed at phone and desktop width', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await signUpWithApi(page, { acceptTerms: true });
  // Another session, from a phone.
  const other = await playwright.request.newContext({ baseURL, userAgent: IPHONE });
  try {
    await signInWithApi(other, account);
    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, appPage('profile'), theme);
      await expect(sessions(page)).toHaveCount(2);
      await expectNoA11yViolations(page, { label: `${theme} theme, where you are signed in`, include: '#sessions', soft: true });
      if (theme === 'light') {
        await expect(sessions(page).first()).toContainText('This device');
        await expect(sessions(page).nth(1)).toContainText('Safari 17 on iOS 17.1');
        await photographBothWidths(page, 'profile-sessions');
      }
    }
  } finally {
    await other.dispose();
  }
});
