import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type ConsoleMessage,
  type Disposable,
  type Locator,
  type Page,
} from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CategorySlug } from '../src/shared/catalogue.js';
import type { DayCode, ListingType, RateType, Service } from '../src/shared/services.js';

export { expect };

export interface Account {
  email: string;
  password: string;
  /** The username asked for at sign-up; undefined when the server made one from the email. */
  username?: string;
}

export type ThemeName = 'light' | 'dark';

/** The administrator of this suite's server (ADMIN_EMAILS in e2e/start-server.mjs). */
export const ADMIN_EMAIL = 'admin@example.test';

const DEFAULT_PASSWORD = 'correct-horse-battery';
const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/** An address no other test (nor an earlier run against a reused database) has used. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** A username that fits the 3 to 20 letters, digits and underscores rule and is unique to this test. */
export function uniqueUsername(prefix = 'u'): string {
  return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20);
}

function newAccount(details: Partial<Account> = {}): Account {
  return { email: details.email ?? uniqueEmail(), password: details.password ?? DEFAULT_PASSWORD, username: details.username };
}

// ---------------------------------------------------------------------------------------------
// Console guard (STYLE.md example 9): an unexpected console error or uncaught page error fails the test.
// ---------------------------------------------------------------------------------------------

interface FailedResponse {
  method: string;
  url: string;
  status: number;
}

interface RequestFailure {
  method: string;
  path: string;
  status: number;
}

export interface ConsoleGuard {
  /**
   * Declares that this test provokes a failed API call on purpose (a wrong password answers 401),
   * so the browser's own "Failed to load resource" line for exactly that call is not a failure.
   */
  allowFailedRequest(method: string, path: string, status: number): void;
}

/**
 * Signed out, the app asks GET /api/auth/user who is signed in and the server answers 401; Chromium
 * logs every 4xx as a console error. That single line is how "signed out" looks, so it alone is allowed
 * without a declaration.
 */
const ALWAYS_ALLOWED: RequestFailure = { method: 'GET', path: '/api/auth/user', status: 401 };

class ConsoleWatcher implements ConsoleGuard {
  private readonly consoleErrors: { text: string; url: string; page: string }[] = [];
  private readonly pageErrors: { message: string; page: string }[] = [];
  private readonly failedResponses: FailedResponse[] = [];
  private readonly allowed: RequestFailure[] = [ALWAYS_ALLOWED];

  constructor(private readonly baseURL: string) {}

  watch(context: BrowserContext): void {
    context.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      this.consoleErrors.push({ text: message.text(), url: message.location().url, page: message.page()?.url() ?? '(no page)' });
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      this.pageErrors.push({ message: error.stack ?? error.message, page: webError.page()?.url() ?? '(no page)' });
    });
    context.on('response', (response) => {
      if (response.status() >= 400) {
        this.failedResponses.push({ method: response.request().method(), url: response.url(), status: response.status() });
      }
    });
  }

  allowFailedRequest(method: string, path: string, status: number): void {
    this.allowed.push({ method: method.toUpperCase(), path, status });
  }

  /** A "Failed to load resource" line is allowed only when the matching response was seen and was declared. */
  private isAllowed(error: { text: string; url: string }): boolean {
    const match = FAILED_RESOURCE.exec(error.text);
    if (!match || !error.url.startsWith(this.baseURL)) return false;
    const status = Number(match[1]);
    const path = new URL(error.url).pathname;
    return this.allowed.some(
      (rule) =>
        rule.status === status &&
        rule.path === path &&
        this.failedResponses.some((r) => r.method === rule.method && r.status === status && r.url === error.url),
    );
  }

  problems(): string[] {
    return [
      ...this.consoleErrors
        .filter((error) => !this.isAllowed(error))
        .map((error) => `console.error on ${error.page}: ${error.text}${error.url ? ` (at ${error.url})` : ''}`),
      ...this.pageErrors.map((error) => `uncaught error on ${error.page}: ${error.message}`),
    ];
  }
}

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

export const test = base.extend<{ consoleGuard: ConsoleGuard; otherPage: Page }>({
  consoleGuard: [
    async ({ context, baseURL }, use) => {
      const watcher = new ConsoleWatcher(baseURL ?? '');
      watcher.watch(context);
      await use(watcher);
      const problems = watcher.problems();
      expect(problems, `The browser reported errors during the test:\n${problems.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
  /**
   * A second person: a page in a browser context of its own (its own cookies, so its own account), under the
   * same console guard as `page`. For stories between two people, such as one messaging the other.
   */
  otherPage: async ({ browser, consoleGuard, baseURL, viewport }, use) => {
    const context = await browser.newContext({ baseURL, viewport });
    (consoleGuard as ConsoleWatcher).watch(context);
    await use(await context.newPage());
    await context.close();
  },
});

// ---------------------------------------------------------------------------------------------
// Helpers that act as a person would, through the UI
// ---------------------------------------------------------------------------------------------

async function openLoginPage(page: Page): Promise<void> {
  if (new URL(page.url(), 'http://x').pathname !== '/login') await page.goto('/api/login');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Welcome', level: 1 })).toBeVisible();
}

/**
 * Signs up through the real sign-in flow (/api/login → /login → 'Create account') and waits for the
 * full page load that follows. A new account lands on /accept-terms.
 */
export async function createAccount(page: Page, details: Partial<Account> = {}): Promise<Account> {
  const account = newAccount(details);
  await openLoginPage(page);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (account.username) await page.getByLabel('Username (optional)').fill(account.username);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  return account;
}

/** Signs in through the real sign-in form and waits until the app has moved on from /login. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await openLoginPage(page);
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Ticks the agreement on /accept-terms, accepts, and waits for the welcome toast on the home page. */
export async function acceptTerms(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/accept-terms$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Our Community!' })).toBeVisible();
  const accept = page.getByRole('button', { name: 'Accept Terms & Continue' });
  await expect(accept).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have read and agree to the Terms of Service and Community Guidelines' }).check();
  await accept.click();
  await expectToast(page, 'Welcome to the community!');
  await expect(page).toHaveURL(/\/$/);
}

/**
 * A toast with this title (and this description, when given) is showing. Looked up inside the toast region, because Radix also keeps an offscreen copy for
 * screen readers. `includeHidden`: an open modal dialog hides the rest of the page, the toasts' region with it, from
 * assistive technology (the dialog states the same problem next to the field); the toast still shows.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const region = page.getByRole('region', { name: /^Notifications/, includeHidden: true });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) await expect(region.getByText(description, { exact: true })).toBeVisible();
}

/**
 * A signed-out action shows its toast, then, a second later, the app moves the whole page to /api/login, which sends
 * it on to /login. A new document has no toasts, and on a slow machine that second can pass before a locator looks,
 * so the toast is caught by the page itself, the moment it is shown (a MutationObserver started before the action).
 * A page that moves on without showing it fails the test: the page's promise is lost with it.
 */
export async function expectSignInPrompt(page: Page, act: () => Promise<void>, toast: { title: string; description: string }): Promise<void> {
  const returnTo = new URL(page.url()).pathname + new URL(page.url()).search;
  const shown = page.evaluate(
    ({ title, description }) =>
      new Promise<true>((resolve) => {
        const showing = () => {
          const text = document.querySelector('[role="region"][aria-label^="Notifications"]')?.textContent ?? '';
          return text.includes(title) && text.includes(description);
        };
        if (showing()) return resolve(true);
        const observer = new MutationObserver(() => {
          if (!showing()) return;
          observer.disconnect();
          resolve(true);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    toast,
  );
  await act();
  expect(await shown, `the toast '${toast.title}: ${toast.description}'`).toBe(true);
  await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent(returnTo)}`);
}

const themeScripts = new WeakMap<Page, Disposable>();

/**
 * Stores the theme choice before any page script runs, for every later load of this page (the app
 * reads localStorage 'theme' before first paint). Call it before `page.goto`, or reload afterwards.
 */
export async function setTheme(page: Page, theme: ThemeName): Promise<void> {
  await themeScripts.get(page)?.dispose();
  themeScripts.set(page, await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme));
}

/** The page root carries the theme the app applied. */
export async function expectTheme(page: Page, theme: ThemeName): Promise<void> {
  const html = page.locator('html');
  if (theme === 'dark') await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(html).toHaveAttribute('data-theme', theme);
}

/** Opens the avatar menu in the navigation bar and returns the menu. */
export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Open account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

// ---------------------------------------------------------------------------------------------
// Fast set-up through the JSON API, for tests whose story does not start at sign-up.
// page.request shares the page's cookie jar, so the page is signed in afterwards.
// ---------------------------------------------------------------------------------------------

/**
 * Registers through the API on `client` (a page's `page.request`, or a separate `request` context that
 * leaves the page signed out), optionally accepting the terms too.
 */
export async function registerWithApi(
  client: APIRequestContext,
  options: Partial<Account> & { acceptTerms?: boolean } = {},
): Promise<Account> {
  const account = newAccount(options);
  const response = await client.post('/api/auth/register', {
    data: { email: account.email, password: account.password, ...(account.username ? { username: account.username } : {}) },
  });
  expect(response.status(), `register ${account.email}: ${await response.text()}`).toBe(201);
  if (options.acceptTerms) {
    const accepted = await client.patch('/api/auth/terms-acceptance', { data: { termsAccepted: true } });
    expect(accepted.status(), `accept terms for ${account.email}: ${await accepted.text()}`).toBe(200);
  }
  return account;
}

/** A new account, signed in on `page` (page.request shares the page's cookies). */
export function signUpWithApi(page: Page, options: Partial<Account> & { acceptTerms?: boolean } = {}): Promise<Account> {
  return registerWithApi(page.request, options);
}

/**
 * Signs `page` in as the administrator. The address is fixed by the server's configuration, so the
 * account is created on first use and signed in to afterwards; the role comes once the address is proven
 * (decision 016), so the link of its verification email is opened too (by whichever test gets there first).
 */
export async function signInAsAdministrator(page: Page): Promise<void> {
  const credentials = { email: ADMIN_EMAIL, password: DEFAULT_PASSWORD };
  const registered = await page.request.post('/api/auth/register', { data: credentials });
  if (registered.status() === 409) {
    const signedIn = await page.request.post('/api/auth/login', { data: credentials });
    expect(signedIn.status(), `administrator sign-in: ${await signedIn.text()}`).toBe(200);
  } else {
    expect(registered.status(), `administrator sign-up: ${await registered.text()}`).toBe(201);
  }
  await proveAdministratorAddress(page.request);
  const accepted = await page.request.patch('/api/auth/terms-acceptance', { data: { termsAccepted: true } });
  expect(accepted.status(), `administrator accepts the terms: ${await accepted.text()}`).toBe(200);
}

// ---------------------------------------------------------------------------------------------
// Listings: made through the API for tests whose story is not the listing form itself.
// ---------------------------------------------------------------------------------------------

/**
 * A made-up word no other listing contains: put it in a title, search for it, and only this test's
 * listings come back, however many other tests are creating listings at the same time.
 * Letters only, so the full-text search stems it like any other word.
 */
export function uniqueWord(): string {
  let word = '';
  for (let i = 0; i < 12; i++) word += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return word;
}

/** A small PNG: a coloured background with a pale disc, so two photos are told apart on screen. */
export async function pngImage(background: string, size = { width: 320, height: 240 }): Promise<Buffer> {
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${background}"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ffffff" fill-opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The inline form a listing's `images` may carry (spec section 3). */
export function pngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}

export interface ListingDetails {
  listingType: ListingType;
  category: CategorySlug;
  /** A service type of the category, by name; the category's first one when left out. */
  serviceType: string;
  title: string;
  description: string;
  /** Data URLs or /api/images/{id} addresses. */
  images: string[];
  rate: number | null;
  rateType: RateType;
  pricesVary: boolean;
  availability: DayCode[];
  isVirtual: boolean;
  zipCode: string | null;
  city: string | null;
  state: string | null;
}

type ApiClient = Page | APIRequestContext;
const apiOf = (who: ApiClient): APIRequestContext => ('goto' in who ? who.request : who);

// The catalogue is fixed for the server's lifetime, so each worker reads it once (and each category's services once).
const categoryIds = new Map<string, number>();
const serviceTypesOf = new Map<number, { id: number; name: string }[]>();

async function getJson<T>(client: APIRequestContext, path: string): Promise<T> {
  const response = await client.get(path);
  expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function catalogueIds(client: APIRequestContext, slug: string, serviceTypeName?: string): Promise<{ categoryId: number; serviceTypeId: number }> {
  if (categoryIds.size === 0) {
    for (const category of await getJson<{ id: number; slug: string }[]>(client, '/api/categories')) categoryIds.set(category.slug, category.id);
  }
  const categoryId = categoryIds.get(slug);
  if (categoryId === undefined) throw new Error(`No category with the slug ${slug}`);
  let types = serviceTypesOf.get(categoryId);
  if (!types) {
    types = await getJson<{ id: number; name: string }[]>(client, `/api/categories/${categoryId}/service-types`);
    serviceTypesOf.set(categoryId, types);
  }
  const type = serviceTypeName ? types.find((t) => t.name === serviceTypeName) : types[0];
  if (!type) throw new Error(`No service type ${serviceTypeName ?? '(any)'} in ${slug}`);
  return { categoryId, serviceTypeId: type.id };
}

/**
 * Creates a listing as the account signed in on `who` (a page, whose cookies page.request shares, or an
 * API context of its own). Defaults: an hourly $25 dog-walking offer in Montclair, NJ, on Mon and Wed.
 */
export async function createListingWithApi(who: ApiClient, overrides: Partial<ListingDetails> = {}): Promise<Service> {
  const client = apiOf(who);
  const { category = 'pet', serviceType, ...fields } = overrides;
  const listingType = fields.listingType ?? 'offer';
  const body = {
    listingType,
    ...(await catalogueIds(client, category, serviceType)),
    title: `Neighbourly help ${uniqueWord()}`,
    description: 'Reliable, friendly help from a neighbour who lives just around the corner.',
    images: [],
    rate: listingType === 'offer' ? 25 : null,
    rateType: 'hourly',
    pricesVary: false,
    availability: ['mon', 'wed'],
    isVirtual: false,
    zipCode: '07042',
    city: 'Montclair',
    state: 'NJ',
    ...fields,
  };
  const response = await client.post('/api/services', { data: body });
  expect(response.status(), `POST /api/services "${body.title}": ${await response.text()}`).toBe(201);
  return (await response.json()) as Service;
}

/** Saves changes the way the edit form does (PUT with the listing's unchanged category and service type). */
export async function updateListingWithApi(
  who: ApiClient,
  service: Service,
  changes: Partial<Omit<ListingDetails, 'listingType' | 'category' | 'serviceType'>> & { isActive?: boolean },
): Promise<Service> {
  const { id, categoryId, serviceTypeId, title, description, images, rate, rateType, pricesVary, availability, isVirtual, zipCode, city, state, isActive } = service;
  const body = { categoryId, serviceTypeId, title, description, images, rate, rateType, pricesVary, availability, isVirtual, zipCode, city, state, isActive, ...changes };
  const response = await apiOf(who).put(`/api/services/${id}`, { data: body });
  expect(response.status(), `PUT /api/services/${id}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Service;
}

/** The owner's soft delete. */
export async function deleteListingWithApi(who: ApiClient, service: Service): Promise<Service> {
  const response = await apiOf(who).delete(`/api/services/${service.id}`);
  expect(response.status(), `DELETE /api/services/${service.id}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Service;
}

/** A service card, found by its title (the card is an article labelled by its heading). */
export function listingCard(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

/** Opens the owner menu ('Manage {title}') of a card and returns the menu. */
export async function openOwnerMenu(page: Page, title: string): Promise<Locator> {
  await listingCard(page, title).getByRole('button', { name: `Manage ${title}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Lazy card photos load only near the viewport: bring each into view and wait until it has decoded. */
export async function expectPhotosLoaded(page: Page): Promise<void> {
  for (const image of await page.locator('main img').all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

// ---------------------------------------------------------------------------------------------
// Messaging: conversations made through the API for tests whose story is not the message dialog.
// ---------------------------------------------------------------------------------------------

/** The first message about a listing, from the account signed in on `who` to the listing's owner. Answers the conversation id. */
export async function messageAboutListingWithApi(who: ApiClient, service: Service, message: string): Promise<number> {
  const response = await apiOf(who).post('/api/conversations', {
    data: { participantId: service.userId, serviceId: service.id, message, sendCopyToSender: false },
  });
  expect([200, 201], `POST /api/conversations about "${service.title}": ${await response.text()}`).toContain(response.status());
  return ((await response.json()) as { id: number }).id;
}

/** A reply in a conversation the account signed in on `who` takes part in. */
export async function replyWithApi(who: ApiClient, conversationId: number, content: string): Promise<void> {
  const response = await apiOf(who).post(`/api/conversations/${conversationId}/messages`, { data: { content, sendCopyToSender: false } });
  expect(response.status(), `POST /api/conversations/${conversationId}/messages: ${await response.text()}`).toBe(201);
}

/** Marks a listing complete for a conversation, as either of its two people signed in on `who`. */
export async function completeWithApi(who: ApiClient, serviceId: number, conversationId: number): Promise<void> {
  const response = await apiOf(who).post(`/api/services/${serviceId}/complete`, { data: { conversationId } });
  expect([200, 201], `POST /api/services/${serviceId}/complete: ${await response.text()}`).toContain(response.status());
}

/**
 * Confirms the address of the account signed in on `who` with the link of its sign-up email, as opening that link
 * does: writing a review needs it (decision 022).
 */
export async function verifyEmailWithApi(who: ApiClient): Promise<void> {
  const client = apiOf(who);
  const { email } = (await (await client.get('/api/auth/user')).json()) as { email: string };
  const link = linkIn(await readEmail(email, { subject: 'Confirm your email address' }), '/verify-email');
  const token = new URL(link, 'http://localhost').searchParams.get('token');
  const response = await client.post('/api/auth/verify-email', { data: { token } });
  expect(response.status(), `POST /api/auth/verify-email for ${email}: ${await response.text()}`).toBe(200);
}

export interface ConversationSetUp {
  service: Service;
  conversationId: number;
  /** The listing owner's username, as the chat names them. */
  ownerName: string;
  /** /messages with this conversation open. */
  path: string;
}

/**
 * A conversation about a listing, a few messages long, seen by the account signed in on `page` (who wrote first).
 * The owner acts through `ownerClient`, an API context of their own (the test's `request`).
 */
export async function setUpConversation(page: Page, ownerClient: APIRequestContext): Promise<ConversationSetUp> {
  const ownerName = uniqueUsername('owner');
  await registerWithApi(ownerClient, { acceptTerms: true, username: ownerName });
  const service = await createListingWithApi(ownerClient, { title: `Dog walking around the park ${uniqueWord()}` });
  await signUpWithApi(page, { acceptTerms: true, username: uniqueUsername('member') });
  const conversationId = await messageAboutListingWithApi(page, service, `Hi ${ownerName}, I'm interested in your service "${service.title}". Is it still available?`);
  await replyWithApi(ownerClient, conversationId, 'Yes! I walk in the mornings from Monday to Friday. How big is your dog?');
  await replyWithApi(page, conversationId, 'She is a small beagle, very friendly.\nCould we start next Monday at 9?');
  await replyWithApi(ownerClient, conversationId, 'Monday at 9 works. See you then!');
  return { service, conversationId, ownerName, path: `/messages?conversation=${conversationId}` };
}

// ---------------------------------------------------------------------------------------------
// Email: e2e/start-server.mjs runs a real SMTP server (e2e/start-smtp-server.ts) that writes every message it
// receives into this folder as JSON. The app sends through its outbox, whose worker flushes every few seconds.
// ---------------------------------------------------------------------------------------------

const EMAIL_DIR = 'test-results/emails';

export interface ReceivedEmail {
  to: string[];
  from: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

function emailsTo(address: string, subject: string | RegExp | undefined): ReceivedEmail[] {
  if (!existsSync(EMAIL_DIR)) return [];
  const wanted = address.toLowerCase();
  return readdirSync(EMAIL_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(EMAIL_DIR, name), 'utf8')) as ReceivedEmail)
    .filter((mail) => mail.to.some((to) => to.toLowerCase() === wanted))
    .filter((mail) => subject === undefined || (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));
}

/** The newest email to `to` (with this subject, when given), waiting for the outbox to send it. */
export async function readEmail(to: string, options: { subject?: string | RegExp; timeout?: number } = {}): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      () => {
        found = emailsTo(to, options.subject).at(-1);
        return found !== undefined;
      },
      { message: `an email to ${to}${options.subject ? ` with the subject ${String(options.subject)}` : ''}`, timeout: options.timeout ?? 15_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** How many emails `to` has received so far (with this subject, when given). */
export function countEmails(to: string, subject?: string | RegExp): number {
  return emailsTo(to, subject).length;
}

/** The link of an email that opens `pathname` on this site, as a path with its query (`/reset-password?token=…`). */
export function linkIn(email: ReceivedEmail, pathname: string): string {
  for (const match of email.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return `${url.pathname}${url.search}`;
  }
  throw new Error(`The email "${email.subject}" to ${email.to.join(', ')} has no link to ${pathname}:\n${email.text}`);
}

/** Opens the newest verification link sent to the administrator's address until the signed-in account says it is verified. */
async function proveAdministratorAddress(client: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const me = (await (await client.get('/api/auth/user')).json()) as { emailVerified: boolean };
        if (me.emailVerified) return true;
        const email = emailsTo(ADMIN_EMAIL, 'Confirm your email address').at(-1);
        // A parallel test may have opened this link already: the next look at the account says so.
        if (email) await client.post('/api/auth/verify-email', { data: { token: new URL(linkIn(email, '/verify-email'), 'http://x').searchParams.get('token') } });
        return false;
      },
      { message: `the verification email of ${ADMIN_EMAIL}`, timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
}

/** Sets the profile picture of the account signed in on `who` (PUT /api/auth/avatar, as the profile page does). */
export async function uploadAvatarWithApi(who: ApiClient, png: Buffer): Promise<string> {
  const response = await apiOf(who).put('/api/auth/avatar', { multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: png } } });
  expect(response.status(), `PUT /api/auth/avatar: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { profileImageUrl: string }).profileImageUrl;
}

// ---------------------------------------------------------------------------------------------
// Accessibility
// ---------------------------------------------------------------------------------------------

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface A11yScanOptions {
  /** Only this part of the page (a CSS selector), e.g. an open modal menu that hides the rest from assistive technology. */
  include?: string;
  /** Names the scan in the failure message when a test scans more than once (a theme, a state). */
  label?: string;
  /** Record the failure and let the test go on to its next scan, so one run reports every failing state. */
  soft?: boolean;
}

/** Runs axe with the WCAG 2.1 A/AA rules and fails with one readable paragraph per violation. */
export async function expectNoA11yViolations(page: Page, options: A11yScanOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const report = results.violations.map((violation) => {
    const nodes = violation.nodes.map((node) => {
      const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
      return `    - ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
    });
    return `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
  });
  const where = `${page.url()}${options.label ? ` (${options.label})` : ''}`;
  const message = `axe found ${report.length} WCAG 2.1 A/AA violation(s) on ${where}:\n\n${report.join('\n\n')}\n`;
  if (options.soft) expect.soft(report, message).toEqual([]);
  else expect(report, message).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Every page of the app, for the accessibility and screenshot specs
// ---------------------------------------------------------------------------------------------

export interface AppPage {
  /** File-name friendly name. */
  name: string;
  path: string;
  /** The page's main heading, which appears only once the page (and the sign-in state) has loaded. */
  heading: string;
  /** visitor: signed out; newcomer: signed up, terms not accepted yet; member: terms accepted. */
  who: 'visitor' | 'newcomer' | 'member';
}

export const APP_PAGES: readonly AppPage[] = [
  { name: 'home', path: '/', heading: 'Connect with helpers in your community', who: 'visitor' },
  { name: 'about', path: '/about', heading: 'Neighbours helping neighbours', who: 'visitor' },
  { name: 'terms', path: '/terms', heading: 'Terms and Privacy', who: 'visitor' },
  { name: 'contact', path: '/contact', heading: 'Contact Us', who: 'visitor' },
  { name: 'login', path: '/login', heading: 'Welcome', who: 'visitor' },
  { name: 'not-found', path: '/not-a-page', heading: '404 Page Not Found', who: 'visitor' },
  { name: 'forgot-password', path: '/forgot-password', heading: 'Forgot your password?', who: 'visitor' },
  // A token of the right shape shows the form; the server only judges it when the form is sent.
  { name: 'reset-password', path: `/reset-password?token=${'x'.repeat(43)}`, heading: 'Set a new password', who: 'visitor' },
  { name: 'reset-password-invalid', path: '/reset-password', heading: 'This link no longer works', who: 'visitor' },
  { name: 'verify-email-invalid', path: '/verify-email?token=not-a-token', heading: 'This link no longer works', who: 'visitor' },
  { name: 'accept-terms', path: '/accept-terms', heading: 'Welcome to Our Community!', who: 'newcomer' },
  { name: 'home-signed-in', path: '/', heading: 'Connect with helpers in your community', who: 'member' },
  { name: 'profile', path: '/profile', heading: 'Your Profile', who: 'member' },
  { name: 'contact-signed-in', path: '/contact', heading: 'Contact Us', who: 'member' },
  { name: 'messages', path: '/messages', heading: 'Messages', who: 'member' },
];

/** Signs in as the page needs, opens it in the given theme and waits until it has fully loaded. */
export async function openAppPage(page: Page, appPage: AppPage, theme: ThemeName): Promise<void> {
  if (appPage.who !== 'visitor') await signUpWithApi(page, { acceptTerms: appPage.who === 'member' });
  await showInTheme(page, appPage, theme);
}

/** Opens a page for whoever is signed in on `page` already (a test that made its own data first), in the given theme. */
export async function showInTheme(page: Page, appPage: AppPage, theme: ThemeName): Promise<void> {
  await setTheme(page, theme);
  await page.goto(appPage.path);
  await expectAppPageLoaded(page, appPage, theme);
}

/** Switches an open page to another theme the way a returning visitor gets it: stored, then a fresh load. */
export async function reloadInTheme(page: Page, appPage: AppPage, theme: ThemeName): Promise<void> {
  await setTheme(page, theme);
  await page.reload();
  await expectAppPageLoaded(page, appPage, theme);
}

async function expectAppPageLoaded(page: Page, appPage: AppPage, theme: ThemeName): Promise<void> {
  await expect(page).toHaveURL(appPage.path);
  await expect(page.getByRole('heading', { name: appPage.heading, exact: true, level: 1 })).toBeVisible();
  await expectTheme(page, theme);
  if (appPage.path === '/') {
    // The category tiles replace their skeletons once the catalogue arrives.
    await expect(page.getByRole('region', { name: 'Browse by Category' }).getByRole('list').getByRole('link')).toHaveCount(8);
  }
}

export function appPage(name: string): AppPage {
  const found = APP_PAGES.find((p) => p.name === name);
  if (!found) throw new Error(`No page named ${name} in APP_PAGES`);
  return found;
}
