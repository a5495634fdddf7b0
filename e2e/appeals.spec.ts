import type { APIRequestContext, Page } from '@playwright/test';
import {
  DESKTOP,
  expect,
  expectNoA11yViolations,
  expectToast,
  photographBothWidths,
  photographWindow,
  registerWithApi,
  showInTheme,
  signInAsAdministrator,
  test,
  uniqueUsername,
  type Account,
} from './fixtures/index.js';

test.describe.configure({ mode: 'parallel' });

const REASON = 'Asked three neighbours to pay in advance and never came.';

/** Signs in on the real form with the right password, expecting the refusal of a suspended account. */
async function signInSuspended(page: Page, account: Account): Promise<void> {
  await page.goto('/api/login');
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your account has been suspended' })).toBeVisible();
}

/** The administrator bans a new member through the dashboard, giving a reason; `photograph` takes the filled-in dialog's picture. */
async function banFromDashboard(admin: Page, name: string, photograph: boolean): Promise<void> {
  await admin.goto('/admin');
  const row = admin.getByRole('listitem').filter({ hasText: name });
  await row.getByRole('button', { name: `Ban ${name}` }).click();
  const dialog = admin.getByRole('alertdialog', { name: `Ban ${name}?` });
  await dialog.getByRole('textbox', { name: 'Reason (shown to the member)' }).fill(REASON);
  if (photograph) await photographWindow(admin, 'ban-dialog', [DESKTOP]);
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expectToast(admin, 'User banned successfully');
}

/** A new member (signed in nowhere), banned with a reason by the administrator signed in on `admin`. */
async function bannedMember(admin: Page, newClient: () => Promise<APIRequestContext>, options: { photograph?: boolean } = {}): Promise<{ account: Account; name: string }> {
  const client = await newClient();
  const name = uniqueUsername('banned');
  const account = await registerWithApi(client, { acceptTerms: true, username: name });
  await client.dispose();
  await signInAsAdministrator(admin);
  await banFromDashboard(admin, name, options.photograph ?? false);
  return { account, name };
}

test('a banned member reads the reason at sign-in and appeals; the administrator lifts the ban, and the member signs in again; each page fits 390 and 1280 px', async ({
  page,
  otherPage,
  playwright,
  baseURL,
  consoleGuard,
}) => {
  const { account, name } = await bannedMember(otherPage, () => playwright.request.newContext({ baseURL }), { photograph: true });

  consoleGuard.allowFailedRequest('POST', '/api/auth/login', 403);
  await signInSuspended(page, account);
  await expect(page.getByText(`Reason: ${REASON}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Appeal this decision' })).toBeVisible();
  await photographBothWidths(page, 'login-suspended');
  // A wrong password learns nothing of it.
  await page.getByLabel('Password', { exact: true }).fill('a wrong password here');
  consoleGuard.allowFailedRequest('POST', '/api/auth/login', 401);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page.getByText(`Reason: ${REASON}`)).toHaveCount(0);

  await signInSuspended(page, account);
  await page.getByRole('link', { name: 'Appeal this decision' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appeal your suspension' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your appeal' }).fill('I refunded all three of them yesterday; I can show the receipts.');
  await photographBothWidths(page, 'appeal');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your appeal has been sent. We will email you our decision.' })).toBeVisible();

  await otherPage.goto('/admin?tab=appeals');
  const appeal = otherPage.getByRole('listitem', { name: `Appeal by ${name}` });
  await expect(appeal).toContainText(`Reason: ${REASON}`);
  await expect(appeal).toContainText('I refunded all three of them yesterday');
  await photographBothWidths(otherPage, 'admin-appeals');
  await appeal.getByRole('button', { name: 'Lift the suspension' }).click();
  const dialog = otherPage.getByRole('alertdialog', { name: `Lift the suspension of ${name}?` });
  await dialog.getByRole('textbox', { name: 'Note to the member (optional)' }).fill('Thank you for making it right.');
  await dialog.getByRole('button', { name: 'Lift the suspension' }).click();
  await expectToast(otherPage, 'Decision sent');
  await otherPage.getByRole('combobox', { name: 'Status' }).selectOption('Lifted');
  await expect(otherPage.getByRole('listitem', { name: `Appeal by ${name}` })).toContainText('Thank you for making it right.');

  await page.goto('/api/login');
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
});

test('the appeal page, the sign-in refusal with its reason, and the Appeals tab have no axe violations in either theme', async ({ page, otherPage, playwright, baseURL, consoleGuard }) => {
  const { account, name } = await bannedMember(otherPage, () => playwright.request.newContext({ baseURL }));
  consoleGuard.allowFailedRequest('POST', '/api/auth/login', 403);
  for (const theme of ['light', 'dark'] as const) {
    await showInTheme(page, { name: 'login', path: '/login', heading: 'Welcome', who: 'visitor' }, theme);
    await signInSuspended(page, account);
    await expectNoA11yViolations(page, { label: `${theme} theme, a suspended account's sign-in`, soft: true });
    const link = await page.getByRole('link', { name: 'Appeal this decision' }).getAttribute('href');
    await showInTheme(page, { name: 'appeal', path: new URL(link!).pathname + new URL(link!).search, heading: 'Appeal your suspension', who: 'visitor' }, theme);
    await expectNoA11yViolations(page, { label: `${theme} theme, the appeal page`, soft: true });
  }
  await page.getByRole('textbox', { name: 'Your appeal' }).fill('Please look again.');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your appeal has been sent.' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await showInTheme(otherPage, { name: 'admin', path: '/admin?tab=appeals', heading: 'Admin Dashboard', who: 'member' }, theme);
    await expect(otherPage.getByRole('listitem', { name: `Appeal by ${name}` })).toBeVisible();
    await expectNoA11yViolations(otherPage, { label: `${theme} theme, the Appeals tab`, soft: true });
  }
});
