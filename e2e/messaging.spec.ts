import type { Locator, Page } from '@playwright/test';
import {
  createListingWithApi,
  expect,
  expectToast,
  listingCard,
  messageAboutListingWithApi,
  registerWithApi,
  replyWithApi,
  setUpConversation,
  signIn,
  signInAsAdministrator,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
  expectSignInPrompt,
} from './fixtures/index.js';

// Each test makes its own people and listings (the administrator is the one shared account), so they may run side by side.
test.describe.configure({ mode: 'parallel' });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The navigation bar's Messages link, whose name carries the unread count ('Messages 2 unread') when there is one. */
const messagesLink = (page: Page, unread = 0) =>
  mainNav(page).getByRole('link', { name: unread > 0 ? `Messages ${unread} unread` : 'Messages', exact: true });
const conversations = (page: Page) => page.getByRole('region', { name: 'Conversations' });
/** The messages of the open conversation (the list itself, not the screen reader announcement of the newest). */
const chatWith = (page: Page, name: string) => page.getByRole('region', { name: `Messages with ${name}` }).getByRole('list');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

/** Marks the open document, so a later check can tell that what changed on screen came without a reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere), `${page.url()} was reloaded`).toBe(true);
}

/** The text of a message bubble exactly as shown, new lines included. */
function shownText(message: Locator): Promise<string> {
  return message.evaluate((element) => (element as HTMLElement).innerText);
}

test('a neighbour messages a listing from its card, and the owner, already on /messages, reads and answers live', async ({ page, otherPage }) => {
  const word = uniqueWord();
  const title = `Dog walking ${word}`;
  const buyer = { page, username: uniqueUsername('buyer') };
  const owner = { page: otherPage, username: uniqueUsername('owner') };
  await signUpWithApi(owner.page, { acceptTerms: true, username: owner.username });
  await createListingWithApi(owner.page, { title });
  await signUpWithApi(buyer.page, { acceptTerms: true, username: buyer.username });
  const first = `Could you walk my beagle on Mondays? ${word}`;
  const reply = `Happy to, Mondays at 9 work for me. ${word}`;

  await test.step('the owner sees no Message button on their own card, then waits on /messages with nothing unread', async () => {
    await owner.page.goto(`/services?search=${word}`);
    await expect(listingCard(owner.page, title)).toBeVisible();
    await expect(listingCard(owner.page, title).getByRole('button', { name: 'Message' })).toHaveCount(0);
    await messagesLink(owner.page).click();
    await expect(owner.page).toHaveURL('/messages');
    await expect(owner.page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(conversations(owner.page).getByText('No conversations yet')).toBeVisible();
    await expect(conversations(owner.page).getByText("Start messaging by viewing a service and clicking 'Contact Provider'.")).toBeVisible();
    await markDocument(owner.page);
  });

  await test.step("the card's Message button opens a dialog with a greeting naming the listing", async () => {
    await buyer.page.goto(`/services?search=${word}`);
    const button = listingCard(buyer.page, title).getByRole('button', { name: 'Message' });
    await button.click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Contact Provider' });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(new RegExp(`"${title}"`));
    await expect(dialog.getByRole('checkbox', { name: 'Send a copy to my email' })).not.toBeChecked();
    // A new account has not confirmed its address yet, and copies only go to confirmed ones: the dialog says so.
    await expect(dialog.getByRole('checkbox', { name: 'Send a copy to my email' })).toHaveAccessibleDescription(
      'Copies are sent once you confirm your email address from your Profile.',
    );
    await expect(dialog.getByText(/payment details/)).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('target', '_blank');

    // Escape closes it and gives the focus back to the button.
    await buyer.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  await test.step('Send is disabled while the message is blank; sending lands on the new conversation', async () => {
    await listingCard(buyer.page, title).getByRole('button', { name: 'Message' }).click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Contact Provider' });
    const box = dialog.getByRole('textbox', { name: 'Message' });
    await expect(box).toHaveValue(new RegExp(title));
    const send = dialog.getByRole('button', { name: 'Send', exact: true });
    await box.fill('   ');
    await expect(send).toBeDisabled();
    await box.fill(first);
    await send.click();
    await expectToast(buyer.page, 'Message sent!');
    await expect(buyer.page).toHaveURL(/\/messages\?conversation=\d+$/);
    await expect(chatWith(buyer.page, owner.username).getByText(first)).toBeVisible();
    await expect(buyer.page.getByRole('region', { name: 'Service' }).getByRole('link', { name: title })).toBeVisible();
    await markDocument(buyer.page);
  });

  await test.step('the conversation and the unread badge reach the owner without a reload', async () => {
    const item = conversations(owner.page).getByRole('link', { name: new RegExp(buyer.username) });
    await expect(item).toBeVisible();
    await expect(item).toContainText(title);
    await expect(item).toContainText('1 unread');
    await expect(messagesLink(owner.page, 1)).toBeVisible();
    await expectSameDocument(owner.page);
  });

  await test.step('opening it shows the message and clears the badge', async () => {
    await conversations(owner.page).getByRole('link', { name: new RegExp(buyer.username) }).click();
    await expect(owner.page).toHaveURL(/\/messages\?conversation=\d+$/);
    await expect(chatWith(owner.page, buyer.username).getByText(first)).toBeVisible();
    await expect(messagesLink(owner.page)).toBeVisible();
  });

  await test.step('the owner answers with Enter and the neighbour sees it arrive in the open chat', async () => {
    await composer(owner.page).fill(reply);
    await composer(owner.page).press('Enter');
    await expect(composer(owner.page)).toHaveValue('');
    await expect(chatWith(owner.page, buyer.username).getByText(reply)).toBeVisible();

    await expect(chatWith(buyer.page, owner.username).getByText(reply)).toBeVisible();
    // Read where it arrived: the neighbour's badge does not stay up for a message already on screen.
    await expect(messagesLink(buyer.page)).toBeVisible();
    await expectSameDocument(buyer.page);
  });

  await test.step('Shift+Enter starts a new line and Enter sends both lines as one message', async () => {
    const box = composer(buyer.page);
    await box.fill(`Great, see you Monday. ${word}`);
    await box.press('Shift+Enter');
    await box.pressSequentially('Her name is Daisy.');
    await expect(box).toHaveValue(`Great, see you Monday. ${word}\nHer name is Daisy.`);
    await box.press('Enter');
    await expect(box).toHaveValue('');

    const received = chatWith(owner.page, buyer.username).getByText('Her name is Daisy.');
    await expect(received).toBeVisible();
    expect(await shownText(received)).toBe(`Great, see you Monday. ${word}\nHer name is Daisy.`);
    await expectSameDocument(owner.page);
  });
});

test("a member's contact-form message reaches the administrator's /messages, and the answer comes back", async ({ page, otherPage }) => {
  const word = uniqueWord();
  const subject = `Question about badges ${word}`;
  const question = `How do I get the verified neighbour badge? ${word}`;
  const answer = `We will add it to your profile this week. ${word}`;
  const member = { page, username: uniqueUsername('member') };
  const admin = { page: otherPage };

  await signInAsAdministrator(admin.page);
  const team = ((await (await admin.page.request.get('/api/auth/user')).json()) as { username: string }).username;
  await admin.page.goto('/messages');
  await expect(admin.page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(conversations(admin.page).getByRole('status')).toHaveCount(0);
  await markDocument(admin.page);

  await test.step('the contact form sends the message, clears its fields and goes to /messages two seconds later', async () => {
    await signUpWithApi(member.page, { acceptTerms: true, username: member.username });
    await member.page.goto('/contact');
    await expect(member.page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
    await expect(member.page.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
    const send = member.page.getByRole('button', { name: 'Send Message' });
    await expect(send).toBeDisabled();
    await member.page.getByRole('textbox', { name: 'Subject (optional)' }).fill(subject);
    await member.page.getByRole('textbox', { name: 'Message', exact: true }).fill(`  ${question}  `);
    await send.click();
    await expectToast(member.page, 'Message sent successfully!');
    await expect(member.page.getByRole('textbox', { name: 'Subject (optional)' })).toHaveValue('');
    await expect(member.page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');
    await expect(member.page).toHaveURL(/\/messages\?conversation=\d+$/);
    await expect(chatWith(member.page, team).getByText(question, { exact: true })).toBeVisible();
    await markDocument(member.page);
  });

  await test.step('the administrator sees it arrive, opens it and answers', async () => {
    const item = conversations(admin.page).getByRole('link', { name: new RegExp(subject) });
    await expect(item).toBeVisible();
    await expect(item).toContainText(member.username);
    await expectSameDocument(admin.page);
    await item.click();
    await expect(chatWith(admin.page, member.username).getByText(question, { exact: true })).toBeVisible();
    await composer(admin.page).fill(answer);
    await composer(admin.page).press('Enter');
  });

  await test.step("the answer appears in the member's open conversation", async () => {
    await expect(chatWith(member.page, team).getByText(answer)).toBeVisible();
    await expectSameDocument(member.page);
  });
});

test("a visitor who presses Message, or Report in a card's menu, is asked to sign in; signed in as the owner, their own card has its Manage menu and neither Message nor the other menu", async ({
  page,
  request,
}) => {
  const word = uniqueWord();
  const title = `Leaf raking ${word}`;
  const owner = await registerWithApi(request, { acceptTerms: true });
  await createListingWithApi(request, { category: 'yard', title });

  await page.goto(`/services?search=${word}`);
  await expectSignInPrompt(page, () => listingCard(page, title).getByRole('button', { name: 'Message' }).click(), {
    title: 'Sign in required',
    description: 'Please sign in to message service providers.',
  });

  await page.goto(`/services?search=${word}`);
  await listingCard(page, title).getByRole('button', { name: `More options for ${title}` }).click();
  await expectSignInPrompt(page, () => page.getByRole('menuitem', { name: 'Report' }).click(), {
    title: 'Sign in required',
    description: 'Please sign in to report services.',
  });

  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(`/services?search=${word}`);
  await expect(listingCard(page, title)).toBeVisible();
  await expect(listingCard(page, title).getByRole('button', { name: 'Message' })).toHaveCount(0);
  await expect(listingCard(page, title).getByRole('button', { name: `Manage ${title}` })).toBeVisible();
  await expect(listingCard(page, title).getByRole('button', { name: `More options for ${title}` })).toHaveCount(0);
});

test('a long conversation opens at its newest message and loads the earlier ones when scrolled to the top', async ({ page, request }) => {
  const ownerName = uniqueUsername('owner');
  await registerWithApi(request, { acceptTerms: true, username: ownerName });
  const service = await createListingWithApi(request, { title: `Piano lessons ${uniqueWord()}` });
  await signUpWithApi(page, { acceptTerms: true });
  // 61 messages: more than one page of 50, and within each person's 60 messages a minute.
  const id = await messageAboutListingWithApi(page, service, 'Message 1');
  for (let n = 2; n <= 61; n++) await replyWithApi(n % 2 ? page : request, id, `Message ${n}`);

  await page.goto(`/messages?conversation=${id}`);
  const history = page.getByRole('region', { name: `Messages with ${ownerName}` });
  const messages = history.getByRole('list').getByRole('listitem');
  await expect(messages).toHaveCount(50);
  await expect(messages.last()).toContainText('Message 61');
  await expect(messages.last()).toBeInViewport();
  await expect(history.getByRole('button', { name: 'Load earlier messages' })).toBeAttached();

  // Reaching the top loads the rest above, and the message that was at the top stays where the reader left it.
  const firstShown = history.getByText('Message 12', { exact: true });
  await history.evaluate((node) => (node.scrollTop = 0));
  await expect(messages).toHaveCount(61);
  await expect(messages.first()).toContainText('Message 1');
  await expect(firstShown).toBeInViewport();
  await expect(history.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
});

test('with the event stream down, the 30-second poll brings the badge and the open chat up to date', async ({ page, request, consoleGuard }) => {
  // The stream answers 503 as a server without it would; the app falls back to polling the unread count.
  await page.route('**/api/events', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Unavailable"}' }));
  consoleGuard.allowFailedRequest('GET', '/api/events', 503);
  await page.clock.install();
  const { ownerName, conversationId, path } = await setUpConversation(page, request);

  await page.goto(path);
  const chat = page.getByRole('region', { name: `Messages with ${ownerName}` }).getByRole('list');
  await expect(chat.getByRole('listitem')).toHaveCount(4);
  await expect(messagesLink(page)).toBeVisible();

  const late = `Running five minutes late, sorry! ${uniqueWord()}`;
  await replyWithApi(request, conversationId, late);
  await page.clock.fastForward('00:31');
  await expect(chat.getByText(late, { exact: true })).toBeVisible();
  // Shown in the open chat, so read: the badge the poll raised goes down again.
  await expect(messagesLink(page)).toBeVisible();
});

test('a message sharing a phone number or payment words shows its recipient a safety reminder, and its sender a notice before sending', async ({ page, request }) => {
  const ownerName = uniqueUsername('owner');
  await registerWithApi(request, { acceptTerms: true, username: ownerName });
  const service = await createListingWithApi(request, { title: `Gutter cleaning ${uniqueWord()}` });
  await signUpWithApi(page, { acceptTerms: true });
  const id = await messageAboutListingWithApi(page, service, 'Hello, I can come at 5 pm on 3/14.');
  await replyWithApi(request, id, 'Call me at (973) 555-0142 and pay the deposit up front by Zelle.');

  await page.goto(`/messages?conversation=${id}`);
  const messages = chatWith(page, ownerName).getByRole('listitem');
  await expect(messages).toHaveCount(2);
  const reminder = 'This message shares contact or payment details. Meet in public, never pay in advance, and keep talking here until you trust them.';
  await expect(messages.last().getByRole('note')).toContainText(reminder);
  await expect(messages.last().getByRole('note').getByRole('button', { name: 'Report message' })).toBeVisible();
  // Your own messages, and messages without such details, carry none.
  await expect(messages.first().getByRole('note')).toHaveCount(0);

  const notice = page.getByText('Your message shares contact or payment details: fine once you trust each other, but your neighbour will see a safety reminder.');
  await composer(page).fill('Sounds good, see you then');
  await expect(notice).toHaveCount(0);
  await composer(page).fill('Sure, my number is 973-555-0199');
  await expect(notice).toBeVisible();
  await expect(composer(page)).toHaveAccessibleDescription(/Your message shares contact or payment details/);
  await composer(page).press('Enter');
  await expect(messages).toHaveCount(3);
  await expect(notice).toHaveCount(0);
  await expect(messages.last().getByRole('note')).toHaveCount(0);

  // The first message of a conversation, written in the card's dialog, gets the same notice.
  await page.goto(`/services?search=${encodeURIComponent(service.title)}`);
  await listingCard(page, service.title).getByRole('button', { name: 'Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Provider' });
  // The greeting it opens with shares nothing.
  await expect(dialog.getByText(/^Your message shares contact or payment details/)).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Can I pay the deposit up front by Venmo?');
  await expect(dialog.getByText('Your message shares contact or payment details: fine once you trust each other, but your neighbour will see a safety reminder.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(/Your message shares contact or payment details/);
});
