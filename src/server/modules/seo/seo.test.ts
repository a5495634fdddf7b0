// engines: both — the sitemap's id ranges in SQL
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '#shared/catalogue.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { services, users } from '../../db/schema.js';
import { createListingsRepository } from '../listings/index.js';
import { robotsTxt } from './robots.js';
import { createSitemap, type SitemapSources } from './sitemap.js';

const PUBLIC_URL = 'https://market.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const listingIdsIn = (xml: string) => locs(xml).flatMap((loc) => (/\/services\/(\d+)$/.exec(loc) ? [Number(/\/services\/(\d+)$/.exec(loc)![1])] : []));

describe('GET /robots.txt', () => {
  it('lets crawlers read the public pages, not the API or anyone’s own pages, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/admin', '/messages', '/profile', '/my-services', '/create-service', '/request-service', '/edit-service/', '/accept-terms', '/login', '/forgot-password', '/reset-password', '/verify-email']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Allow: /api/images/');
    expect(lines).not.toContain('Disallow: /services');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('puts the app’s path in front of every rule when it is served under one', () => {
    const text = robotsTxt('https://example.org/market');
    expect(text).toContain('Allow: /market/\n');
    expect(text).toContain('Disallow: /market/api/\n');
    expect(text).toContain('Sitemap: https://example.org/market/sitemap.xml\n');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages, each category and every visible listing with its update time, and nothing hidden', async () => {
    const owner = await signUp(t.app);
    const visible = await Promise.all([0, 1, 2].map((i) => createListing(t, owner.cookie, { title: `Sitemap lesson ${i}` })));
    const [paused, deleted] = await Promise.all([createListing(t, owner.cookie), createListing(t, owner.cookie)]);
    await t.database.db.update(services).set({ isActive: false }).where(eq(services.id, paused.id));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/services/${deleted.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    const banned = await signUp(t.app);
    const bannedListing = await createListing(t, banned.cookie);
    await t.database.db.update(services).set({ ownerBanned: true }).where(eq(services.id, bannedListing.id));
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));

    // The first read of this app's sitemap: everything above is in place.
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const addresses = locs(res.body);
    for (const path of ['/', '/services', '/about', '/terms', ...CATALOGUE.map((c) => `/services?category=${c.slug}`)]) expect(addresses).toContain(`${PUBLIC_URL}${path}`);
    const ids = listingIdsIn(res.body);
    for (const listing of visible) {
      const { updatedAt } = (await t.database.db.select({ updatedAt: services.updatedAt }).from(services).where(eq(services.id, listing.id)))[0]!;
      expect(res.body).toContain(`<url><loc>${PUBLIC_URL}/services/${listing.id}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`);
    }
    for (const hidden of [paused, deleted, bannedListing]) expect(ids).not.toContain(hidden.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses a page that is not a number from 1 (400) and answers 404 for a page with nothing on it', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '99999999999']) {
      const res = await get(`/sitemap.xml?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const past = await get('/sitemap.xml?page=2147483647');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ message: 'Not found', code: 'not_found' });
    expect((await get('/sitemap.xml?page=1')).statusCode).toBe(200);
  });
});

describe('the sitemap past its per-file limit', () => {
  it('becomes an index of files, each within the limit, that together list every visible listing once', async () => {
    const owner = await signUp(t.app);
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await createListing(t, owner.cookie, { title: `Paged lesson ${i}` }));
    // Six listings in a row hidden: a range of three ids with nothing visible is left out of the index.
    for (const listing of made.slice(4, 10)) await t.database.db.update(services).set({ isActive: false }).where(eq(services.id, listing.id));
    const repo = createListingsRepository(t.database.db);
    const sources: SitemapSources = { categories: async () => CATALOGUE, visibleListingIds: (after, through, limit) => repo.publicListingIds(after, through, limit) };
    const whole = await createSitemap({ publicUrl: PUBLIC_URL, sources, cacheMs: 0 }).get();
    const everyone = listingIdsIn(whole!);
    expect(everyone.length).toBeGreaterThan(3);

    const ownPages = 4 + CATALOGUE.length;
    const urlsPerFile = ownPages + 3;
    const paged = createSitemap({ publicUrl: PUBLIC_URL, sources, urlsPerFile, cacheMs: 0 });
    const index = (await paged.get())!;
    expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n<sitemap>/);
    const pages = locs(index).map((loc) => Number(new URL(loc).searchParams.get('page')));
    expect(locs(index)[0]).toBe(`${PUBLIC_URL}/sitemap.xml?page=1`);
    expect(pages[0]).toBe(1);

    const listed: number[] = [];
    for (const page of pages) {
      const xml = (await paged.get(page))!;
      expect(locs(xml).length, `page ${page}`).toBeLessThanOrEqual(urlsPerFile);
      expect(locs(xml).includes(`${PUBLIC_URL}/about`), `page ${page}`).toBe(page === 1);
      listed.push(...listingIdsIn(xml));
    }
    expect(listed).toEqual(everyone);
    // Ranges that are not listed have nothing to show: the hidden run, and past the last listing.
    const skipped = Array.from({ length: Math.max(...pages) }, (_, i) => i + 1).filter((page) => !pages.includes(page));
    expect(skipped.length).toBeGreaterThan(0);
    for (const page of [...skipped, Math.max(...pages) + 1]) expect(await paged.get(page), `page ${page}`).toBeUndefined();
  });

  it('escapes what it writes into the XML', async () => {
    const sources: SitemapSources = { categories: async () => [{ slug: 'a&b<c>' }], visibleListingIds: async () => [] };
    const xml = (await createSitemap({ publicUrl: 'https://example.org/m&m\'s', sources, cacheMs: 0 }).get())!;
    expect(xml).toContain('<loc>https://example.org/m&amp;m&apos;s/services?category=a%26b%3Cc%3E</loc>');
    expect(xml).not.toMatch(/&(?!amp;|apos;|lt;|gt;|quot;)/);
  });
});
