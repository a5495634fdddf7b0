import type { Page } from '@playwright/test';
import {
  createListingWithApi,
  expect,
  expectNoA11yViolations,
  expectToast,
  messageAboutListingWithApi,
  photographBothWidths,
  photographWindow,
  searchFor,
  showInTheme,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
} from './fixtures/index.js';

test.describe.configure({ mode: 'parallel' });

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const chatWith = (page: Page, name: string) => page.getByRole('region', { name: `Messages with ${name}` }).getByRole('listitem');
/** What takes the message box's place while a block stands (the toasts live outside the page's main region). */
const notice = (page: Page, text: string) => page.getByRole('main').getByRole('status').filter({ hasText: text });
const YOU_BLOCKED = 'You blocked this member. Unblock them to send a message.';
const CANNOT_MESSAGE = "You can't message this member.";

/** A member with a listing, and a neighbour with one of their own who has written about the member's. */
async function neighbours(page: Page, otherPage: Page) {
  const word = uniqueWord();
  const memberName = uniqueUsername('member');
  await signUpWithApi(page, { acceptTerms: true, username: memberName });
  const mine = await createListingWithApi(page, { title: `Dog walking ${word}` });
  const neighbourName = uniqueUsername('neighbour');
  await signUpWithApi(otherPage, { acceptTerms: true, username: neighbourName });
  const theirs = await createListingWithApi(otherPage, { title: `Lawn mowing ${word}` });
  const conversationId = await messageAboutListingWithApi(otherPage, mine, 'Hi, could you walk my dog on Friday? Cash up front is fine.');
  return { word, memberName, neighbourName, mine, theirs, conversationId, path: `/messages?conversation=${conversationId}` };
}

test('a member blocks a neighbour from their conversation: the message box gives way on both sides, the listings leave browse, and Unblock on the profile brings everything back', async ({
  page,
  otherPage,
  consoleGuard,
}) => {
  const { word, neighbourName, mine, theirs, path } = await neighbours(page, otherPage);
  // The neighbour's listing page answers the member 404 while the block stands.
  consoleGuard.allowFailedRequest('GET', `/services/${theirs.id}`, 404);

  await page.goto(path);
  await expect(chatWith(page, neighbourName)).toHaveCount(1);
  await page.getByRole('button', { name: `More actions for the conversation with ${neighbourName}` }).click();
  await page.getByRole('menuitem', { name: `Block ${neighbourName}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Block ${neighbourName}?` });
  await expect(dialog).toContainText("They won't be able to message you, and you won't see their listings. They are not told.");
  // Cancel first: nothing happens, and the focus is back on the menu button.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: `More actions for the conversation with ${neighbourName}` })).toBeFocused();
  await expect(composer(page)).toBeVisible();

  await page.getByRole('button', { name: `More actions for the conversation with ${neighbourName}` }).click();
  await page.getByRole('menuitem', { name: `Block ${neighbourName}` }).click();
  await dialog.getByRole('button', { name: 'Block member' }).click();
  await expectToast(page, `${neighbourName} is blocked`);
  await expect(notice(page, YOU_BLOCKED)).toBeVisible();
  await expect(composer(page)).toHaveCount(0);
  // The conversation stays readable.
  await expect(chatWith(page, neighbourName)).toHaveCount(1);

  // The neighbour, whose page was open before the block, is refused on sending, and their box gives way too.
  await otherPage.goto(path);
  await expect(notice(otherPage, CANNOT_MESSAGE)).toBeVisible();
  await expect(composer(otherPage)).toHaveCount(0);
  // They still see the member's listing: a block only hides the blocked member's listings from the blocker.
  await otherPage.goto(`/services/${mine.id}`);
  await expect(otherPage.getByRole('heading', { level: 1, name: mine.title })).toBeVisible();

  // The member no longer sees the neighbour's listings, in browse or on its page.
  await page.goto('/services');
  await searchFor(page, word);
  await expect(page.getByRole('article', { name: mine.title })).toBeVisible();
  await expect(page.getByRole('article', { name: theirs.title })).toHaveCount(0);
  await page.goto(`/services/${theirs.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This listing is no longer available' })).toBeVisible();

  // The profile lists the block; Unblock ends it.
  await page.goto('/profile');
  const blocked = page.getByRole('region', { name: 'Blocked members' });
  await expect(blocked.getByRole('listitem')).toHaveCount(1);
  await expect(blocked.getByRole('listitem')).toContainText(neighbourName);
  await blocked.getByRole('button', { name: `Unblock ${neighbourName}` }).click();
  await expectToast(page, `${neighbourName} is unblocked`);
  await expect(blocked).toContainText("You haven't blocked anyone.");

  await page.goto(path);
  await composer(page).fill('Friday works, see you at 9.');
  await composer(page).press('Enter');
  await expect(chatWith(page, neighbourName)).toHaveCount(2);
  await page.goto(`/services/${theirs.id}`);
  await expect(page.getByRole('heading', { level: 1, name: theirs.title })).toBeVisible();
});

test('a neighbour whose chat was open when they were blocked reads the refusal on sending, and their draft stays', async ({ page, otherPage, consoleGuard }) => {
  const { memberName, path, conversationId } = await neighbours(page, otherPage);
  consoleGuard.allowFailedRequest('POST', `/api/conversations/${conversationId}/messages`, 403);
  await otherPage.goto(path);
  await expect(composer(otherPage)).toBeVisible();

  await page.goto(path);
  await page.getByRole('button', { name: /^More actions for the conversation with / }).click();
  await page.getByRole('menuitem', { name: /^Block / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Block member' }).click();
  await expect(notice(page, YOU_BLOCKED)).toBeVisible();

  await composer(otherPage).fill('Hello? Are you still there?');
  await composer(otherPage).press('Enter');
  await expectToast(otherPage, 'Failed to send message', CANNOT_MESSAGE);
  await expect(notice(otherPage, CANNOT_MESSAGE)).toBeVisible();
  await expect(chatWith(otherPage, memberName)).toHaveCount(1);
});

test('the block dialog, the notice in place of the message box and the profile list have no axe violations in either theme, and fit 390 and 1280 px', async ({
  page,
  otherPage,
}) => {
  const { neighbourName, path } = await neighbours(page, otherPage);
  const dialog = page.getByRole('alertdialog', { name: `Block ${neighbourName}?` });
  for (const theme of ['dark', 'light'] as const) {
    await showInTheme(page, { name: 'messages-conversation', path, heading: 'Messages', who: 'member' }, theme);
    await page.getByRole('button', { name: `More actions for the conversation with ${neighbourName}` }).click();
    await page.getByRole('menuitem', { name: `Block ${neighbourName}` }).click();
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, block dialog`, soft: true });
    if (theme === 'light') await photographWindow(page, 'block-dialog');
  }
  await dialog.getByRole('button', { name: 'Block member' }).click();
  await expect(notice(page, YOU_BLOCKED)).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await showInTheme(page, { name: 'messages-conversation', path, heading: 'Messages', who: 'member' }, theme);
    await expect(notice(page, YOU_BLOCKED)).toBeVisible();
    await expectNoA11yViolations(page, { label: `${theme} theme, blocked conversation`, soft: true });
    if (theme === 'light') await photographBothWidths(page, 'messages-blocked');
    await showInTheme(page, { name: 'profile', path: '/profile', heading: 'Your Profile', who: 'member' }, theme);
    await expect(page.getByRole('region', { name: 'Blocked members' }).getByRole('listitem')).toHaveCount(1);
    await expectNoA11yViolations(page, { label: `${theme} theme, profile with a blocked member`, soft: true });
    if (theme === 'light') await photographBothWidths(page, 'profile-blocked-members');
  }
});
