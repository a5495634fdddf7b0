// engines: both — a listing's state comes from each engine's rows and triggers (expiry, ban, blocks), and its page's words from what the API refuses with
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '#shared/services.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { services, users } from '../../db/schema.js';

/**
 * A listing nobody may see, and a member page not shown (decision 069): the API's refusal says why, in its error
 * shape, and the server-rendered page says so in people's words with status 404; an id or a name that names nothing
 * keeps the specification's not-found screen.
 */
let t: TestApp;
let owner: SignedUp;
let other: SignedUp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://market.example', ADMIN_EMAILS: ADMIN_EMAIL }, { pages: true });
  owner = await signUp(t.app);
  other = await signUp(t.app);
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

const TEXTS = {
  deleted: 'This listing was removed by its owner',
  expired: 'This listing has expired',
  hidden: 'This listing is no longer available',
} as const;
const TUTORING = { name: 'Tutoring', slug: 'tutoring' };

/** A tutoring listing of `author`, with a title no other test uses, put in `state` as the app would put it there. */
async function listingIn(state: 'visible' | 'deleted' | 'paused' | 'paused then deleted' | 'expired' | 'owner banned', author: SignedUp = owner): Promise<Service> {
  const listing = await createListing(t, author.cookie, { title: `Algebra lessons ${Math.random().toString(36).slice(2, 8)}` }, 'tutoring');
  if (state === 'paused' || state === 'paused then deleted') {
    expect((await send('PUT', `/api/services/${listing.id}`, author.cookie, { ...listing, images: [], isActive: false })).statusCode).toBe(200);
  }
  if (state === 'deleted' || state === 'paused then deleted') expect((await send('DELETE', `/api/services/${listing.id}`, author.cookie)).statusCode).toBe(200);
  // What the expiry sweep writes once the listing's day has passed (decision 051).
  if (state === 'expired') await t.database.db.update(services).set({ expired: true }).where(eq(services.id, listing.id));
  if (state === 'owner banned') expect((await send('POST', `/api/admin/users/${author.user.id}/ban`, admin.cookie)).statusCode).toBe(200);
  return listing;
}

/** Text as HTML escapes it (React writes an apostrophe as &#x27;, the head as &#39;). */
const unescaped = (html: string | undefined) => html?.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** The document's parts a reader looks for. */
function read(html: string) {
  const meta = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
  return {
    title: unescaped(/<title>([^<]*)<\/title>/.exec(html)?.[1]),
    description: unescaped(meta('description')),
    robots: meta('robots'),
    h1: unescaped(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]),
    root: /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="page-state">/.exec(html)?.[1] ?? '',
    state: /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1] ?? '',
  };
}

describe('GET /api/services/{id} for a listing the reader may not see', () => {
  it.each([
    ['deleted', 'deleted'],
    ['expired', 'expired'],
    ['paused', 'hidden'],
    // Hidden outranks deleted: nobody learns that a listing they could not see was deleted.
    ['paused then deleted', 'hidden'],
    ['owner banned', 'hidden'],
  ] as const)('%s: 404 in the error shape, with why and the category, to everyone but the owner', async (state, reason) => {
    const author = state === 'owner banned' ? await signUp(t.app) : owner;
    const listing = await listingIn(state, author);
    for (const [who, cookie] of [['anonymous', undefined], ['another member', other.cookie], ['the administrator', admin.cookie]] as const) {
      const res = await get(`/api/services/${listing.id}`, cookie);
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toEqual({
        message: 'Service not found',
        code: 'not_found',
        unavailable: { reason, category: { id: listing.categoryId, name: TUTORING.name, slug: TUTORING.slug, color: listing.category.color } },
      });
      // Nothing of the listing or of its owner.
      expect(res.body).not.toContain(listing.title);
      expect(res.body).not.toContain(author.user.id);
      expect(res.body).not.toContain(author.user.username!);
    }
    if (state !== 'owner banned') expect((await get(`/api/services/${listing.id}`, owner.cookie)).statusCode).toBe(200);
  });

  it('answers an unknown id with the plain not-found error, and a malformed one 400, saying nothing more', async () => {
    for (const id of ['2147483000', '99999999']) {
      const res = await get(`/api/services/${id}`, other.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Service not found', code: 'not_found' });
    }
    for (const id of ['abc', '0', '1e3', '12345678901234567890']) {
      const res = await get(`/api/services/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).not.toHaveProperty('unavailable');
    }
  });

  it('answers a reader who blocked the owner as for a hidden listing, and everyone else with the listing', async () => {
    const author = await signUp(t.app);
    const listing = await listingIn('visible', author);
    const reader = await signUp(t.app);
    expect((await send('POST', `/api/users/${author.user.id}/block`, reader.cookie)).statusCode).toBe(204);
    const refused = await get(`/api/services/${listing.id}`, reader.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found', unavailable: { reason: 'hidden', category: { slug: 'tutoring' } } });
    // Deleted since, it is still only 'no longer available' to them: the block is what they see first.
    expect((await send('DELETE', `/api/services/${listing.id}`, author.cookie)).statusCode).toBe(200);
    expect((await get(`/api/services/${listing.id}`, reader.cookie)).json()).toMatchObject({ unavailable: { reason: 'hidden' } });
    expect((await get(`/api/services/${listing.id}`, other.cookie)).json()).toMatchObject({ unavailable: { reason: 'deleted' } });
    expect((await send('POST', `/api/services/${listing.id}/restore`, author.cookie)).statusCode).toBe(200);
    for (const cookie of [undefined, other.cookie, author.cookie]) expect((await get(`/api/services/${listing.id}`, cookie)).statusCode).toBe(200);
    // The blocked owner is not blocked from the blocker's listings: a block hides the blocked one's listings only.
    const readers = await listingIn('visible', reader);
    expect((await get(`/api/services/${readers.id}`, author.cookie)).statusCode).toBe(200);
  });
});

describe('the page of a listing the reader may not see', () => {
  it.each([
    ['deleted', TEXTS.deleted],
    ['expired', TEXTS.expired],
    ['paused', TEXTS.hidden],
    ['paused then deleted', TEXTS.hidden],
    ['owner banned', TEXTS.hidden],
  ] as const)('%s: status 404, its words, "Browse similar listings" in its category, kept out of search engines', async (state, words) => {
    const author = state === 'owner banned' ? await signUp(t.app) : owner;
    const listing = await listingIn(state, author);
    for (const cookie of [undefined, other.cookie]) {
      const res = await get(`/services/${listing.id}`, cookie);
      expect(res.statusCode).toBe(404);
      const doc = read(res.body);
      expect(doc.h1).toBe(words);
      expect(doc.title).toBe(`${words} | Community Services Marketplace`);
      expect(doc.description).toBe('You may find others like it in Tutoring.');
      expect(doc.robots).toBe('noindex');
      expect(doc.root).toMatch(/<a [^>]*href="\/services\?category=tutoring"[^>]*>Browse similar listings<\/a>/);
      expect(doc.root).not.toContain('404 Page Not Found');
      // Nothing of the listing or of its owner, in the markup or in the state the browser hydrates from.
      expect(res.body).not.toContain(listing.title);
      expect(res.body).not.toContain(author.user.username!);
      // The refusal travels with the page, so the browser shows what the server showed without asking again.
      const { queries } = JSON.parse(doc.state) as { queries: Array<{ queryKey: unknown[]; state: unknown }> };
      const detail = queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(['services', 'detail', listing.id]));
      expect(detail?.state).toMatchObject({ status: 'error', error: { apiError: { status: 404, code: 'not_found', unavailable: { category: { slug: 'tutoring' } } } } });
    }
    if (state !== 'owner banned') {
      const own = await get(`/services/${listing.id}`, owner.cookie);
      expect(own.statusCode).toBe(200);
      expect(read(own.body).h1).toBe(listing.title);
    }
  });

  it("is 'no longer available' to a reader who blocked the owner, and the listing to everyone else", async () => {
    const author = await signUp(t.app);
    const listing = await listingIn('visible', author);
    const reader = await signUp(t.app);
    expect((await send('POST', `/api/users/${author.user.id}/block`, reader.cookie)).statusCode).toBe(204);
    const blocked = await get(`/services/${listing.id}`, reader.cookie);
    expect(blocked.statusCode).toBe(404);
    expect(read(blocked.body).h1).toBe(TEXTS.hidden);
    expect(blocked.body).not.toContain(listing.title);
    for (const cookie of [undefined, other.cookie]) {
      const shown = await get(`/services/${listing.id}`, cookie);
      expect(shown.statusCode).toBe(200);
      expect(read(shown.body).h1).toBe(listing.title);
    }
  });

  it("keeps the specification's not-found screen for an id that names no listing, and for a malformed one", async () => {
    for (const url of ['/services/2147483000', '/services/99999999', '/services/abc', '/services/0']) {
      const res = await get(url, other.cookie);
      expect(res.statusCode, url).toBe(404);
      const doc = read(res.body);
      expect(doc.h1, url).toBe('404 Page Not Found');
      expect(doc.root).toContain('Did you forget to add the page to the router?');
      expect(doc.root).not.toContain('Browse similar listings');
    }
  });
});

describe("a member's page not shown", () => {
  const MEMBER_TEXT = "This member's page is not available";

  it('is the same page, status 404, for an unknown, a deleted and a suspended member, to anyone', async () => {
    const leaving = await signUp(t.app);
    const leavingName = leaving.user.username!;
    expect((await send('DELETE', '/api/auth/account', leaving.cookie, { password: leaving.password })).statusCode).toBe(200);
    const suspended = await signUp(t.app);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, suspended.user.id));
    const pages = new Set<string>();
    for (const name of ['nobody_by_that_name', leavingName, suspended.user.username!]) {
      for (const cookie of [undefined, other.cookie]) {
        const res = await get(`/members/${name}`, cookie);
        expect(res.statusCode, name).toBe(404);
        const doc = read(res.body);
        expect(doc.h1).toBe(MEMBER_TEXT);
        expect(doc.title).toBe(`${MEMBER_TEXT} | Community Services Marketplace`);
        expect(doc.robots).toBe('noindex');
        expect(doc.root).toMatch(/<a [^>]*href="\/services"[^>]*>Browse listings<\/a>/);
        if (cookie === undefined) pages.add(doc.root);
      }
    }
    // Nobody can tell the three apart.
    expect(pages.size).toBe(1);
  });

  it("keeps the specification's not-found screen for a name no account could have", async () => {
    for (const path of ['/members/%00', `/members/${'x'.repeat(300)}`]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(read(res.body).h1).toBe('404 Page Not Found');
    }
  });
});
