import type { Page } from '@playwright/test';
import { MEMBER_PAGE_TEXTS } from '../src/shared/members.js';
import {
  chooseStars,
  completeWithApi,
  createListingWithApi,
  expect,
  expectNoA11yViolations,
  expectPhotosLoaded,
  expectToast,
  messageAboutListingWithApi,
  photographBothWidths,
  photographWindow,
  pngDataUrl,
  pngImage,
  replyWithApi,
  searchFor,
  showInTheme,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
  updateListingWithApi,
  uploadAvatarWithApi,
  verifyEmailWithApi,
} from './fixtures/index.js';

test.describe.configure({ mode: 'parallel' });

const memberHeading = (page: Page, username: string) => page.getByRole('heading', { level: 1, name: username, exact: true });
const reviewsRegion = (page: Page) => page.getByRole('region', { name: 'Reviews' });

/** A member with a confirmed address and two listings, signed in on `page`. */
async function memberWithListings(page: Page) {
  const word = uniqueWord();
  const username = uniqueUsername('walker');
  await signUpWithApi(page, { acceptTerms: true, username });
  await verifyEmailWithApi(page);
  const walking = await createListingWithApi(page, { title: `Dog walking ${word}` });
  const sitting = await createListingWithApi(page, { title: `Cat sitting ${word}` });
  return { word, username, walking, sitting };
}

test('a visitor reaches a member page from a card: who they are, the verified badge, their listings and reviews', async ({ page, otherPage }) => {
  const { word, username, walking, sitting } = await memberWithListings(otherPage);

  await page.goto('/services');
  await searchFor(page, word);
  const card = page.getByRole('article', { name: walking.title });
  await expect(card.getByText(MEMBER_PAGE_TEXTS.emailVerified)).toBeAttached();
  await card.getByRole('link', { name: username, exact: true }).click();

  await expect(page).toHaveURL(`/members/${username}`);
  await expect(memberHeading(page, username)).toBeVisible();
  await expect(page.getByText(MEMBER_PAGE_TEXTS.emailVerified, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Member since /)).toBeVisible();
  await expect(page.getByText(MEMBER_PAGE_TEXTS.responseTooFew)).toBeVisible();
  const listings = page.getByRole('region', { name: 'Listings' });
  await expect(listings.getByRole('article')).toHaveCount(2);
  await expect(listings.getByRole('article', { name: sitting.title })).toBeVisible();
  await expect(reviewsRegion(page).getByRole('tab', { name: 'Of their listings (0)' })).toHaveAttribute('aria-selected', 'true');
  await expect(reviewsRegion(page)).toContainText(MEMBER_PAGE_TEXTS.reviewsOfListingsEmpty(username));
  // A signed-out visitor gets neither Report nor Block. The HTML the server sends for this page (kept out of search
  // engines, with its preview tags) and the not-found page of an unknown member are checked on the server
  // (src/server/modules/pages/pages.test.ts).
  await expect(page.getByRole('button', { name: /^Report / })).toHaveCount(0);
});

test('reviews both ways: after the job, the owner reviews the neighbour from the conversation, and it shows on their member page', async ({
  page,
  otherPage,
}) => {
  const { username: ownerName, walking } = await memberWithListings(otherPage);
  const customerName = uniqueUsername('amy');
  await signUpWithApi(page, { acceptTerms: true, username: customerName });
  const conversationId = await messageAboutListingWithApi(page, walking, 'Could you walk Biscuit on Friday morning?');
  await replyWithApi(otherPage, conversationId, 'Happy to, see you at 9.');

  // Before the job is complete the owner is offered nothing.
  await otherPage.goto(`/messages?conversation=${conversationId}`);
  const strip = otherPage.getByRole('region', { name: 'Service' });
  await expect(strip.getByRole('button', { name: 'Mark as Complete' })).toBeVisible();
  await expect(strip.getByRole('button', { name: `Review ${customerName}` })).toHaveCount(0);

  await completeWithApi(page, walking.id, conversationId);
  await otherPage.reload();
  await strip.getByRole('button', { name: `Review ${customerName}` }).click();
  const dialog = otherPage.getByRole('dialog', { name: `Review ${customerName}` });
  await expect(dialog).toBeVisible();
  await chooseStars(dialog, 5);
  await dialog.getByRole('textbox', { name: 'Review (optional)' }).fill('Biscuit was ready on time and the keys were where Amy said.');
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expectToast(otherPage, 'Review Submitted', 'Thank you for your feedback!');
  await expect(dialog).toHaveCount(0);
  await expect(strip.getByRole('button', { name: `Review ${customerName}` })).toHaveCount(0);

  // The chat's header leads to the neighbour's page, where the review shows under 'As a neighbour'.
  await otherPage.getByRole('main').getByRole('link', { name: customerName, exact: true }).click();
  await expect(memberHeading(otherPage, customerName)).toBeVisible();
  const neighbourTab = reviewsRegion(otherPage).getByRole('tab', { name: 'As a neighbour (1)' });
  await neighbourTab.click();
  const review = reviewsRegion(otherPage).getByRole('listitem');
  await expect(review).toHaveCount(1);
  await expect(review).toContainText('Biscuit was ready on time');
  await expect(review.getByRole('link', { name: ownerName, exact: true })).toBeVisible();
  await expect(review.getByRole('link', { name: walking.title })).toBeVisible();
  await expect(otherPage.getByText('Rated 5.0 out of 5 from 1 review')).toBeAttached();
});

test("a member blocks a neighbour from their page: the neighbour's listings leave it, and Unblock brings them back", async ({ page, otherPage }) => {
  const { username, walking } = await memberWithListings(otherPage);
  await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('reader') });
  await page.goto(`/members/${username}`);
  const listings = page.getByRole('region', { name: 'Listings' });
  await expect(listings.getByRole('article')).toHaveCount(2);

  await page.getByRole('button', { name: `Block ${username}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Block ${username}?` });
  await dialog.getByRole('button', { name: 'Block member' }).click();
  await expectToast(page, `${username} is blocked`);
  await expect(listings).toContainText(MEMBER_PAGE_TEXTS.listingsHiddenWhileBlocked(username));
  await expect(listings.getByRole('article')).toHaveCount(0);
  // The page itself stays: a block hides listings, not the person.
  await page.reload();
  await expect(listings).toContainText(MEMBER_PAGE_TEXTS.listingsHiddenWhileBlocked(username));

  await page.getByRole('button', { name: `Unblock ${username}` }).click();
  await expectToast(page, `${username} is unblocked`);
  await expect(listings.getByRole('article', { name: walking.title })).toBeVisible();
});

test('the member page and the member review dialog have no axe violations in either theme; the page with reviews both ways fits 390 and 1280 px', async ({
  page,
  otherPage,
}) => {
  // Two people, a completed job and four axe scans, then the reviews both ways and the pictures.
  test.slow();
  const { username, walking } = await memberWithListings(otherPage);
  const customerName = uniqueUsername('amy');
  await signUpWithApi(page, { acceptTerms: true, username: customerName });
  const conversationId = await messageAboutListingWithApi(page, walking, 'Could you walk Biscuit on Friday morning?');
  await replyWithApi(otherPage, conversationId, 'Happy to, see you at 9.');
  await completeWithApi(page, walking.id, conversationId);
  const memberPage = { name: 'member', path: `/members/${username}`, heading: username, who: 'member' as const };
  const conversation = { name: 'messages-conversation', path: `/messages?conversation=${conversationId}`, heading: 'Messages', who: 'member' as const };
  for (const theme of ['light', 'dark'] as const) {
    await showInTheme(page, memberPage, theme);
    await expect(page.getByRole('region', { name: 'Listings' }).getByRole('article')).toHaveCount(2);
    await expectNoA11yViolations(page, { label: `${theme} theme, member page`, soft: true });
    await showInTheme(otherPage, conversation, theme);
    await otherPage.getByRole('button', { name: `Review ${customerName}` }).click();
    const dialog = otherPage.getByRole('dialog', { name: `Review ${customerName}` });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(otherPage, { label: `${theme} theme, member review dialog`, soft: true });
    if (theme === 'light') {
      // Filled in for the picture only: the next look at the conversation starts afresh.
      await chooseStars(dialog, 4);
      await dialog.getByRole('textbox', { name: 'Review (optional)' }).fill('Clear about what Biscuit needed, and the keys were where she said.');
      await photographWindow(otherPage, 'member-review-dialog');
    }
  }

  // The pictures: the owner's page with a picture, a listing's photo and a review of it; the customer's own page with
  // the owner's review of them.
  await verifyEmailWithApi(page);
  const completion = (await (await page.request.get(`/api/services/${walking.id}/review-eligibility`)).json()) as { completionId: number };
  const reviewed = await page.request.post(`/api/services/${walking.id}/reviews`, {
    data: { rating: 5, reviewText: 'Biscuit came home happy and tired. Punctual and friendly.', serviceCompletionId: completion.completionId },
  });
  expect(reviewed.status()).toBe(201);
  await uploadAvatarWithApi(otherPage, await pngImage('#7c3aed', { width: 400, height: 400 }));
  await updateListingWithApi(otherPage, walking, { images: [pngDataUrl(await pngImage('#0e7490', { width: 640, height: 480 }))] });
  for (const theme of ['light', 'dark'] as const) {
    await showInTheme(page, memberPage, theme);
    await expect(page.getByRole('region', { name: 'Listings' }).getByRole('article')).toHaveCount(2);
    await expect(reviewsRegion(page).getByRole('listitem')).toHaveCount(1);
    await expectPhotosLoaded(page);
    await photographBothWidths(page, theme === 'dark' ? 'member-page-dark' : 'member-page');
  }

  await showInTheme(otherPage, conversation, 'light');
  await otherPage.getByRole('button', { name: `Review ${customerName}` }).click();
  const review = otherPage.getByRole('dialog', { name: `Review ${customerName}` });
  await chooseStars(review, 4);
  await review.getByRole('textbox', { name: 'Review (optional)' }).fill('Clear about what Biscuit needed, and the keys were where she said.');
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(review).toHaveCount(0);
  await showInTheme(page, { name: 'member', path: `/members/${customerName}`, heading: customerName, who: 'member' }, 'light');
  await page.getByRole('tab', { name: 'As a neighbour (1)' }).click();
  await expect(reviewsRegion(page).getByRole('listitem')).toHaveCount(1);
  await photographBothWidths(page, 'member-page-own-neighbour-reviews');
});
