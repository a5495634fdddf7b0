import {
  APP_PAGES,
  appPage,
  chooseStars,
  DESKTOP,
  PHONE,
  photograph,
  SCREENSHOT_DIR,
  completeWithApi,
  createListingWithApi,
  deleteListingWithApi,
  expect,
  expectPhotosLoaded,
  linkIn,
  messageAboutListingWithApi,
  openAppPage,
  pngDataUrl,
  pngImage,
  readEmail,
  registerWithApi,
  replyWithApi,
  setUpConversation,
  signInAsAdministrator,
  showInTheme,
  signUpWithApi,
  test,
  uniqueEmail,
  uniqueUsername,
  uniqueWord,
  updateListingWithApi,
  uploadAvatarWithApi,
  verifyEmailWithApi,
  type AppPage,
  type ThemeName,
} from './fixtures/index.js';

// Full-page pictures of every page for a person to look at; the test itself asserts what a machine can
// judge: the page loaded, and at phone width nothing scrolls sideways.

const SHOTS: { name: string; target: AppPage; theme: ThemeName }[] = [
  ...APP_PAGES.map((target) => ({ name: target.name, target, theme: 'light' as const })),
  { name: 'home-dark', target: appPage('home'), theme: 'dark' },
];

for (const shot of SHOTS) {
  test(`${shot.name} at 390 and 1280 px fits the width and is photographed`, async ({ page, consoleGuard }) => {
    // The not-found page answers with status 404 (decision 042), which Chromium logs.
    if (shot.target.name === 'not-found') consoleGuard.allowFailedRequest('GET', shot.target.path, 404);
    await page.setViewportSize(PHONE);
    await openAppPage(page, shot.target, shot.theme);
    await photograph(page, shot.name, PHONE);
    await photograph(page, shot.name, DESKTOP);
  });
}

// Account care (issue 8): the profile in its fullest state, its forms and the delete dialog, and the emailed-link pages once used.
test.describe('account care', () => {
  test.describe.configure({ mode: 'parallel' });

  test('the profile with a picture and a pending email change, its forms open, and the delete dialog, at 390 and 1280 px', async ({ page }) => {
    const account = await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('pictured') });
    await uploadAvatarWithApi(page, await pngImage('#0f766e', { width: 400, height: 400 }));
    const changed = await page.request.post('/api/auth/change-email', { data: { newEmail: uniqueEmail('moving'), currentPassword: account.password } });
    expect(changed.status(), await changed.text()).toBe(202);
    const profile = appPage('profile');

    await page.setViewportSize(PHONE);
    await showInTheme(page, profile, 'light');
    await expectPhotosLoaded(page);
    await photograph(page, 'profile-with-picture', PHONE);
    await photograph(page, 'profile-with-picture', DESKTOP);

    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Current password is required', { exact: true }).last()).toBeVisible();
    await photograph(page, 'profile-forms', PHONE);
    await photograph(page, 'profile-forms', DESKTOP);

    await showInTheme(page, profile, 'dark');
    await expectPhotosLoaded(page);
    await photograph(page, 'profile-with-picture-dark', DESKTOP);

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Password is required', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/delete-account-dialog-dark-1280.png`, animations: 'disabled' });
    await showInTheme(page, profile, 'light');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/delete-account-dialog-1280.png`, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/delete-account-dialog-390.png`, animations: 'disabled' });

    // The small picture beside the provider's name on a card.
    const word = uniqueWord();
    await createListingWithApi(page, { title: `Guitar lessons for beginners ${word}` });
    await showInTheme(page, { name: 'services', path: `/services?search=${word}`, heading: 'Browse Services', who: 'member' }, 'light');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expectPhotosLoaded(page);
    await photograph(page, 'card-with-avatar', PHONE);
  });

  test("'Check your email' after a reset request, and 'Email address verified', at 390 and 1280 px", async ({ page, request }) => {
    const account = await registerWithApi(request);
    await page.setViewportSize(PHONE);
    await showInTheme(page, appPage('forgot-password'), 'light');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email', level: 1 })).toBeVisible();
    await photograph(page, 'forgot-password-sent', PHONE);
    await photograph(page, 'forgot-password-sent', DESKTOP);

    await page.setViewportSize(PHONE);
    await page.goto(linkIn(await readEmail(account.email, { subject: 'Confirm your email address' }), '/verify-email').path);
    await expect(page.getByRole('heading', { name: 'Email address verified', level: 1 })).toBeVisible();
    await photograph(page, 'verify-email-done', PHONE);
    await photograph(page, 'verify-email-done', DESKTOP);
  });
});

// The listing pages, with listings of every kind this test makes itself (found again by a word only their titles contain).
test.describe('listing pages', () => {
  test.describe.configure({ mode: 'parallel' });

  test('browse, my-services and the edit form with listings of every kind, at 390 and 1280 px', async ({ page }) => {
    await signUpWithApi(page, { acceptTerms: true });
    const word = uniqueWord();
    const photos = [pngDataUrl(await pngImage('#1d4ed8')), pngDataUrl(await pngImage('#b45309'))];
    const offer = await createListingWithApi(page, {
      title: `Dog walking around the park and the neighbourhood ${word}`,
      description: 'Long, happy walks for dogs of every size, rain or shine. I have walked dogs for five years and know every path in town.',
      images: photos,
      availability: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    });
    await createListingWithApi(page, { listingType: 'request', category: 'household', serviceType: 'Moving Help', title: `Help moving a sofa ${word}` });
    await createListingWithApi(page, { category: 'creative', title: `Portraits ${word}`, pricesVary: true, rate: null, isVirtual: true, zipCode: null, city: null, state: null });
    const paused = await createListingWithApi(page, { category: 'tech', title: `Phone help ${word}`, rate: 15.5, rateType: 'fixed' });
    await updateListingWithApi(page, paused, { isActive: false });
    const deleted = await createListingWithApi(page, { category: 'yard', title: `Leaf raking ${word}`, images: [pngDataUrl(await pngImage('#15803d'))] });
    await deleteListingWithApi(page, deleted);

    await page.setViewportSize(PHONE);
    await showInTheme(page, { name: 'services', path: `/services?search=${word}`, heading: 'Browse Services', who: 'member' }, 'light');
    await expect(page.getByRole('article')).toHaveCount(3);
    await expectPhotosLoaded(page);
    await photograph(page, 'services', PHONE);
    await photograph(page, 'services', DESKTOP);

    await page.setViewportSize(PHONE);
    await showInTheme(page, { name: 'my-services', path: '/my-services', heading: 'My Services', who: 'member' }, 'light');
    await expect(page.getByRole('article')).toHaveCount(5);
    await expectPhotosLoaded(page);
    await photograph(page, 'my-services', PHONE);
    await photograph(page, 'my-services', DESKTOP);

    await page.setViewportSize(PHONE);
    await showInTheme(page, { name: 'edit-service', path: `/edit-service/${offer.id}`, heading: 'Edit Service', who: 'member' }, 'light');
    await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(2);
    await expectPhotosLoaded(page);
    await photograph(page, 'edit-service', PHONE);
    await photograph(page, 'edit-service', DESKTOP);
  });

  test("a listing's page with photos and related listings, its lightbox, and an owner's deleted listing, at 390 and 1280 px", async ({ page, request }) => {
    const word = uniqueWord();
    await registerWithApi(request, { acceptTerms: true });
    const photos = [pngDataUrl(await pngImage('#1d4ed8')), pngDataUrl(await pngImage('#b45309')), pngDataUrl(await pngImage('#15803d'))];
    const listing = await createListingWithApi(request, {
      title: `Dog walking around the park and the neighbourhood ${word}`,
      description: 'Long, happy walks for dogs of every size, rain or shine.\n\nI have walked dogs for five years and know every path in town. A photo after every walk.',
      images: photos,
      availability: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    });
    await createListingWithApi(request, { category: 'yard', title: `Leaf raking ${word}`, images: [pngDataUrl(await pngImage('#15803d'))] });
    await createListingWithApi(request, { listingType: 'request', category: 'household', serviceType: 'Moving Help', title: `Help moving a sofa ${word}` });
    await signUpWithApi(page, { acceptTerms: true });
    await createListingWithApi(page, { title: `Pet sitting ${word}`, pricesVary: true, rate: null, isVirtual: true, zipCode: null, city: null, state: null });
    const deleted = await createListingWithApi(page, { category: 'yard', title: `Hedge trimming ${word}`, images: [pngDataUrl(await pngImage('#b45309'))] });
    await deleteListingWithApi(page, deleted);

    await page.setViewportSize(PHONE);
    await showInTheme(page, { name: 'service', path: `/services/${listing.id}`, heading: listing.title, who: 'member' }, 'light');
    await expect(page.getByRole('heading', { name: 'Similar listings' })).toBeVisible();
    await expectPhotosLoaded(page);
    await photograph(page, 'service', PHONE);
    await photograph(page, 'service', DESKTOP);

    await page.getByRole('button', { name: `${listing.title}, photo 2 of 3` }).click();
    await expect(page.getByRole('dialog', { name: listing.title }).getByText('2 of 3', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/service-lightbox-1280.png`, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/service-lightbox-390.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');

    await showInTheme(page, { name: 'service-deleted', path: `/services/${deleted.id}`, heading: deleted.title, who: 'member' }, 'light');
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
    await expectPhotosLoaded(page);
    await photograph(page, 'service-deleted', PHONE);
    await photograph(page, 'service-deleted', DESKTOP);
  });

  test('the offer form showing its validation messages and the request form, at 390 and 1280 px', async ({ page }) => {
    await signUpWithApi(page, { acceptTerms: true });
    await page.setViewportSize(PHONE);
    await showInTheme(page, { name: 'create-service', path: '/create-service', heading: 'Offer Your Service', who: 'member' }, 'light');
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect(page.getByText('ZIP code, city, and state are required for non-virtual services')).toBeVisible();
    await photograph(page, 'create-service-errors', PHONE);
    await photograph(page, 'create-service-errors', DESKTOP);

    await page.setViewportSize(PHONE);
    await showInTheme(page, { name: 'request-service', path: '/request-service', heading: 'Post a Service Request', who: 'member' }, 'light');
    await expect(page.getByRole('combobox', { name: 'Category' })).toBeEnabled();
    await photograph(page, 'request-service', PHONE);
    await photograph(page, 'request-service', DESKTOP);
  });
});

test.describe('messaging', () => {
  test('an open conversation at 390 and 1280 px, the list at 390 px, and the message dialog at 1280 px', async ({ page, request }) => {
    const { service, ownerName, path, conversationId } = await setUpConversation(page, request);
    // The last reply shares a phone number, so its safety reminder (issue 18) is in the pictures.
    await replyWithApi(request, conversationId, 'Text me on 973-555-0142 if you are running late.');
    const chat = page.getByRole('region', { name: `Messages with ${ownerName}` }).getByRole('listitem');

    await page.setViewportSize(PHONE);
    await showInTheme(page, { name: 'messages', path: '/messages', heading: 'Messages', who: 'member' }, 'light');
    await expect(page.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: new RegExp(ownerName) })).toBeVisible();
    await photograph(page, 'messages-list', PHONE);

    await showInTheme(page, { name: 'messages-conversation', path, heading: 'Messages', who: 'member' }, 'light');
    await expect(chat).toHaveCount(5);
    await photograph(page, 'messages-conversation', PHONE);
    await photograph(page, 'messages-conversation', DESKTOP);

    await showInTheme(page, { name: 'messages-conversation', path, heading: 'Messages', who: 'member' }, 'dark');
    await expect(chat).toHaveCount(5);
    await photograph(page, 'messages-conversation-dark', DESKTOP);

    await showInTheme(page, { name: 'services', path: `/services?search=${encodeURIComponent(service.title)}`, heading: 'Browse Services', who: 'member' }, 'light');
    await page.getByRole('article', { name: service.title }).getByRole('button', { name: 'Message' }).click();
    await expect(page.getByRole('dialog', { name: 'Contact Provider' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/message-dialog-1280.png`, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/message-dialog-390.png`, animations: 'disabled' });
  });
});

test.describe('blocking', () => {
  test('the block dialog, a blocked conversation and the profile with a blocked member, at 390 and 1280 px', async ({ page, request }) => {
    const { ownerName, path } = await setUpConversation(page, request);
    await showInTheme(page, { name: 'messages-conversation', path, heading: 'Messages', who: 'member' }, 'light');
    await page.getByRole('button', { name: `More actions for the conversation with ${ownerName}` }).click();
    await page.getByRole('menuitem', { name: `Block ${ownerName}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Block ${ownerName}?` });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/block-dialog-1280.png`, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/block-dialog-390.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Block member' }).click();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'You blocked this member.' })).toBeVisible();
    await photograph(page, 'messages-blocked', PHONE);
    await photograph(page, 'messages-blocked', DESKTOP);

    await showInTheme(page, { name: 'profile', path: '/profile', heading: 'Your Profile', who: 'member' }, 'light');
    await expect(page.getByRole('region', { name: 'Blocked members' }).getByRole('listitem')).toHaveCount(1);
    await photograph(page, 'profile-blocked-members', PHONE);
    await photograph(page, 'profile-blocked-members', DESKTOP);
  });
});

test.describe('browse near a ZIP code', () => {
  test('the Near control with distances on the cards, at 390 and 1280 px in both themes', async ({ page, otherPage }) => {
    const word = uniqueWord();
    await signUpWithApi(otherPage, { acceptTerms: true });
    await createListingWithApi(otherPage, { title: `Piano lessons in Montclair ${word}`, zipCode: '07042', city: 'Montclair', state: 'NJ' });
    await createListingWithApi(otherPage, { title: `Dog walking in Newark ${word}`, zipCode: '07102', city: 'Newark', state: 'NJ' });
    await createListingWithApi(otherPage, { title: `Online maths help ${word}`, isVirtual: true, zipCode: null, city: null, state: null });
    for (const theme of ['light', 'dark'] as const) {
      await showInTheme(page, { name: 'services-near', path: `/services?search=${word}&near=07042&radius=25&sort=distance`, heading: 'Browse Services', who: 'visitor' }, theme);
      await expect(page.getByRole('article')).toHaveCount(3);
      await photograph(page, `services-near${theme === 'dark' ? '-dark' : ''}`, PHONE);
      await photograph(page, `services-near${theme === 'dark' ? '-dark' : ''}`, DESKTOP);
    }
  });

  // Issue 19 (decision 052): the profile's 'Home ZIP code', empty, refused and saved, and a listing page's distance.
  test("the profile's Home ZIP code section and a listing page's distance, at 390 and 1280 px in both themes", async ({ page, otherPage, consoleGuard }) => {
    // A ZIP no US place has is refused by the server (400), which Chromium logs.
    consoleGuard.allowFailedRequest('PATCH', '/api/auth/home-zip', 400);
    await signUpWithApi(otherPage, { acceptTerms: true });
    const newark = await createListingWithApi(otherPage, { title: `Dog walking in Newark ${uniqueWord()}`, zipCode: '07102', city: 'Newark', state: 'NJ' });
    await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('home') });
    const section = page.getByRole('region', { name: 'Home ZIP code' });
    const shoot = async (name: string) => {
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${viewport.width}.png`, animations: 'disabled' });
      }
    };
    for (const theme of ['light', 'dark'] as const) {
      const suffix = theme === 'dark' ? '-dark' : '';
      const cleared = await page.request.patch('/api/auth/home-zip', { data: { zipCode: null } });
      expect(cleared.status()).toBe(200);
      await page.setViewportSize(PHONE);
      await showInTheme(page, appPage('profile'), theme);
      await shoot(`profile-home-zip-empty${suffix}`);
      await section.getByLabel('Home ZIP code').fill('00000');
      await section.getByRole('button', { name: 'Save' }).click();
      await expect(section.getByText('Enter a valid US ZIP code')).toBeVisible();
      await shoot(`profile-home-zip-refused${suffix}`);
      await section.getByLabel('Home ZIP code').fill('07042');
      await section.getByRole('button', { name: 'Save' }).click();
      await expect(section.getByText('(Montclair, NJ)', { exact: false })).toBeVisible();
      await shoot(`profile-home-zip-saved${suffix}`);
      await photograph(page, `profile-home-zip${suffix}`, PHONE);
      await photograph(page, `profile-home-zip${suffix}`, DESKTOP);

      await showInTheme(page, { name: 'listing-near', path: `/services/${newark.id}`, heading: newark.title, who: 'member' }, theme);
      await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('≈ 6.0 mi away from ZIP 07042');
      await photograph(page, `listing-distance${suffix}`, PHONE);
      await photograph(page, `listing-distance${suffix}`, DESKTOP);
    }
  });
});

test.describe('member pages', () => {
  test("a member page with listings and reviews both ways, the owner's view of it, and the member review dialog, at 390 and 1280 px", async ({ page, otherPage }) => {
    const word = uniqueWord();
    const ownerName = uniqueUsername('walker');
    await signUpWithApi(otherPage, { acceptTerms: true, username: ownerName });
    await verifyEmailWithApi(otherPage);
    await uploadAvatarWithApi(otherPage, await pngImage('#7c3aed', { width: 400, height: 400 }));
    const walking = await createListingWithApi(otherPage, { title: `Dog walking around the park ${word}`, images: [pngDataUrl(await pngImage('#0e7490', { width: 640, height: 480 }))] });
    await createListingWithApi(otherPage, { title: `Cat sitting while you travel ${word}` });
    const customerName = uniqueUsername('amy');
    await signUpWithApi(page, { acceptTerms: true, username: customerName });
    await verifyEmailWithApi(page);
    const conversationId = await messageAboutListingWithApi(page, walking, 'Could you walk Biscuit on Friday morning?');
    await replyWithApi(otherPage, conversationId, 'Happy to, see you at 9.');
    await completeWithApi(page, walking.id, conversationId);
    const completion = (await (await page.request.get(`/api/services/${walking.id}/review-eligibility`)).json()) as { completionId: number };
    const reviewed = await page.request.post(`/api/services/${walking.id}/reviews`, {
      data: { rating: 5, reviewText: 'Biscuit came home happy and tired. Punctual and friendly.', serviceCompletionId: completion.completionId },
    });
    expect(reviewed.status()).toBe(201);

    const conversation = { name: 'messages-conversation', path: `/messages?conversation=${conversationId}`, heading: 'Messages', who: 'member' as const };
    await showInTheme(otherPage, conversation, 'light');
    await otherPage.getByRole('button', { name: `Review ${customerName}` }).click();
    const dialog = otherPage.getByRole('dialog', { name: `Review ${customerName}` });
    await chooseStars(dialog, 4);
    await dialog.getByRole('textbox', { name: 'Review (optional)' }).fill('Clear about what Biscuit needed, and the keys were where she said.');
    await otherPage.screenshot({ path: `${SCREENSHOT_DIR}/member-review-dialog-1280.png`, animations: 'disabled' });
    await otherPage.setViewportSize(PHONE);
    await otherPage.screenshot({ path: `${SCREENSHOT_DIR}/member-review-dialog-390.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(dialog).toHaveCount(0);

    for (const theme of ['light', 'dark'] as const) {
      const suffix = theme === 'dark' ? '-dark' : '';
      await showInTheme(page, { name: 'member', path: `/members/${ownerName}`, heading: ownerName, who: 'member' }, theme);
      await expect(page.getByRole('region', { name: 'Listings' }).getByRole('article')).toHaveCount(2);
      await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('listitem')).toHaveCount(1);
      await expectPhotosLoaded(page);
      await photograph(page, `member-page${suffix}`, PHONE);
      await photograph(page, `member-page${suffix}`, DESKTOP);
    }
    await showInTheme(page, { name: 'member', path: `/members/${customerName}`, heading: customerName, who: 'member' }, 'light');
    await page.getByRole('tab', { name: 'As a neighbour (1)' }).click();
    await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('listitem')).toHaveCount(1);
    await photograph(page, 'member-page-own-neighbour-reviews', PHONE);
    await photograph(page, 'member-page-own-neighbour-reviews', DESKTOP);
  });
});

test.describe('reporting people', () => {
  test('the message report dialog, the profile with a decided report, and the Reports tab with a message report open, at 390 and 1280 px', async ({ page, request, otherPage }) => {
    const { ownerName, path, conversationId } = await setUpConversation(page, request);
    await replyWithApi(request, conversationId, 'Pay the deposit up front by Zelle please.');
    await showInTheme(page, { name: 'messages-conversation', path, heading: 'Messages', who: 'member' }, 'light');
    const flagged = page.getByRole('region', { name: `Messages with ${ownerName}` }).getByRole('listitem').last();
    await flagged.getByRole('button', { name: 'Report message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report message' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-message-dialog-1280.png`, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-message-dialog-390.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(dialog).toHaveCount(0);

    await signInAsAdministrator(otherPage);
    await otherPage.goto('/admin?tab=reports');
    await otherPage.getByRole('combobox', { name: 'Kind' }).selectOption('Messages');
    await expect(otherPage.getByRole('listitem', { name: `Report about a message from ${ownerName}` }).first()).toBeVisible();
    await photograph(otherPage, 'admin-reports-messages', DESKTOP);
    await photograph(otherPage, 'admin-reports-messages', PHONE);
    await otherPage.getByRole('listitem', { name: `Report about a message from ${ownerName}` }).first().getByRole('button', { name: 'Mark Reviewed' }).click();
    await expect(otherPage.getByRole('listitem', { name: `Report about a message from ${ownerName}` }).first().getByRole('button', { name: 'Mark Reviewed' })).toHaveCount(0);

    await showInTheme(page, { name: 'profile', path: '/profile', heading: 'Your Profile', who: 'member' }, 'light');
    await expect(page.getByRole('region', { name: 'My reports' }).getByRole('listitem')).toContainText('Action taken');
    await photograph(page, 'profile-my-reports', PHONE);
    await photograph(page, 'profile-my-reports', DESKTOP);
  });
});

test.describe('sanctions and appeals', () => {
  test('the ban dialog with its reason, a suspended sign-in, the appeal page and the Appeals tab, at 390 and 1280 px', async ({ page, otherPage, playwright, baseURL, consoleGuard }) => {
    const client = await playwright.request.newContext({ baseURL });
    const name = uniqueUsername('banned');
    const account = await registerWithApi(client, { acceptTerms: true, username: name });
    await client.dispose();
    await signInAsAdministrator(otherPage);
    await otherPage.setViewportSize(DESKTOP);
    await otherPage.goto('/admin');
    await otherPage.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: `Ban ${name}` }).click();
    const dialog = otherPage.getByRole('alertdialog', { name: `Ban ${name}?` });
    await dialog.getByRole('textbox', { name: 'Reason (shown to the member)' }).fill('Asked neighbours to pay in advance and never came.');
    await otherPage.screenshot({ path: `${SCREENSHOT_DIR}/ban-dialog-1280.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Ban' }).click();
    await expect(dialog).toHaveCount(0);

    consoleGuard.allowFailedRequest('POST', '/api/auth/login', 403);
    await page.goto('/api/login');
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Appeal this decision' })).toBeVisible();
    await photograph(page, 'login-suspended', PHONE);
    await photograph(page, 'login-suspended', DESKTOP);
    await page.getByRole('link', { name: 'Appeal this decision' }).click();
    await page.getByRole('textbox', { name: 'Your appeal' }).fill('I refunded everyone yesterday and can show the receipts.');
    await photograph(page, 'appeal', PHONE);
    await photograph(page, 'appeal', DESKTOP);
    await page.getByRole('button', { name: 'Send appeal' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your appeal has been sent.' })).toBeVisible();

    await otherPage.goto('/admin?tab=appeals');
    await expect(otherPage.getByRole('listitem', { name: `Appeal by ${name}` })).toBeVisible();
    await photograph(otherPage, 'admin-appeals', DESKTOP);
    await photograph(otherPage, 'admin-appeals', PHONE);
  });
});

test.describe('reviews and reports', () => {
  test('the review form and the reviews list in a conversation, and the Report dialog, at 390 and 1280 px', async ({ page, request }) => {
    const { service, conversationId, path } = await setUpConversation(page, request);
    await completeWithApi(page, service.id, conversationId);
    const chat: AppPage = { name: 'messages-conversation', path, heading: 'Messages', who: 'member' };
    const strip = page.getByRole('region', { name: 'Service' });
    const form = page.getByRole('form', { name: 'Leave a review' });

    await page.setViewportSize(PHONE);
    await showInTheme(page, chat, 'light');
    // Until the member confirms their address, the form's place says so, with 'Resend' (decision 022).
    await expect(strip.getByText('Email not verified', { exact: true })).toBeVisible();
    await photograph(page, 'review-verify-notice', PHONE);
    await photograph(page, 'review-verify-notice', DESKTOP);
    await verifyEmailWithApi(page);
    await page.setViewportSize(PHONE);
    await showInTheme(page, chat, 'light');
    await form.locator('label').filter({ has: page.getByRole('radio', { name: '4 stars' }) }).click();
    await form.getByRole('textbox', { name: 'Review (optional)' }).fill('Patient and kind with our beagle.');
    await photograph(page, 'review-form', PHONE);
    await photograph(page, 'review-form', DESKTOP);

    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(strip.getByRole('list', { name: '1 review' })).toBeVisible();
    await photograph(page, 'reviews-list', DESKTOP);
    await photograph(page, 'reviews-list', PHONE);

    await showInTheme(page, { name: 'services', path: `/services?search=${encodeURIComponent(service.title)}`, heading: 'Browse Services', who: 'member' }, 'light');
    await expect(page.getByRole('article', { name: service.title }).getByText('4.0', { exact: true })).toBeVisible();
    await photograph(page, 'card-rating', PHONE);
    await page.getByRole('article', { name: service.title }).getByRole('button', { name: `More options for ${service.title}` }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report Service' });
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-dialog-390.png`, animations: 'disabled' });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-dialog-1280.png`, animations: 'disabled' });
  });
});

test.describe('admin dashboard', () => {
  test('each tab of /admin at 390 and 1280 px', async ({ page, request, otherPage }) => {
    // Six tabs, twelve photographs: 15 s on a quiet machine, over the default 60 s on a loaded CI machine (stop 24).
    test.setTimeout(150_000);
    const { service } = await setUpConversation(otherPage, request);
    expect((await otherPage.request.post(`/api/services/${service.id}/report`, { data: { reason: 'misleading', description: 'The price is not the real one.' } })).status()).toBe(201);
    await signInAsAdministrator(page);
    for (const tab of ['users', 'services', 'reports', 'conversations', 'appeals', 'audit']) {
      await page.setViewportSize(DESKTOP);
      await showInTheme(page, { name: 'admin', path: tab === 'users' ? '/admin' : `/admin?tab=${tab}`, heading: 'Admin Dashboard', who: 'member' }, 'light');
      await expect(page.getByRole('region', { name: 'Backups' }).getByText(/^(No backup yet|Last backup: .+)$/)).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
      await photograph(page, `admin-${tab}`, DESKTOP);
      await photograph(page, `admin-${tab}`, PHONE);
    }
  });

  // Decision 029: the Overview's charts in both themes, the first chart's numbers open in the dark one.
  test('the Overview tab at 390 and 1280 px in the light and dark themes', async ({ page, request, otherPage }) => {
    const { service, conversationId } = await setUpConversation(otherPage, request);
    await completeWithApi(otherPage, service.id, conversationId);
    await signInAsAdministrator(page);
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize(DESKTOP);
      await showInTheme(page, { name: 'admin', path: '/admin?tab=overview', heading: 'Admin Dashboard', who: 'member' }, theme);
      await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
      await expect(page.getByRole('figure')).toHaveCount(4);
      const name = theme === 'light' ? 'admin-overview' : 'admin-overview-dark';
      if (theme === 'dark') {
        await page.getByText('Show the numbers').first().click();
        // Opening it scrolled the page; from the top, the sticky navigation bar stays at the top of the picture.
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await photograph(page, name, DESKTOP);
      await photograph(page, name, PHONE);
    }
  });
});
