import type { BrowserContext, Page, Request } from '@playwright/test';
import {
  createListingWithApi,
  expect,
  messageAboutListingWithApi,
  registerWithApi,
  replyWithApi,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
} from './fixtures/index.js';

// Pages a member can open, each with the heading that shows it has loaded.
const PAGES = [
  { path: '/', heading: 'Connect with helpers in your community' },
  { path: '/services', heading: 'Browse Services' },
  { path: '/messages', heading: 'Messages' },
  { path: '/profile', heading: 'Your Profile' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/about', heading: 'Neighbours helping neighbours' },
  { path: '/terms', heading: 'Terms and Privacy' },
  { path: '/my-services', heading: 'My Services' },
] as const;

const messagesLink = (page: Page, unread: number) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Messages ${unread} unread`, exact: true });

async function open(page: Page, target: (typeof PAGES)[number]): Promise<void> {
  // With a stream per tab, the seventh tab's page never loads: the browser's six connections are all held.
  await page.goto(target.path, { timeout: 20_000 });
  // As long as the load itself: a signed-in page asks the server for the account and its data after the document.
  await expect(page.getByRole('heading', { name: target.heading, exact: true, level: 1 })).toBeVisible({ timeout: 20_000 });
}

interface Stream {
  page: Page;
  request: Request;
  ended: boolean;
}

/** Every GET /api/events the browser context makes, and which of them are still open. */
function watchStreams(context: BrowserContext) {
  const streams: Stream[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') streams.push({ page: request.frame().page(), request, ended: false });
  });
  const end = (request: Request) => {
    const stream = streams.find((s) => s.request === request);
    if (stream) stream.ended = true;
  };
  context.on('requestfinished', end);
  context.on('requestfailed', end);
  return {
    started: () => streams.length,
    open: () => streams.filter((s) => !s.ended && !s.page.isClosed()),
  };
}

test('eight tabs of one browser share one event stream, all receive a message, and all still load pages', async ({ page, context, request, consoleGuard }) => {
  test.setTimeout(180_000);
  const streams = watchStreams(context);

  // B (an API client with cookies of its own: another browser) owns a listing A has asked about.
  await registerWithApi(request, { acceptTerms: true, username: uniqueUsername('owner') });
  const service = await createListingWithApi(request, { title: `Window cleaning ${uniqueWord()}` });
  await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('member') });
  const conversationId = await messageAboutListingWithApi(page, service, 'Hello, are you free on Saturday?');

  const tabs: Page[] = [page];
  await test.step('eight tabs open on different pages, and only one of them holds an event stream', async () => {
    await open(page, PAGES[0]);
    await expect.poll(() => streams.open().length).toBe(1);
    for (const target of PAGES.slice(1)) {
      const tab = await context.newPage();
      tabs.push(tab);
      await open(tab, target);
    }
    // Let a tab that wrongly opened its own stream be seen.
    await page.waitForTimeout(1000);
    expect(streams.started()).toBe(1);
    expect(streams.open()).toHaveLength(1);
  });

  await test.step('a message from the other browser reaches all eight tabs', async () => {
    await replyWithApi(request, conversationId, 'Yes, Saturday morning works.');
    for (const tab of tabs) await expect(messagesLink(tab, 1)).toBeVisible();
    const inbox = tabs[PAGES.findIndex((p) => p.path === '/messages')]!;
    await expect(inbox.getByRole('region', { name: 'Conversations' }).getByRole('link')).toContainText('1 unread');
  });

  await test.step('every tab still loads another page, and one stream stays open', async () => {
    for (const [index, tab] of tabs.entries()) await open(tab, PAGES[(index + 1) % PAGES.length]!);
    await expect.poll(() => streams.open().length).toBe(1);
    for (const tab of tabs) await expect(messagesLink(tab, 1)).toBeVisible();
  });

  await test.step('closing the tab that holds the stream hands it to another, and the next message still arrives', async () => {
    const leader = streams.open()[0]!.page;
    const before = streams.started();
    await leader.close();
    const remaining = tabs.filter((tab) => tab !== leader);

    await expect.poll(() => streams.started()).toBe(before + 1);
    await expect.poll(() => streams.open().length).toBe(1);
    const next = streams.open()[0]!;
    expect(remaining).toContain(next.page);
    expect((await next.request.response())?.status()).toBe(200);

    await replyWithApi(request, conversationId, 'I will bring my own ladder.');
    for (const tab of remaining) await expect(messagesLink(tab, 2)).toBeVisible();
    expect(streams.open()).toHaveLength(1);
  });

  await test.step('signing out in one tab ends the stream, and no other tab opens one again (decision 017)', async () => {
    // The tab that inherits the stream meets the ended session: its reconnection is refused, which tells every tab.
    consoleGuard.allowFailedRequest('GET', '/api/events', 401);
    // Each other tab, told the stream was refused, asks who is signed in; the ended session answers 401.
    consoleGuard.allowFailedRequest('GET', '/api/auth/user', 401);
    const remaining = tabs.filter((tab) => !tab.isClosed());
    await remaining[0]!.goto('/api/logout');
    for (const tab of remaining) await expect(tab.getByRole('link', { name: 'Log in', exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => streams.open().length).toBe(0);
    const started = streams.started();
    await remaining[0]!.waitForTimeout(5000);
    expect(streams.started()).toBe(started);
  });
});
