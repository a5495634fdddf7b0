import type { Page } from '@playwright/test';
import {
  createListingWithApi,
  expect,
  expectNoA11yViolations,
  expectToast,
  messageAboutListingWithApi,
  photographBothWidths,
  photographWindow,
  showInTheme,
  signInAsAdministrator,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
} from './fixtures/index.js';

test.describe.configure({ mode: 'parallel' });

const chatWith = (page: Page, name: string) => page.getByRole('region', { name: `Messages with ${name}` }).getByRole('listitem');
const SCAM = 'Pay the deposit up front by Zelle and text me at (973) 555-0142.';

/** A member with a listing, and a neighbour whose first message about it carries the signs of a scam. */
async function flaggedConversation(page: Page, otherPage: Page) {
  const memberName = uniqueUsername('member');
  await signUpWithApi(page, { acceptTerms: true, username: memberName });
  const listing = await createListingWithApi(page, { title: `Piano lessons ${uniqueWord()}` });
  const neighbourName = uniqueUsername('neighbour');
  await signUpWithApi(otherPage, { acceptTerms: true, username: neighbourName });
  const conversationId = await messageAboutListingWithApi(otherPage, listing, SCAM);
  return { memberName, neighbourName, listing, conversationId, path: `/messages?conversation=${conversationId}` };
}

test('a member reports a message from its safety reminder; the administrator reads the conversation and acts; the member reads the outcome in Messages and on the profile, each fitting 390 and 1280 px', async ({
  page,
  otherPage,
}) => {
  const { neighbourName, path } = await flaggedConversation(page, otherPage);

  await test.step('the member reports the message from its reminder', async () => {
    await page.goto(path);
    const message = chatWith(page, neighbourName).last();
    await expect(message.getByRole('note')).toContainText('This message shares contact or payment details.');
    await message.getByRole('button', { name: 'Report message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report message' });
    await expect(dialog).toContainText(`Tell us what is wrong with this message from ${neighbourName}.`);
    // The reason is required, as for a listing.
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Reason required', 'Please select a reason for reporting this service.');
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('Asks for money before we have met.');
    await photographWindow(page, 'report-message-dialog');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Report submitted', 'Thank you for reporting this message. We will review it shortly.');
    await expect(dialog).toHaveCount(0);
    await expect(message.getByRole('button', { name: 'Report message' })).toBeFocused();

    await page.goto('/profile');
    const mine = page.getByRole('region', { name: 'My reports' });
    await expect(mine.getByRole('listitem')).toHaveCount(1);
    await expect(mine.getByRole('listitem')).toContainText(`A message from ${neighbourName}`);
    await expect(mine.getByRole('listitem')).toContainText('Pending');
  });

  await test.step('the administrator finds it among the message reports, reads the conversation, and marks it reviewed', async () => {
    await signInAsAdministrator(otherPage);
    await otherPage.goto('/admin?tab=reports');
    await otherPage.getByRole('combobox', { name: 'Kind' }).selectOption('Messages');
    const report = otherPage.getByRole('listitem', { name: `Report about a message from ${neighbourName}` }).first();
    await expect(report).toContainText(SCAM);
    await expect(report).toContainText('Asks for money before we have met.');
    await photographBothWidths(otherPage, 'admin-reports-messages');
    await report.getByRole('button', { name: 'Read the conversation' }).click();
    await expect(otherPage.getByRole('heading', { name: `The conversation of a message from ${neighbourName}` })).toBeVisible();
    await expect(otherPage.getByRole('region', { name: 'Messages' })).toContainText('(Reported message)');
    await otherPage.getByRole('button', { name: 'Back to Reports' }).click();
    await report.getByRole('button', { name: 'Mark Reviewed' }).click();
    await expectToast(otherPage, 'Report status updated successfully');
  });

  await test.step('the member reads the outcome from the team', async () => {
    await page.goto('/messages');
    await page.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: /About your report/ }).click();
    await expect(page.getByRole('main')).toContainText(`Thank you for your report about a message from ${neighbourName}: we reviewed it and took action.`);
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'My reports' }).getByRole('listitem')).toContainText('Action taken');
    await photographBothWidths(page, 'profile-my-reports');
  });
});

test('a member reports the other member from the conversation menu; a second report while the first is pending is refused', async ({ page, otherPage, consoleGuard }) => {
  const { neighbourName, path } = await flaggedConversation(page, otherPage);
  const neighbourId = ((await (await otherPage.request.get('/api/auth/user')).json()) as { id: string }).id;
  consoleGuard.allowFailedRequest('POST', `/api/users/${neighbourId}/report`, 409);
  await page.goto(path);
  const menu = page.getByRole('button', { name: `More actions for the conversation with ${neighbourName}` });
  for (const expected of ['Thank you for reporting this member. We will review it shortly.', 'You have already reported this member']) {
    await menu.click();
    await page.getByRole('menuitem', { name: `Report ${neighbourName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Report ${neighbourName}` });
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    if (expected.startsWith('Thank')) {
      await expectToast(page, 'Report submitted', expected);
    } else {
      await expectToast(page, expected, 'Failed to submit report. Please try again.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  }
});

test('the report dialogs and the profile with a report have no axe violations in either theme', async ({ page, otherPage }) => {
  const { neighbourName, path } = await flaggedConversation(page, otherPage);
  const neighbourId = ((await (await otherPage.request.get('/api/auth/user')).json()) as { id: string }).id;
  expect((await page.request.post(`/api/users/${neighbourId}/report`, { data: { reason: 'spam' } })).status()).toBe(201);
  for (const theme of ['light', 'dark'] as const) {
    await showInTheme(page, { name: 'messages-conversation', path, heading: 'Messages', who: 'member' }, theme);
    await chatWith(page, neighbourName).last().getByRole('button', { name: 'Report message' }).click();
    await expect(page.getByRole('dialog', { name: 'Report message' })).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, message report dialog`, soft: true });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `More actions for the conversation with ${neighbourName}` }).click();
    await expect(page.getByRole('menuitem', { name: `Report ${neighbourName}` })).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, conversation menu`, soft: true });
    await page.keyboard.press('Escape');
    await showInTheme(page, { name: 'profile', path: '/profile', heading: 'Your Profile', who: 'member' }, theme);
    await expect(page.getByRole('region', { name: 'My reports' }).getByRole('listitem')).toHaveCount(1);
    await expectNoA11yViolations(page, { label: `${theme} theme, profile with a report`, soft: true });
  }
});

test("the Reports tab with a member's and a message's report, and the reported conversation, have no axe violations in either theme", async ({ page, otherPage }) => {
  const { neighbourName, conversationId } = await flaggedConversation(page, otherPage);
  const neighbourId = ((await (await otherPage.request.get('/api/auth/user')).json()) as { id: string }).id;
  const messages = (await (await page.request.get(`/api/conversations/${conversationId}/messages`)).json()) as { messages: Array<{ id: number }> };
  expect((await page.request.post(`/api/users/${neighbourId}/report`, { data: { reason: 'harassment' } })).status()).toBe(201);
  expect((await page.request.post(`/api/messages/${messages.messages[0]!.id}/report`, { data: { reason: 'spam' } })).status()).toBe(201);
  await signInAsAdministrator(otherPage);
  for (const theme of ['light', 'dark'] as const) {
    await showInTheme(otherPage, { name: 'admin', path: '/admin?tab=reports', heading: 'Admin Dashboard', who: 'member' }, theme);
    await expect(otherPage.getByRole('listitem', { name: `Report about member ${neighbourName}` }).first()).toBeVisible();
    await expect(otherPage.getByRole('listitem', { name: `Report about a message from ${neighbourName}` }).first()).toBeVisible();
    await expectNoA11yViolations(otherPage, { label: `${theme} theme, reports of every kind`, soft: true });
    await otherPage.getByRole('listitem', { name: `Report about a message from ${neighbourName}` }).first().getByRole('button', { name: 'Read the conversation' }).click();
    await expect(otherPage.getByRole('region', { name: 'Messages' })).toContainText('(Reported message)');
    await expectNoA11yViolations(otherPage, { label: `${theme} theme, the reported conversation`, soft: true });
  }
});
