import {
  acceptTerms,
  createAccount,
  expect,
  expectTheme,
  expectToast,
  openAccountMenu,
  registerWithApi,
  signIn,
  signUpWithApi,
  test,
  uniqueUsername,
} from './fixtures/index.js';

const CATEGORIES = [
  { name: 'Tutoring', slug: 'tutoring' },
  { name: 'Yard Work', slug: 'yard' },
  { name: 'Pet Care', slug: 'pet' },
  { name: 'Childcare', slug: 'childcare' },
  { name: 'Tech Help', slug: 'tech' },
  { name: 'Household Help', slug: 'household' },
  { name: 'Creative', slug: 'creative' },
  { name: 'Sports & Fitness', slug: 'sports-fitness' },
];

test('a newcomer signs up, accepts the terms, sets up a profile and signs out', async ({ page }) => {
  await test.step('the home page welcomes a visitor and lists every category', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Connect with helpers in your community', level: 1 })).toBeVisible();
    const categories = page.getByRole('region', { name: 'Browse by Category' });
    await expect(categories.getByRole('heading', { name: 'Browse by Category' })).toBeVisible();
    const tiles = categories.getByRole('list').getByRole('link');
    await expect(tiles).toHaveCount(CATEGORIES.length);
    for (const [index, category] of CATEGORIES.entries()) {
      await expect(tiles.nth(index)).toHaveAccessibleName(category.name);
      await expect(tiles.nth(index)).toHaveAttribute('href', `/services?category=${category.slug}`);
    }
  });

  const username = uniqueUsername('new');
  const account = await test.step('the visitor clicks "Sign up", lands on "Create account" and creates an account', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/login?mode=signup');
    await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true');
    return createAccount(page, { username });
  });

  await test.step('a new account must accept the terms first', async () => {
    await expect(page).toHaveURL('/accept-terms');
    await acceptTerms(page);
    await expect(page.getByRole('heading', { name: 'Connect with helpers in your community' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  });

  await test.step('the profile opens from the avatar menu', async () => {
    const menu = await openAccountMenu(page);
    await expect(menu).toContainText(username);
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile', level: 1 })).toBeVisible();
    await expect(page.getByText(account.email, { exact: true })).toBeVisible();
  });

  const details = page.getByRole('region', { name: 'Account details' });
  const newName = uniqueUsername('renamed');
  await test.step('the username can be changed', async () => {
    await expect(details.getByText(username, { exact: true })).toBeVisible();
    await details.getByRole('button', { name: 'Edit username' }).click();
    const field = details.getByRole('textbox', { name: 'Username' });
    await expect(field).toBeFocused();
    await field.fill(newName);
    await details.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Username updated successfully');
    await expect(details.getByRole('textbox', { name: 'Username' })).toHaveCount(0);
    await expect(details.getByText(newName, { exact: true })).toBeVisible();
    await expect(details.getByText(username, { exact: true })).toHaveCount(0);
  });

  await test.step('a username that breaks the rules is refused with the rule', async () => {
    await details.getByRole('button', { name: 'Edit username' }).click();
    const field = details.getByRole('textbox', { name: 'Username' });
    await field.fill('ab');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText('Username must be at least 3 characters long', { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill('not allowed!');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText('Username can only contain letters, numbers, and underscores', { exact: true })).toBeVisible();

    await details.getByRole('button', { name: 'Cancel' }).click();
    await expect(details.getByText(newName, { exact: true })).toBeVisible();
  });

  await test.step('email notifications can be switched off, and stay off', async () => {
    const notifications = page.getByRole('switch', { name: 'Email notifications for direct messages' });
    await expect(notifications).toBeChecked();
    await notifications.click();
    await expectToast(page, 'Email notifications updated');
    await expect(notifications).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Email notifications for direct messages' })).not.toBeChecked();
  });

  await test.step('dark mode is chosen from the theme menu and survives a reload', async () => {
    await page.getByRole('button', { name: /Change theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expectTheme(page, 'dark');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    await expectTheme(page, 'dark');
    await expect(page.getByRole('button', { name: 'Theme: Dark. Change theme' })).toBeVisible();
  });

  await test.step('signing out returns a signed-out visitor to the home page', async () => {
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open account menu' })).toHaveCount(0);
  });

  await test.step('the account signs back in straight to the home page, with its new name', async () => {
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL('/');
    const menu = await openAccountMenu(page);
    await expect(menu).toContainText(newName);
  });
});

test('signing in with a wrong password is refused with "Invalid email or password"; the right one leads an account that has not accepted the terms to /accept-terms, from every page', async ({
  page,
  request,
  consoleGuard,
}) => {
  const account = await registerWithApi(request);
  // The refused sign-in answers 401, which the browser reports in the console.
  consoleGuard.allowFailedRequest('POST', '/api/auth/login', 401);

  await page.goto('/api/login');
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(`${account.password}-wrong`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');

  // The right password still works afterwards; this account has not accepted the terms yet.
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL('/accept-terms');

  await page.goto('/');
  await expect(page).toHaveURL('/accept-terms');
  await expect(page.getByRole('heading', { name: 'Welcome to Our Community!', level: 1 })).toBeVisible();

  await page.goto('/profile');
  await expect(page).toHaveURL('/accept-terms');
  await expect(page.getByRole('button', { name: 'Accept Terms & Continue' })).toBeDisabled();
});

test('a signed-out visit to /profile ends on the sign-in page, which returns there afterwards', async ({ page, request }) => {
  const account = await registerWithApi(request, { acceptTerms: true });
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?returnTo=%2Fprofile');
  await expect(page.getByRole('heading', { name: 'Welcome', level: 1 })).toBeVisible();

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile', level: 1 })).toBeVisible();
});

// The avatar menu with and without 'Admin Dashboard' is in first-run-admin.spec.ts, whose organiser is a member first
// and the administrator after; the footer is checked in src/web/app/layout/footer.test.tsx.

test.describe('keyboard', () => {
  test('Tab reaches the skip link first, then the navigation links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Connect with helpers in your community' })).toBeVisible();

    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    const mainNav = page.getByRole('navigation', { name: 'Main' });
    const expectedOrder = [
      page.getByRole('banner').getByRole('link', { name: 'Community Services Marketplace' }),
      mainNav.getByRole('link', { name: 'Home' }),
      mainNav.getByRole('link', { name: 'Services' }),
      mainNav.getByRole('link', { name: 'About' }),
      page.getByRole('banner').getByRole('link', { name: 'Log in' }),
      page.getByRole('banner').getByRole('link', { name: 'Sign up' }),
    ];
    for (const link of expectedOrder) {
      await page.keyboard.press('Tab');
      await expect(link).toBeFocused();
    }

    // Back to the skip link: following it moves focus past the navigation.
    await page.keyboard.press('Shift+Tab');
    for (let i = 0; i < expectedOrder.length - 1; i++) await page.keyboard.press('Shift+Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('the avatar menu opens with Enter or Space and its items are reached with the arrow keys', async ({ page }) => {
    await signUpWithApi(page, { acceptTerms: true });
    await page.goto('/');
    const avatar = page.getByRole('button', { name: 'Open account menu' });
    await expect(avatar).toBeVisible();

    // Skip link, logo, Home, Services, Messages, About, Post a Service, then the avatar.
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    await expect(avatar).toBeFocused();

    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // The open menu is modal: the rest of the page, the avatar button included, is hidden from assistive technology.
    await expect(page.getByRole('button', { name: 'Open account menu' })).toHaveAttribute('aria-expanded', 'true');
    const profile = menu.getByRole('menuitem', { name: 'Profile' });
    const myServices = menu.getByRole('menuitem', { name: 'My Services' });
    const signOut = menu.getByRole('menuitem', { name: 'Sign out' });
    await expect(profile).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(myServices).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Saved searches' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(signOut).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Saved searches' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(avatar).toBeFocused();

    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await expect(profile).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile', level: 1 })).toBeVisible();
  });
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens and closes the mobile menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Connect with helpers in your community' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole('link')).toHaveText(['Home', 'Services', 'About', 'Log in', 'Sign up']);

    await close.click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(mobileNav).toBeHidden();

    // Following a link closes the menu on the new page.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await mobileNav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { name: 'Neighbours helping neighbours' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(mobileNav).toBeHidden();
  });

  test('signed in, the mobile menu adds Messages, Profile and My Services', async ({ page }) => {
    await signUpWithApi(page, { acceptTerms: true });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav.getByRole('link')).toHaveText([
      'Home',
      'Services',
      'Messages',
      'About',
      'Profile',
      'My Services',
      'Saved searches',
      'Post a Service',
      'Sign out',
    ]);
    await mobileNav.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile', level: 1 })).toBeVisible();
  });
});
