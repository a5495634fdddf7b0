import type { Page } from '@playwright/test';
import { REVIEW_ERRORS, REVIEW_VERIFY_TEXTS } from '../src/shared/reviews.js';
import {
  countEmails,
  createListingWithApi,
  expect,
  expectToast,
  linkIn,
  listingCard,
  messageAboutListingWithApi,
  readEmail,
  replyWithApi,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
  verifyEmailWithApi,
} from './fixtures/index.js';

/** 'Mark as Complete' in the conversation's strip, then the same in 'Mark this job as complete?' (decision 068). */
async function markComplete(page: Page) {
  await serviceStrip(page).getByRole('button', { name: 'Mark as Complete' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Mark this job as complete?' });
  await ask.getByRole('button', { name: 'Mark as Complete' }).click();
}

test.describe.configure({ mode: 'parallel' });

/** The strip above the composer of a conversation about a listing. */
const serviceStrip = (page: Page) => page.getByRole('region', { name: 'Service' });
const reviewForm = (page: Page) => page.getByRole('form', { name: 'Leave a review' });
/** The prompt to review the listing, which opens the review dialog both sides review in (decision 071). */
const reviewPrompt = (page: Page) => serviceStrip(page).getByRole('button', { name: 'Leave a review' });

test('after a conversation about her listing, a neighbour marks the job complete, reviews it, and the card shows the rating; the owner cannot review', async ({
  page,
  otherPage,
}) => {
  const word = uniqueWord();
  const title = `Piano lessons for beginners ${word}`;
  const customer = { page, username: uniqueUsername('amy') };
  const owner = { page: otherPage, username: uniqueUsername('bea') };
  await signUpWithApi(owner.page, { acceptTerms: true, username: owner.username });
  const listing = await createListingWithApi(owner.page, { title, category: 'tutoring' });
  await signUpWithApi(customer.page, { acceptTerms: true, username: customer.username });
  // Reviews need a confirmed address, and a job the owner answered (decision 022).
  await verifyEmailWithApi(customer.page);
  const conversationId = await messageAboutListingWithApi(customer.page, listing, `Hi ${owner.username}, could my son start on Saturday?`);
  await replyWithApi(owner.page, conversationId, 'Yes, Saturday at 10 works. See you then!');

  await test.step('the conversation shows the listing with Mark as Complete, and no review form before the job is done', async () => {
    await customer.page.goto(`/messages?conversation=${conversationId}`);
    const strip = serviceStrip(customer.page);
    await expect(strip.getByRole('link', { name: title })).toBeVisible();
    await expect(strip.getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
    await expect(reviewForm(customer.page)).toHaveCount(0);
  });

  await test.step("marking it complete turns the button into a disabled 'Completed' and offers the review form", async () => {
    const strip = serviceStrip(customer.page);
    await markComplete(customer.page);
    await expectToast(customer.page, 'Service Completed');
    await expect(strip.getByRole('button', { name: 'Completed' })).toBeDisabled();
    await expect(strip.getByRole('button', { name: 'Mark as Complete' })).toHaveCount(0);
    await reviewPrompt(customer.page).click();
    await expect(customer.page.getByRole('dialog', { name: `Review “${title}”` })).toBeVisible();
    await expect(reviewForm(customer.page)).toBeVisible();
  });

  await test.step("submitting without stars says 'Rating Required'", async () => {
    await reviewForm(customer.page).getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(customer.page, 'Rating Required');
    await expect(customer.page.getByText('Please select a star rating').first()).toBeVisible();
  });

  const text = 'Patient and encouraging; my son loved it.';
  await test.step('four stars and a few words, with the live counter, submit the review', async () => {
    const form = reviewForm(customer.page);
    // The fourth star, as a person clicks it (the radio inside is for keyboards and screen readers).
    await form.locator('label').filter({ has: customer.page.getByRole('radio', { name: '4 stars' }) }).click();
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    const box = form.getByRole('textbox', { name: 'Review (optional)' });
    await expect(form.getByText('0/1000')).toBeVisible();
    await box.fill(text);
    await expect(form.getByText(`${text.length}/1000`)).toBeVisible();
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(customer.page, 'Review Submitted');
    await expect(reviewForm(customer.page)).toHaveCount(0);
    await expect(reviewPrompt(customer.page)).toHaveCount(0);
    const reviews = serviceStrip(customer.page).getByRole('list', { name: '1 review' });
    await expect(reviews.getByRole('listitem')).toHaveCount(1);
    await expect(reviews.getByText(text)).toBeVisible();
    await expect(reviews.getByText(customer.username)).toBeVisible();
  });

  await test.step("after a reload the button still says 'Completed' and there is nothing more to review", async () => {
    await customer.page.reload();
    await expect(serviceStrip(customer.page).getByRole('button', { name: 'Completed' })).toBeDisabled();
    await expect(serviceStrip(customer.page).getByText('Reviews (1)')).toBeVisible();
    await expect(reviewPrompt(customer.page)).toHaveCount(0);
  });

  await test.step('the card on /services shows 4.0 and (1)', async () => {
    await customer.page.goto(`/services?search=${word}`);
    const card = listingCard(customer.page, title);
    await expect(card.getByText('Rated 4.0 out of 5 from 1 review')).toBeAttached();
    await expect(card.getByText('4.0', { exact: true })).toBeVisible();
    await expect(card.getByText('(1)', { exact: true })).toBeVisible();
  });

  await test.step('the owner sees the job completed but no review form for their own listing', async () => {
    await owner.page.goto(`/messages?conversation=${conversationId}`);
    const strip = serviceStrip(owner.page);
    await expect(strip.getByRole('button', { name: 'Completed' })).toBeDisabled();
    await expect(strip.getByText('Reviews (1)')).toBeVisible();
    // Eligibility has answered (the reviews summary shows), and it says no.
    await expect(reviewPrompt(owner.page)).toHaveCount(0);
    await strip.getByText('Reviews (1)').click();
    await expect(strip.getByText(text)).toBeVisible();
  });
});

test("a job is complete only once the owner has answered; a neighbour with an unconfirmed address is asked to confirm it before reviewing", async ({
  page,
  otherPage,
  consoleGuard,
}) => {
  const title = `Lawn mowing ${uniqueWord()}`;
  await signUpWithApi(otherPage, { acceptTerms: true, username: uniqueUsername('owner') });
  const listing = await createListingWithApi(otherPage, { title, category: 'yard' });
  const neighbour = await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('neighbour') });
  const conversationId = await messageAboutListingWithApi(page, listing, 'Could you mow my lawn on Friday?');
  // Completing before the owner has written is refused on purpose.
  consoleGuard.allowFailedRequest('POST', `/api/services/${listing.id}/complete`, 409);

  await test.step("before the owner has answered, 'Mark as Complete' says why the job cannot be completed yet", async () => {
    await page.goto(`/messages?conversation=${conversationId}`);
    await markComplete(page);
    await expectToast(page, 'Error', REVIEW_ERRORS.ownerHasNotReplied);
    await expect(serviceStrip(page).getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
  });

  await test.step('once the owner has answered, the owner may mark the job complete too', async () => {
    await replyWithApi(otherPage, conversationId, 'Friday at 9 it is.');
    await otherPage.goto(`/messages?conversation=${conversationId}`);
    await markComplete(otherPage);
    await expectToast(otherPage, 'Service Completed');
    await expect(otherPage.getByText('Your neighbour can now leave a review.').first()).toBeVisible();
    await expect(serviceStrip(otherPage).getByRole('button', { name: 'Completed' })).toBeDisabled();
    await expect(reviewPrompt(otherPage)).toHaveCount(0);
  });

  await test.step("the neighbour, whose address is not confirmed, gets 'Email not verified' with 'Resend' instead of a form", async () => {
    await page.goto(`/messages?conversation=${conversationId}`);
    await expect(serviceStrip(page).getByRole('button', { name: 'Completed' })).toBeDisabled();
    await reviewPrompt(page).click();
    const dialog = page.getByRole('dialog', { name: `Review “${title}”` });
    await expect(dialog.getByText('Email not verified', { exact: true })).toBeVisible();
    await expect(dialog.getByText(REVIEW_VERIFY_TEXTS.hint)).toBeVisible();
    await expect(reviewForm(page)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Resend verification email' }).click();
    await expectToast(page, 'Verification email sent');
  });

  await test.step('opening the new link in another tab and coming back shows the review form', async () => {
    await expect.poll(() => countEmails(neighbour.email, 'Confirm your email address'), { timeout: 15_000 }).toBe(2);
    const link = linkIn(await readEmail(neighbour.email, { subject: 'Confirm your email address' }), '/verify-email').path;
    const tab = await page.context().newPage();
    await tab.goto(link);
    await expect(tab.getByRole('heading', { name: 'Email address verified', level: 1 })).toBeVisible();
    await tab.close();
    // Coming back to the tab (what the browser tells the page when it is shown again).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(reviewForm(page)).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Email not verified', { exact: true })).toHaveCount(0);
    await reviewForm(page).locator('label').filter({ has: page.getByRole('radio', { name: '5 stars' }) }).click();
    await reviewForm(page).getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Review Submitted');
  });
});

test('a neighbour reports a listing: a reason is required, then the report is submitted once', async ({ page, otherPage, consoleGuard }) => {
  const word = uniqueWord();
  const title = `Cheap phone repairs ${word}`;
  await signUpWithApi(otherPage, { acceptTerms: true, username: uniqueUsername('seller') });
  const listing = await createListingWithApi(otherPage, { title, category: 'tech' });
  // The second report of the same listing is refused on purpose.
  consoleGuard.allowFailedRequest('POST', `/api/services/${listing.id}/report`, 409);
  await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('reporter') });

  await page.goto(`/services?search=${word}`);
  const card = listingCard(page, title);
  const openReport = async () => {
    await card.getByRole('button', { name: `More options for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report Service' });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  await test.step("submitting without a reason says 'Reason required' and keeps the dialog open", async () => {
    const dialog = await openReport();
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Reason required');
    await expect(page.getByText('Please select a reason for reporting this service.').first()).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  await test.step("a reason and a description send it: 'Report submitted'", async () => {
    const dialog = page.getByRole('dialog', { name: 'Report Service' });
    await expect(dialog.getByRole('radio')).toHaveCount(6);
    await dialog.getByRole('radio', { name: 'Misleading Information' }).check();
    await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('The price in the description is not the real one.');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Report submitted');
    await expect(dialog).toHaveCount(0);
    await expect(card.getByRole('button', { name: `More options for ${title}` })).toBeFocused();
  });

  await test.step("a second report of the same listing shows the server's message", async () => {
    const dialog = await openReport();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'You have already reported this service');
    await expect(page.getByText('Failed to submit report. Please try again.').first()).toBeVisible();
  });
});

// The card menu of a signed-out visitor (Report asks to sign in) and of the owner (their own menu instead) is in
// messaging.spec.ts, beside the card's Message button for the same two people.
