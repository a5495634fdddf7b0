import { ACCOUNT_MESSAGES } from '../src/shared/account.js';
import {
  acceptTerms,
  countEmails,
  createAccount,
  createListingWithApi,
  expect,
  expectToast,
  linkIn,
  openAccountMenu,
  pngImage,
  readEmail,
  registerWithApi,
  signIn,
  signUpWithApi,
  test,
  uniqueEmail,
  type ConsoleGuard,
} from './fixtures/index.js';
import type { Page } from '@playwright/test';

// Account care (decision 014): the emails come from the real SMTP server e2e/start-server.mjs runs beside the app.

const RESET_SUBJECT = 'Reset your password';
const VERIFY_SUBJECT = 'Confirm your email address';

/** The sign-in form refuses these credentials with the same words whatever the reason. */
async function expectSignInRefused(page: Page, consoleGuard: ConsoleGuard, email: string, password: string): Promise<void> {
  consoleGuard.allowFailedRequest('POST', '/api/auth/login', 401);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');
}

test('a person who forgot the password follows the emailed link, chooses a new one and is signed in', async ({ page, request, consoleGuard }) => {
  const account = await registerWithApi(request, { acceptTerms: true });
  const newPassword = 'a-brand-new-passphrase';

  await test.step("'Forgot your password?' on the sign-in form asks for the email and answers the same for everyone", async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.forgotPasswordSent })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  const link = await test.step('the email holds a link to /reset-password', async () => {
    const email = await readEmail(account.email, { subject: RESET_SUBJECT });
    return linkIn(email, '/reset-password').path;
  });

  await test.step('the link opens a form for the new password, which lands signed in on the home page', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set a new password', level: 1 })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('The two passwords do not match', { exact: true })).toBeVisible();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL('/');
    await expectToast(page, 'Password reset', ACCOUNT_MESSAGES.passwordReset);
    await expect(page.getByRole('button', { name: 'Open account menu' })).toBeVisible();
  });

  await test.step('the link works once', async () => {
    consoleGuard.allowFailedRequest('POST', '/api/auth/reset-password', 400);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-passphrase');
    await page.getByLabel('Confirm new password').fill('yet-another-passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'This link no longer works', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.invalidLink);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });

  await test.step('signed out, the old password is refused and the new one works', async () => {
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expectSignInRefused(page, consoleGuard, account.email, account.password);
    await signIn(page, account.email, newPassword);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Open account menu' })).toBeVisible();
  });
});

test('a person verifies the email address with the link from the sign-up email', async ({ page, consoleGuard }) => {
  const account = await test.step('signs up and accepts the terms', async () => {
    const created = await createAccount(page, { email: uniqueEmail('verify') });
    await acceptTerms(page);
    return created;
  });
  const firstLink = linkIn(await readEmail(account.email, { subject: VERIFY_SUBJECT }), '/verify-email').path;

  await test.step("the profile says 'Email not verified', and 'Resend' sends a new link", async () => {
    await page.goto('/profile');
    const details = page.getByRole('region', { name: 'Account details' });
    await expect(details.getByText('Email not verified', { exact: true })).toBeVisible();
    await details.getByRole('button', { name: 'Resend verification email' }).click();
    await expectToast(page, 'Verification email sent', ACCOUNT_MESSAGES.verificationSent(account.email));
    await expect.poll(() => countEmails(account.email, VERIFY_SUBJECT), { timeout: 15_000 }).toBe(2);
  });

  await test.step('the first link was retired by the new one', async () => {
    consoleGuard.allowFailedRequest('POST', '/api/auth/verify-email', 400);
    await page.goto(firstLink);
    await expect(page.getByRole('heading', { name: 'This link no longer works', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.invalidLink);
  });

  await test.step("the newest link verifies the address, and 'Email not verified' is gone", async () => {
    const link = linkIn(await readEmail(account.email, { subject: VERIFY_SUBJECT }), '/verify-email').path;
    expect(link).not.toBe(firstLink);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email address verified', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.emailVerified })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(page).toHaveURL('/profile');
    const details = page.getByRole('region', { name: 'Account details' });
    await expect(details.getByText('Verified', { exact: true })).toBeVisible();
    await expect(details.getByText('Email not verified')).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
  });
});

test('a person uploads a profile picture, sees it in the navbar, then removes it', async ({ page }) => {
  await signUpWithApi(page, { acceptTerms: true });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile', level: 1 })).toBeVisible();
  const navbarAvatar = page.getByRole('button', { name: 'Open account menu' }).locator('img');
  await expect(navbarAvatar).toHaveCount(0);

  const picture = await test.step("'Upload photo' sends the picture, which the profile and the navbar show", async () => {
    await page.getByLabel('Upload photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngImage('#7c3aed', { width: 600, height: 400 }) });
    await expectToast(page, ACCOUNT_MESSAGES.avatarUpdated);
    const large = page.getByRole('img', { name: 'Your profile picture' });
    await expect(large).toHaveAttribute('src', /^\/api\/images\/[\w-]+$/);
    const src = (await large.getAttribute('src'))!;
    // The navbar shows the small variant, square, at its own size.
    await expect(navbarAvatar).toHaveAttribute('src', `${src}/card`);
    await expect(navbarAvatar).toHaveAttribute('width', '96');
    await expect.poll(() => navbarAvatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([96, 96]);
    await expect(page.getByLabel('Change photo')).toBeAttached();
    return src;
  });

  await test.step("'Remove photo' brings the first letter back everywhere, and the picture is gone for good", async () => {
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await expectToast(page, ACCOUNT_MESSAGES.avatarRemoved);
    await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveCount(0);
    await expect(navbarAvatar).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
    await expect(page.getByLabel('Upload photo')).toBeAttached();
    expect((await page.request.get(picture)).status()).toBe(404);
  });
});

test('a person deletes the account through the dialog and can no longer sign in', async ({ page, consoleGuard }) => {
  const account = await signUpWithApi(page, { acceptTerms: true });
  const listing = await createListingWithApi(page);
  // The wrong password below answers 400; the ended session may cut the live-events stream of the page being left.
  consoleGuard.allowFailedRequest('DELETE', '/api/auth/account', 400);
  consoleGuard.allowFailedRequest('GET', '/api/events', 401);
  await page.goto('/profile');

  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await test.step('the dialog says what is removed and what stays, and asks for the password', async () => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Removed for good')).toBeVisible();
    await expect(dialog.getByText(/shown as from .Deleted user./)).toBeVisible();
    await expect(dialog.getByText(account.email)).toBeVisible();
    const password = dialog.getByLabel('Enter your password to confirm');
    await expect(password).toBeFocused();

    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText(ACCOUNT_MESSAGES.passwordRequired, { exact: true })).toBeVisible();
    await password.fill(`${account.password}-wrong`);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText(ACCOUNT_MESSAGES.wrongPassword, { exact: true })).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Delete account' })).toBeFocused();
  });

  await test.step('with the password, the account is deleted and the person lands signed out on the home page', async () => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByLabel('Enter your password to confirm').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL('/');
    await expectToast(page, 'Account deleted', ACCOUNT_MESSAGES.accountDeleted);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect((await page.request.get(`/api/services/${listing.id}`)).status()).toBe(404);
  });

  await test.step("signing in again is refused with 'Invalid email or password'", async () => {
    await expectSignInRefused(page, consoleGuard, account.email, account.password);
  });
});

test('a person changes the password and the email address from the profile', async ({ page, consoleGuard }) => {
  const account = await signUpWithApi(page, { acceptTerms: true });
  const newPassword = 'another-long-passphrase';
  const newEmail = uniqueEmail('moved');
  await page.goto('/profile');

  await test.step('the current password is checked before the new one is saved', async () => {
    consoleGuard.allowFailedRequest('POST', '/api/auth/change-password', 400);
    const section = page.getByRole('region', { name: 'Password' });
    await section.getByRole('button', { name: 'Change password' }).click();
    const form = section.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Save new password' }).click();
    await expect(form.getByText(ACCOUNT_MESSAGES.wrongPassword, { exact: true })).toBeVisible();
    await form.getByLabel('Current password').fill(account.password);
    await form.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(page, 'Password changed');
    await expect(form).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Change password' })).toBeFocused();
  });

  await test.step('a new address waits for its link, which changes the email', async () => {
    const details = page.getByRole('region', { name: 'Account details' });
    await details.getByRole('button', { name: 'Change email' }).click();
    const form = details.getByRole('form', { name: 'Change email' });
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill(newPassword);
    await form.getByRole('button', { name: 'Send verification link' }).click();
    await expectToast(page, 'Check your new inbox', ACCOUNT_MESSAGES.emailChangeSent(newEmail));
    await expect(details.getByText(ACCOUNT_MESSAGES.emailChangeSent(newEmail))).toBeVisible();
    await expect(details.getByText(account.email, { exact: true })).toBeVisible();

    await page.goto(linkIn(await readEmail(newEmail, { subject: 'Confirm your new email address' }), '/verify-email').path);
    await expect(page.getByRole('heading', { name: 'Email address changed', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(details.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(details.getByText('Verified', { exact: true })).toBeVisible();
    await expect(details.getByText(ACCOUNT_MESSAGES.emailChangeSent(newEmail))).toHaveCount(0);
  });

  await test.step('the old address got a notice, and the new address and password sign in', async () => {
    await readEmail(account.email, { subject: 'Your email address is being changed' });
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Sign out' }).click();
    await signIn(page, newEmail, newPassword);
    await expect(page).toHaveURL('/');
  });
});
