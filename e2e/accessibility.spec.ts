import {
  APP_PAGES,
  appPage,
  expect,
  expectNoA11yViolations,
  openAccountMenu,
  openAppPage,
  reloadInTheme,
  signUpWithApi,
  test,
} from './fixtures.js';

const WHO: Record<(typeof APP_PAGES)[number]['who'], string> = {
  visitor: 'signed out',
  newcomer: 'for a new account',
  member: 'signed in',
};

// One test per page scans it in both themes, so each page costs one sign-up and the two scans are reported together.
for (const target of APP_PAGES) {
  test(`${target.path} ${WHO[target.who]} has no axe violations in the light and dark themes`, async ({ page }) => {
    await openAppPage(page, target, 'light');
    await expectNoA11yViolations(page, { label: 'light theme', soft: true });
    await reloadInTheme(page, target, 'dark');
    await expectNoA11yViolations(page, { label: 'dark theme', soft: true });
  });
}

// Parts of pages that only appear after an interaction.
test('the create-account form showing its validation messages has no axe violations', async ({ page }) => {
  const login = appPage('login');
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'light') await openAppPage(page, login, theme);
    else await reloadInTheme(page, login, theme);
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme`, soft: true });
  }
});

test('a username error on the profile and the open avatar menu have no axe violations', async ({ page }) => {
  const profile = appPage('profile');
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'light') await openAppPage(page, profile, theme);
    else await reloadInTheme(page, profile, theme);
    await page.getByRole('button', { name: 'Edit username' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill('ab');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Username must be at least 3 characters long')).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, username error`, soft: true });

    // The whole page with the menu open: nothing focusable may be hidden from assistive technology behind it.
    await openAccountMenu(page);
    await expectNoA11yViolations(page, { label: `${theme} theme, avatar menu`, soft: true });
    await page.keyboard.press('Escape');
  }
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open mobile menu has no axe violations', async ({ page }) => {
    await signUpWithApi(page, { acceptTerms: true });
    const about = appPage('about');
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'light') await openAppPage(page, about, theme);
      else await reloadInTheme(page, about, theme);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme`, soft: true });
    }
  });
});
