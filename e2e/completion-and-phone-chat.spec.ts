import type { Locator, Page } from '@playwright/test';
import {
  createListingWithApi,
  DESKTOP,
  expect,
  expectNoA11yViolations,
  expectToast,
  listingCard,
  messageAboutListingWithApi,
  PHONE,
  photographWindow,
  replyWithApi,
  setTheme,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
  verifyEmailWithApi,
  chooseStars,
  expectTheme,
} from './fixtures/index.js';

/**
 * Decision 071: a job marked complete shows on the other side's open conversation at once ('Completed' and the review
 * prompt, a live event), both sides review in one dialog (the stars, the text box under them, the button last), and on a
 * phone the conversation has the screen: no footer, the composer at the bottom, the newest message in view, and the
 * 'Message sent!' toast below the conversation's header.
 */
test.describe.configure({ mode: 'parallel' });

const serviceStrip = (page: Page) => page.getByRole('region', { name: 'Service' });
const chatWith = (page: Page, name: string) => page.getByRole('region', { name: `Messages with ${name}` });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const chatHeader = (page: Page) => page.getByRole('main').locator('header').first();

/** Marks the open document, so a later check can tell that what changed on screen came without a reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere), `${page.url()} was reloaded`).toBe(true);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on the screen`);
  return found;
}

/** Whether the element lies wholly within the window, as a person looking at the screen would see it. */
async function expectInWindow(page: Page, locator: Locator, what: string) {
  const { y, height } = await box(locator);
  const windowHeight = page.viewportSize()!.height;
  expect(y, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(y + height, `${what} ends on the screen`).toBeLessThanOrEqual(windowHeight + 0.5);
}

/** The review dialog's parts from top to bottom: the stars, then the text box, then 'Submit Review'. */
async function expectReviewDialogOrder(dialog: Locator) {
  const stars = await box(dialog.getByRole('group', { name: 'How was it?' }));
  const text = await box(dialog.getByRole('textbox', { name: 'Review (optional)' }));
  const submit = await box(dialog.getByRole('button', { name: 'Submit Review' }));
  expect(text.y, 'the text box is under the stars').toBeGreaterThanOrEqual(stars.y + stars.height);
  expect(submit.y, 'the button comes after the text box').toBeGreaterThanOrEqual(text.y + text.height);
}

/** Axe in both themes, and the window at 390 and 1280 px, of what `open` shows (a dialog, usually); left light, open. */
async function lookAt(page: Page, name: string, open: () => Promise<Locator>) {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await page.reload();
    await expectTheme(page, theme);
    const shown = await open();
    await expect(shown).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, ${name}`, soft: true });
    await photographWindow(page, `${name}-${theme}`, [PHONE, DESKTOP]);
  }
}

test('one neighbour marks the job complete, the other sees it at once in the open chat, and both review in the same dialog', async ({ page, otherPage }) => {
  test.slow();
  const title = `Hedge trimming ${uniqueWord()}`;
  const customer = { page, username: uniqueUsername('cleo') };
  const owner = { page: otherPage, username: uniqueUsername('dev') };
  await signUpWithApi(owner.page, { acceptTerms: true, username: owner.username });
  const listing = await createListingWithApi(owner.page, { title, category: 'yard' });
  await signUpWithApi(customer.page, { acceptTerms: true, username: customer.username });
  // Reviews need confirmed addresses, and a job the owner answered (decision 022).
  await verifyEmailWithApi(customer.page);
  await verifyEmailWithApi(owner.page);
  const conversationId = await messageAboutListingWithApi(customer.page, listing, 'Could you trim the hedge along the front on Saturday?');
  await replyWithApi(owner.page, conversationId, 'Yes, Saturday at 10. I bring my own tools.');
  const path = `/messages?conversation=${conversationId}`;

  await test.step('the question before completing, in both themes and at both widths', async () => {
    await customer.page.goto(path);
    await lookAt(customer.page, 'completion-question', async () => {
      await serviceStrip(customer.page).getByRole('button', { name: 'Mark as Complete' }).click();
      return customer.page.getByRole('alertdialog', { name: 'Mark this job as complete?' });
    });
  });

  await test.step("the owner has the conversation open; the neighbour answers the question, and the owner's chat shows 'Completed' and 'Review …' without a reload", async () => {
    await owner.page.goto(path);
    const strip = serviceStrip(owner.page);
    await expect(strip.getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
    await expect(strip.getByRole('button', { name: `Review ${customer.username}` })).toHaveCount(0);
    await markDocument(owner.page);

    const ask = customer.page.getByRole('alertdialog', { name: 'Mark this job as complete?' });
    await expect(ask.getByText('Do this once the job is done. You can then review each other, and it cannot be undone.')).toBeVisible();
    await ask.getByRole('button', { name: 'Mark as Complete' }).click();
    await expectToast(customer.page, 'Service Completed', 'You can now leave a review.');
    await expect(serviceStrip(customer.page).getByRole('button', { name: 'Completed' })).toBeDisabled();

    await expect(strip.getByRole('button', { name: 'Completed' })).toBeDisabled();
    await expect(strip.getByRole('button', { name: `Review ${customer.username}` })).toBeVisible();
    await expectSameDocument(owner.page);
  });

  await test.step('the review dialog, in both themes and at both widths: the stars, the text box under them, the button last', async () => {
    await lookAt(customer.page, 'review-dialog', async () => {
      await serviceStrip(customer.page).getByRole('button', { name: 'Leave a review' }).click();
      const dialog = customer.page.getByRole('dialog', { name: `Review “${title}”` });
      await expect(dialog.getByText("How was the job? Your review shows on the listing's page.")).toBeVisible();
      await expectReviewDialogOrder(dialog);
      return dialog;
    });
  });

  await test.step('the neighbour reviews the listing in the dialog', async () => {
    const dialog = customer.page.getByRole('dialog', { name: `Review “${title}”` });
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(customer.page, 'Rating Required', 'Please select a star rating');
    await chooseStars(dialog, 5);
    const text = dialog.getByRole('textbox', { name: 'Review (optional)' });
    await text.fill('Neat edges and he took the cuttings away.');
    await expect(dialog.getByText('41/1000')).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(customer.page, 'Review Submitted', 'Thank you for your feedback!');
    await expect(dialog).toHaveCount(0);
    await expect(serviceStrip(customer.page).getByRole('button', { name: 'Leave a review' })).toHaveCount(0);
    await expect(serviceStrip(customer.page).getByRole('list', { name: '1 review' }).getByText('Neat edges and he took the cuttings away.')).toBeVisible();
  });

  await test.step('the owner reviews the neighbour in the same dialog, still without a reload', async () => {
    await serviceStrip(owner.page).getByRole('button', { name: `Review ${customer.username}` }).click();
    const dialog = owner.page.getByRole('dialog', { name: `Review ${customer.username}` });
    await expect(dialog.getByText('How was the job with them? Your review shows on their member page.')).toBeVisible();
    await expectReviewDialogOrder(dialog);
    await chooseStars(dialog, 4);
    await dialog.getByRole('textbox', { name: 'Review (optional)' }).fill('Clear about what she wanted, and the gate was open.');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(owner.page, 'Review Submitted', 'Thank you for your feedback!');
    await expect(dialog).toHaveCount(0);
    await expect(serviceStrip(owner.page).getByRole('button', { name: `Review ${customer.username}` })).toHaveCount(0);
    await expectSameDocument(owner.page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the conversation has the screen: no footer, the composer at the bottom, the newest message and its safety note in view, the toast below the header', async ({ page, otherPage }) => {
    test.slow();
    const word = uniqueWord();
    const title = `Bike repairs ${word}`;
    const ownerName = uniqueUsername('eli');
    await signUpWithApi(otherPage, { acceptTerms: true, username: ownerName });
    const listing = await createListingWithApi(otherPage, { title, category: 'tech' });
    await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('fay') });
    // Earlier messages, so the history is longer than the screen.
    const earlier = await messageAboutListingWithApi(page, listing, 'Do you fix gears too?');
    for (let i = 1; i <= 6; i += 1) await replyWithApi(i % 2 ? otherPage : page, earlier, `Message ${i} about the gears, ${word}.`);

    await test.step("the listing's Message dialog sends, and 'Message sent!' shows below the conversation's header", async () => {
      await page.goto(`/services?search=${word}`);
      await listingCard(page, title).getByRole('button', { name: 'Message' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact Provider' });
      await dialog.getByRole('textbox', { name: 'Message' }).fill(`And a flat tyre on the back wheel, ${word}?`);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(page).toHaveURL(/\/messages\?conversation=\d+$/);
      const toast = page.getByRole('region', { name: /notifications/i }).getByRole('listitem').filter({ hasText: 'Message sent!' });
      await expect(toast).toBeVisible();
      await expect(chatWith(page, ownerName)).toBeVisible();
      const header = await box(chatHeader(page));
      // The toast moves below the header once the chat has measured it.
      await expect.poll(async () => (await box(toast)).y, { message: "the toast's top is below the conversation's header" }).toBeGreaterThanOrEqual(header.y + header.height);
    });

    await test.step('no site footer, and the composer sits at the bottom of the screen', async () => {
      await expect(page.getByRole('contentinfo')).toBeHidden();
      const form = composer(page).locator('xpath=ancestor::form[1]');
      const { y, height } = await box(form);
      expect(Math.abs(y + height - PHONE.height), 'the composer ends at the bottom of the screen').toBeLessThanOrEqual(1);
      expect(await page.evaluate(() => document.documentElement.scrollHeight), 'the page itself does not scroll').toBeLessThanOrEqual(PHONE.height);
    });

    await test.step('after sending, the newest message is in view; a reply sharing a phone number arrives in view with its safety note', async () => {
      const sent = `Thursday evening works for me, ${word}.`;
      await composer(page).fill(sent);
      await composer(page).press('Enter');
      const messages = chatWith(page, ownerName).getByRole('listitem');
      await expect(messages.last()).toContainText(sent);
      await expectInWindow(page, messages.last(), 'the message just sent');

      await replyWithApi(otherPage, Number(new URL(page.url()).searchParams.get('conversation')), `Great, call me on 973-555-0142 when you are outside, ${word}.`);
      await expect(messages.last()).toContainText('973-555-0142');
      const note = messages.last().getByRole('note');
      await expect(note).toContainText('This message shares contact or payment details.');
      await expect.poll(async () => (await box(note)).y + (await box(note)).height).toBeLessThanOrEqual(PHONE.height);
      await expectInWindow(page, messages.last(), 'the newest message');
      await expectInWindow(page, note, 'its safety note');
      const form = await box(composer(page).locator('xpath=ancestor::form[1]'));
      expect((await box(note)).y + (await box(note)).height, 'the note is above the composer').toBeLessThanOrEqual(form.y);
    });

    await test.step('the conversation after sending, in both themes and at both widths', async () => {
      for (const theme of ['dark', 'light'] as const) {
        await setTheme(page, theme);
        await page.reload();
        await expectTheme(page, theme);
        await expect(chatWith(page, ownerName).getByRole('listitem').last().getByRole('note')).toBeVisible();
        await expectNoA11yViolations(page, { label: `${theme} theme, conversation on a phone`, soft: true });
        await photographWindow(page, `phone-conversation-${theme}`, [PHONE, DESKTOP]);
      }
      // Wider than a phone, the page is as before: the footer is back.
      await page.setViewportSize(DESKTOP);
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  });
});
