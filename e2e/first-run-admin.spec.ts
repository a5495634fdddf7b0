import { acceptTerms, createAccount, expect, linkIn, openAccountMenu, readEmail, test } from './fixtures/index.js';

/**
 * The README's "First run: becoming the administrator" (decision 016), as an organiser lives it: the role comes
 * with the address in ADMIN_EMAILS only once the emailed link proves the address is theirs. The address is the
 * second of ADMIN_EMAILS in e2e/start-server.mjs, used by this test alone. On the way, the organiser is a visitor, then
 * a member like any other, then the administrator: what each of them finds in the avatar menu and on /admin.
 */
const ORGANISER = 'organiser@example.test';
const ACCESS_DENIED = 'Access denied. This page is restricted to administrators only.';

test('the first-run administrator steps: sign up with the ADMIN_EMAILS address, open the verification email, then the Admin Dashboard', async ({ page }) => {
  await test.step('a visitor sees only the access-denied text on /admin', async () => {
    await page.goto('/admin');
    await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
  });

  await test.step("the organiser signs up with the address and accepts the terms: a member's menu, no Admin menu yet", async () => {
    await createAccount(page, { email: ORGANISER });
    await acceptTerms(page);
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'My Services', 'Saved searches', 'Sign out']);
    await expect(page.getByText('Admin Dashboard')).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step('/admin shows only the access-denied text, and the server refuses the administrator API', async () => {
    await page.goto('/admin');
    await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveCount(0);
    const refused = await page.request.get('/api/admin/users');
    expect(refused.status()).toBe(403);
  });

  await test.step('the link of the verification email proves the address', async () => {
    const link = linkIn(await readEmail(ORGANISER, { subject: 'Confirm your email address' }), '/verify-email').path;
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email address verified', level: 1 })).toBeVisible();
  });

  await test.step('the account menu now leads to the Admin Dashboard', async () => {
    await page.goto('/');
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'My Services', 'Saved searches', 'Admin Dashboard', 'Sign out']);
    await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    await menu.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText(ACCESS_DENIED)).toHaveCount(0);
  });
});
