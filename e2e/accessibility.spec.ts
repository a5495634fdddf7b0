import {
  APP_PAGES,
  appPage,
  completeWithApi,
  createListingWithApi,
  deleteListingWithApi,
  DESKTOP,
  expect,
  expectNoA11yViolations,
  expectPhotosLoaded,
  linkIn,
  listingCard,
  openAccountMenu,
  openAppPage,
  openOwnerMenu,
  PHONE,
  photograph,
  photographBothWidths,
  photographWindow,
  pngDataUrl,
  pngImage,
  readEmail,
  registerWithApi,
  reloadInTheme,
  replyWithApi,
  setUpConversation,
  signInAsAdministrator,
  showInTheme,
  signUpWithApi,
  test,
  uniqueEmail,
  uniqueWord,
  updateListingWithApi,
  uploadAvatarWithApi,
  verifyEmailWithApi,
  type AppPage,
} from './fixtures/index.js';

const WHO: Record<(typeof APP_PAGES)[number]['who'], string> = {
  visitor: 'signed out',
  newcomer: 'for a new account',
  member: 'signed in',
};

// One test per page scans it in both themes, so each page costs one sign-up and the two scans are reported together.
// The pages these tests reach are also photographed for a person to look at (test-results/screenshots), at phone and
// desktop width, after the one thing a machine judges of a picture: nothing scrolls sideways (fixtures/screenshots.ts).
for (const target of APP_PAGES) {
  test(`${target.path} ${WHO[target.who]} has no axe violations in the light and dark themes, and fits 390 and 1280 px`, async ({ page, consoleGuard }) => {
    // The not-found page answers with status 404 (decision 042), which Chromium logs.
    if (target.name === 'not-found') consoleGuard.allowFailedRequest('GET', target.path, 404);
    await openAppPage(page, target, 'light');
    await expectNoA11yViolations(page, { label: 'light theme', soft: true });
    await photographBothWidths(page, target.name);
    await reloadInTheme(page, target, 'dark');
    await expectNoA11yViolations(page, { label: 'dark theme', soft: true });
    if (target.name === 'home') await photographBothWidths(page, 'home-dark');
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
    // The account details' own Save: the Home ZIP code section below has one too.
    const details = page.getByRole('region', { name: 'Account details' });
    await details.getByRole('button', { name: 'Edit username' }).click();
    await details.getByRole('textbox', { name: 'Username' }).fill('ab');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Username must be at least 3 characters long')).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, username error`, soft: true });

    // The whole page with the menu open: nothing focusable may be hidden from assistive technology behind it.
    await openAccountMenu(page);
    await expectNoA11yViolations(page, { label: `${theme} theme, avatar menu`, soft: true });
    await page.keyboard.press('Escape');
  }
});

// Account care (decision 014): the profile's forms with their errors, the delete dialog, and the emailed-link pages once used.
test.describe('account care', () => {
  test.describe.configure({ mode: 'parallel' });

  test('the profile with a picture, a pending email change, its two forms showing errors and the delete dialog have no axe violations, and fit 390 and 1280 px', async ({ page }) => {
    const account = await signUpWithApi(page, { acceptTerms: true });
    await uploadAvatarWithApi(page, await pngImage('#0f766e', { width: 400, height: 400 }));
    const changed = await page.request.post('/api/auth/change-email', { data: { newEmail: uniqueEmail('moving'), currentPassword: account.password } });
    expect(changed.status(), await changed.text()).toBe(202);
    const profile = appPage('profile');
    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, profile, theme);
      await expect(page.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
      await expect(page.getByText('Email not verified', { exact: true })).toBeVisible();
      await expectPhotosLoaded(page);
      if (theme === 'light') await photographBothWidths(page, 'profile-with-picture');
      else await photograph(page, 'profile-with-picture-dark', DESKTOP);
      await page.getByRole('button', { name: 'Change email' }).click();
      await page.getByRole('button', { name: 'Send verification link' }).click();
      await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(page.getByText('Current password is required', { exact: true }).last()).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, forms with errors`, soft: true });
      if (theme === 'light') await photographBothWidths(page, 'profile-forms');

      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      if (theme === 'light') {
        // The light picture as the dialog opens; the dark one below shows its error.
        await expect(dialog).toBeVisible();
        await photographWindow(page, 'delete-account-dialog');
      }
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expect(dialog.getByText('Password is required', { exact: true })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, delete dialog`, soft: true });
      if (theme === 'dark') await photographWindow(page, 'delete-account-dialog-dark', [DESKTOP]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    // The small picture beside the provider's name on a card.
    const word = uniqueWord();
    await createListingWithApi(page, { title: `Guitar lessons for beginners ${word}` });
    await showInTheme(page, { name: 'services', path: `/services?search=${word}`, heading: 'Browse Services', who: 'member' }, 'light');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expectPhotosLoaded(page);
    await photograph(page, 'card-with-avatar', PHONE);
  });

  test("'Check your email' after a reset request and 'Email address verified' have no axe violations, and fit 390 and 1280 px", async ({ page, request }) => {
    for (const theme of ['light', 'dark'] as const) {
      const account = await registerWithApi(request);
      await showInTheme(page, appPage('forgot-password'), theme);
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('heading', { name: 'Check your email', level: 1 })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, reset link sent`, soft: true });
      if (theme === 'light') await photographBothWidths(page, 'forgot-password-sent');

      const link = linkIn(await readEmail(account.email, { subject: 'Confirm your email address' }), '/verify-email').path;
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Email address verified', level: 1 })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, email verified`, soft: true });
      if (theme === 'light') await photographBothWidths(page, 'verify-email-done');
    }
  });
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

// The listing pages need listings: each test signs up, makes its own through the API (titles share a
// word no other test uses, so /services?search= shows only these), then scans in both themes.
test.describe('listing pages', () => {
  test.describe.configure({ mode: 'parallel' });

  test('/services with an offer with photos, a request and a virtual prices-vary offer, and the edit form, have no axe violations, and fit 390 and 1280 px', async ({ page }) => {
    await signUpWithApi(page, { acceptTerms: true });
    const word = uniqueWord();
    const photos = [pngDataUrl(await pngImage('#1d4ed8')), pngDataUrl(await pngImage('#b45309'))];
    const offer = await createListingWithApi(page, { title: `Dog walking ${word}`, images: photos });
    await createListingWithApi(page, { listingType: 'request', category: 'household', title: `Help moving a sofa ${word}` });
    await createListingWithApi(page, { category: 'creative', title: `Portraits ${word}`, pricesVary: true, rate: null, isVirtual: true, zipCode: null, city: null, state: null });
    const browse: AppPage = { name: 'browse', path: `/services?search=${word}`, heading: 'Browse Services', who: 'member' };
    const edit: AppPage = { name: 'edit-service', path: `/edit-service/${offer.id}`, heading: 'Edit Service', who: 'member' };

    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, browse, theme);
      await expect(page.getByRole('article')).toHaveCount(3);
      await expectNoA11yViolations(page, { label: `${theme} theme`, soft: true });
      if (theme === 'light') {
        await expectPhotosLoaded(page);
        await photographBothWidths(page, 'services');
      }

      await showInTheme(page, edit, theme);
      await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(offer.title);
      await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(2);
      await expectNoA11yViolations(page, { label: `${theme} theme`, soft: true });
      if (theme === 'light') {
        await expectPhotosLoaded(page);
        await photographBothWidths(page, 'edit-service');
      }
    }
  });

  test('/my-services with an active, a paused and a deleted listing, and the open delete dialog, have no axe violations, and fit 390 and 1280 px', async ({ page }) => {
    await signUpWithApi(page, { acceptTerms: true });
    const word = uniqueWord();
    const active = await createListingWithApi(page, { title: `Dog walking ${word}`, images: [pngDataUrl(await pngImage('#1d4ed8'))] });
    const paused = await createListingWithApi(page, { listingType: 'request', category: 'household', title: `Help moving a sofa ${word}` });
    await updateListingWithApi(page, paused, { isActive: false });
    const deleted = await createListingWithApi(page, { category: 'tech', title: `Phone help ${word}`, images: [pngDataUrl(await pngImage('#15803d'))] });
    await deleteListingWithApi(page, deleted);
    const myServices: AppPage = { name: 'my-services', path: '/my-services', heading: 'My Services', who: 'member' };

    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, myServices, theme);
      await expect(listingCard(page, paused.title).getByText('Paused', { exact: true })).toBeVisible();
      await expect(listingCard(page, deleted.title).getByText('Deleted', { exact: true })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme`, soft: true });
      if (theme === 'light') {
        await expect(page.getByRole('article')).toHaveCount(3);
        await expectPhotosLoaded(page);
        await photographBothWidths(page, 'my-services');
      }

      await (await openOwnerMenu(page, active.title)).getByRole('menuitem', { name: 'Delete' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, delete dialog`, soft: true });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toBeHidden();
    }
  });

  test("a listing's page with photos, reviews and related listings, its open lightbox, and its owner's paused listing, have no axe violations, and fit 390 and 1280 px", async ({
    page,
    request,
  }) => {
    // Six scans of a long page, each a few seconds on a shared machine, and the pictures.
    test.slow();
    const word = uniqueWord();
    await registerWithApi(request, { acceptTerms: true });
    const photos = [pngDataUrl(await pngImage('#1d4ed8')), pngDataUrl(await pngImage('#b45309'))];
    const listing = await createListingWithApi(request, { title: `Dog walking ${word}`, images: photos });
    await createListingWithApi(request, { category: 'yard', title: `Leaf raking ${word}` });
    await signUpWithApi(page, { acceptTerms: true });
    const paused = await createListingWithApi(page, { listingType: 'request', category: 'pet', title: `Cat sitting wanted ${word}` });
    await updateListingWithApi(page, paused, { isActive: false });
    // Another member's listing in the same category, so the page always has its 'Similar listings'.
    await createListingWithApi(page, { title: `Pet sitting ${word}`, pricesVary: true, rate: null, isVirtual: true, zipCode: null, city: null, state: null });
    const listingPage: AppPage = { name: 'service', path: `/services/${listing.id}`, heading: listing.title, who: 'member' };
    const pausedPage: AppPage = { name: 'service-paused', path: `/services/${paused.id}`, heading: paused.title, who: 'member' };

    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, listingPage, theme);
      await expect(listingCard(page, `Leaf raking ${word}`)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Similar listings' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme`, soft: true });
      if (theme === 'light') {
        await expectPhotosLoaded(page);
        await photographBothWidths(page, 'service');
      }

      await page.getByRole('button', { name: `${listing.title}, photo 2 of 2` }).click();
      await expect(page.getByRole('dialog', { name: listing.title }).getByText('2 of 2', { exact: true })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, lightbox`, soft: true });
      if (theme === 'light') await photographWindow(page, 'service-lightbox');
      await page.keyboard.press('Escape');

      await showInTheme(page, pausedPage, theme);
      await expect(page.getByText('Paused', { exact: true })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, own paused listing`, soft: true });
    }

    // The owner's deleted listing, only photographed.
    const deleted = await createListingWithApi(page, { category: 'yard', title: `Hedge trimming ${word}`, images: [pngDataUrl(await pngImage('#b45309'))] });
    await deleteListingWithApi(page, deleted);
    await showInTheme(page, { name: 'service-deleted', path: `/services/${deleted.id}`, heading: deleted.title, who: 'member' }, 'light');
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
    await expectPhotosLoaded(page);
    await photographBothWidths(page, 'service-deleted');
  });

  test('/create-service showing its validation messages and /request-service have no axe violations, and fit 390 and 1280 px', async ({ page }) => {
    await signUpWithApi(page, { acceptTerms: true });
    const create: AppPage = { name: 'create-service', path: '/create-service', heading: 'Offer Your Service', who: 'member' };
    const request: AppPage = { name: 'request-service', path: '/request-service', heading: 'Post a Service Request', who: 'member' };

    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, create, theme);
      await page.getByRole('button', { name: 'Create Service' }).click();
      await expect(page.getByText('ZIP code, city, and state are required for non-virtual services')).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, validation messages`, soft: true });
      if (theme === 'light') await photographBothWidths(page, 'create-service-errors');

      await showInTheme(page, request, theme);
      await expect(page.getByRole('combobox', { name: 'Category' })).toBeEnabled();
      await expectNoA11yViolations(page, { label: `${theme} theme`, soft: true });
      if (theme === 'light') await photographBothWidths(page, 'request-service');
    }
  });
});

// Messaging: an open conversation (both people's messages and the listing strip) and the card's message dialog.
test.describe('messaging', () => {
  test.describe.configure({ mode: 'parallel' });

  test('/messages with a conversation open, and the message dialog on a card, have no axe violations, and fit 390 and 1280 px', async ({ page, request }) => {
    const { service, ownerName, path, conversationId } = await setUpConversation(page, request);
    // A reply with a phone number: its safety reminder (decision 044) is checked in both themes too.
    await replyWithApi(request, conversationId, 'Text me on 973-555-0142 if you are running late.');
    const messages: AppPage = { name: 'messages-conversation', path, heading: 'Messages', who: 'member' };
    const browse: AppPage = { name: 'browse', path: `/services?search=${encodeURIComponent(service.title)}`, heading: 'Browse Services', who: 'member' };

    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, messages, theme);
      await expect(page.getByRole('region', { name: `Messages with ${ownerName}` }).getByRole('listitem')).toHaveCount(5);
      await expect(page.getByRole('note')).toHaveCount(1);
      await expectNoA11yViolations(page, { label: `${theme} theme, open conversation`, soft: true });
      if (theme === 'light') await photographBothWidths(page, 'messages-conversation');
      else await photograph(page, 'messages-conversation-dark', DESKTOP);

      await showInTheme(page, browse, theme);
      await listingCard(page, service.title).getByRole('button', { name: 'Message' }).click();
      await expect(page.getByRole('dialog', { name: 'Contact Provider' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, message dialog`, soft: true });
      if (theme === 'light') await photographWindow(page, 'message-dialog');
      await page.keyboard.press('Escape');
    }
  });

  test.describe('on a 390 px wide phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the conversation list and the open chat have no axe violations, and the list fits', async ({ page, request }) => {
      const { ownerName, path } = await setUpConversation(page, request);
      const list: AppPage = { name: 'messages', path: '/messages', heading: 'Messages', who: 'member' };
      const chat: AppPage = { name: 'messages-conversation', path, heading: 'Messages', who: 'member' };
      // The list first in both themes, while the owner's two replies are still unread: the menu button carries a dot
      // and the menu's Messages link the count. Opening the chat reads them.
      for (const theme of ['light', 'dark'] as const) {
        await showInTheme(page, list, theme);
        await expect(page.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: new RegExp(ownerName) })).toBeVisible();
        await expectNoA11yViolations(page, { label: `${theme} theme, conversation list`, soft: true });
        if (theme === 'light') await photograph(page, 'messages-list', PHONE);

        await page.getByRole('button', { name: 'Open menu, 2 unread messages' }).click();
        await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Messages 2 unread' })).toBeVisible();
        await expectNoA11yViolations(page, { label: `${theme} theme, mobile menu with the unread count`, soft: true });
      }
      for (const theme of ['light', 'dark'] as const) {
        await showInTheme(page, chat, theme);
        await expect(page.getByRole('link', { name: 'Back to conversations' })).toBeVisible();
        await expect(page.getByRole('region', { name: `Messages with ${ownerName}` }).getByRole('listitem')).toHaveCount(4);
        await expectNoA11yViolations(page, { label: `${theme} theme, open chat`, soft: true });
      }
    });
  });
});

// Completion, reviews and reports: the review form and the reviews in the chat's strip, and the Report dialog.
test.describe('reviews and reports', () => {
  test('the review form, the reviews list and the Report dialog have no axe violations, and fit 390 and 1280 px', async ({ page, request }) => {
    // Two people, a conversation, a completed job and a review, then axe in both themes and the pictures: given three
    // times the usual time.
    test.slow();
    const { service, conversationId, path } = await setUpConversation(page, request);
    await completeWithApi(page, service.id, conversationId);
    const chat: AppPage = { name: 'messages-conversation', path, heading: 'Messages', who: 'member' };
    const browse: AppPage = { name: 'browse', path: `/services?search=${encodeURIComponent(service.title)}`, heading: 'Browse Services', who: 'member' };
    const strip = page.getByRole('region', { name: 'Service' });

    // The review form is in the dialog 'Leave a review' opens (decision 071).
    const openReview = async () => {
      await strip.getByRole('button', { name: 'Leave a review' }).click();
      return page.getByRole('dialog', { name: `Review “${service.title}”` });
    };
    // Until the member confirms their address, the form's place says so, with 'Resend' (decision 022).
    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, chat, theme);
      const dialog = await openReview();
      await expect(dialog.getByText('Email not verified', { exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, review form's verified-email notice`, soft: true });
      if (theme === 'light') await photographWindow(page, 'review-verify-notice');
    }
    await verifyEmailWithApi(page);

    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, chat, theme);
      await expect(strip.getByRole('button', { name: 'Completed' })).toBeDisabled();
      await openReview();
      await expect(page.getByRole('form', { name: 'Leave a review' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, review form`, soft: true });
      if (theme === 'light') {
        // Filled in for the picture only: the page is left without sending it.
        const unsent = page.getByRole('form', { name: 'Leave a review' });
        await unsent.locator('label').filter({ has: page.getByRole('radio', { name: '4 stars' }) }).click();
        await unsent.getByRole('textbox', { name: 'Review (optional)' }).fill('Patient and kind with our beagle.');
        await photographWindow(page, 'review-form');
      }

      await showInTheme(page, browse, theme);
      await listingCard(page, service.title).getByRole('button', { name: `More options for ${service.title}` }).click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report Service' });
      await dialog.getByRole('button', { name: 'Submit Report' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please select a reason for reporting this service.');
      await expectNoA11yViolations(page, { label: `${theme} theme, Report dialog with its error`, soft: true });
      if (theme === 'light') await photographWindow(page, 'report-dialog');
      await page.keyboard.press('Escape');
    }

    await showInTheme(page, chat, 'light');
    await openReview();
    const form = page.getByRole('form', { name: 'Leave a review' });
    await form.locator('label').filter({ has: page.getByRole('radio', { name: '5 stars' }) }).click();
    await form.getByRole('textbox', { name: 'Review (optional)' }).fill('On time every morning, and my dog adores her.');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(strip.getByRole('list', { name: '1 review' })).toBeVisible();
    await photographBothWidths(page, 'reviews-list');
    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, chat, theme);
      await strip.getByText('Reviews (1)').click();
      await expect(strip.getByRole('list', { name: '1 review' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `${theme} theme, reviews list`, soft: true });
    }

    // The rating on the listing's card.
    await showInTheme(page, browse, 'light');
    await expect(listingCard(page, service.title).getByText('5.0', { exact: true })).toBeVisible();
    await photograph(page, 'card-rating', PHONE);
  });
});

// The administrator's dashboard: every tab with something in it, one test per theme, and the access-denied page.
test.describe('admin dashboard', () => {
  const tabs = [
    { name: 'users', path: '/admin', heading: 'User Management' },
    { name: 'services', path: '/admin?tab=services', heading: 'Service Management' },
    { name: 'reports', path: '/admin?tab=reports', heading: 'Service Reports' },
    { name: 'conversations', path: '/admin?tab=conversations', heading: 'All Conversations' },
    { name: 'appeals', path: '/admin?tab=appeals', heading: 'Appeals' },
    { name: 'audit', path: '/admin?tab=audit', heading: 'Audit Log' },
  ];
  for (const theme of ['light', 'dark'] as const) {
    const fits = theme === 'light' ? ', and fit 390 and 1280 px' : '';
    test(`every tab of /admin, and a conversation's messages, have no axe violations in the ${theme} theme${fits}`, async ({ page, request, otherPage }) => {
      // A conversation and a report set up, then six axe scans (and in the light theme twelve pictures): given three
      // times the usual time.
      test.slow();
      const { service, conversationId } = await setUpConversation(otherPage, request);
      const report = await otherPage.request.post(`/api/services/${service.id}/report`, { data: { reason: 'spam' } });
      expect(report.status()).toBe(201);
      await signInAsAdministrator(page);
      for (const tab of tabs) {
        await showInTheme(page, { name: 'admin', path: tab.path, heading: 'Admin Dashboard', who: 'member' }, theme);
        await expect(page.getByRole('heading', { name: tab.heading, level: 2 })).toBeVisible();
        // The Backups panel above the tabs, loaded, is part of every scan.
        await expect(page.getByRole('region', { name: 'Backups' }).getByText(/^(No backup yet|Last backup: .+)$/)).toBeVisible();
        await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
        await expectNoA11yViolations(page, { label: tab.heading, soft: true });
        if (theme === 'light') await photographBothWidths(page, `admin-${tab.name}`);
      }
      await showInTheme(page, { name: 'admin', path: '/admin?tab=conversations', heading: 'Admin Dashboard', who: 'member' }, theme);
      await page.getByRole('button', { name: new RegExp(`and ${service.user.username}`) }).first().click();
      await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();
      await expectNoA11yViolations(page, { label: `a conversation's messages (${conversationId})`, soft: true });
    });
  }

  // The Overview tab (decision 029): its charts, and their number tables opened.
  for (const theme of ['light', 'dark'] as const) {
    test(`the Overview tab, its number tables open, has no axe violations in the ${theme} theme, and fits 390 and 1280 px`, async ({ page, request, otherPage }) => {
      const { service } = await setUpConversation(otherPage, request);
      expect((await otherPage.request.post(`/api/services/${service.id}/report`, { data: { reason: 'spam' } })).status()).toBe(201);
      await signInAsAdministrator(page);
      await showInTheme(page, { name: 'admin', path: '/admin?tab=overview', heading: 'Admin Dashboard', who: 'member' }, theme);
      await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
      await expect(page.getByRole('figure')).toHaveCount(4);
      await expectNoA11yViolations(page, { label: `Overview, ${theme} theme`, soft: true });
      if (theme === 'light') await photographBothWidths(page, 'admin-overview');
      for (const [index, numbers] of (await page.getByText('Show the numbers').all()).entries()) {
        await numbers.click();
        if (theme === 'dark' && index === 0) {
          // The dark picture with the first chart's numbers open. Opening them scrolled the page; from the top, the
          // sticky navigation bar stays at the top of the picture.
          await page.evaluate(() => window.scrollTo(0, 0));
          await photographBothWidths(page, 'admin-overview-dark');
        }
      }
      await expect(page.getByRole('table')).toHaveCount(4);
      await expectNoA11yViolations(page, { label: `Overview with its tables, ${theme} theme`, soft: true });
    });
  }

  test('the access-denied page has no axe violations', async ({ page }) => {
    await signUpWithApi(page, { acceptTerms: true });
    await showInTheme(page, { name: 'admin-denied', path: '/admin', heading: 'Access denied. This page is restricted to administrators only.', who: 'member' }, 'light');
    await expectNoA11yViolations(page, { label: 'access denied' });
  });
});
