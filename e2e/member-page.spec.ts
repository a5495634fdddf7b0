import type { Page } from '@playwright/test';
import { MEMBER_PAGE_TEXTS } from '../src/shared/members.js';
import {
  chooseStars,
  completeWithApi,
  createListingWithApi,
  expect,
  expectNoA11yViolations,
  expectToast,
  messageAboutListingWithApi,
  replyWithApi,
  searchFor,
  showInTheme,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
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

test('a visitor reaches a member page from a card: who they are, the verified badge, their listings and reviews, rendered on the server (issue 18)', async ({
  page,
  otherPage,
  consoleGuard,
}) => {
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
  // A signed-out visitor gets neither Report nor Block.
  await expect(page.getByRole('button', { name: /^Report / })).toHaveCount(0);

  // The server sends the page whole, kept out of search engines, with its preview tags.
  const response = await page.request.get(`/members/${username}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`>${username}</h1>`);
  expect(html).toContain(walking.title);
  expect(html).toMatch(/<meta name="robots" content="noindex/);
  expect(html).toContain(`<meta property="og:title" content="${username} | `);

  // An unknown member is the not-found page, with its status.
  consoleGuard.allowFailedRequest('GET', '/members/nobody_here_at_all', 404);
  const missing = await page.goto('/members/nobody_here_at_all');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});

test('reviews both ways: after the job, the owner reviews the neighbour from the conversation, and it shows on their member page (issue 18)', async ({
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

test('the member page and the member review dialog have no axe violations in either theme', async ({ page, otherPage }) => {
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
    await expect(otherPage.getByRole('dialog', { name: `Review ${customerName}` })).toBeVisible();
    await expectNoA11yViolations(otherPage, { label: `${theme} theme, member review dialog`, soft: true });
  }
});
