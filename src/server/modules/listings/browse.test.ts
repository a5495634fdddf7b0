// engines: both — keyset pages and full-text search in SQL
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResult } from '#shared/services.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { createListing, loadCatalogue, offerPayload } from '#test/helpers/listings.js';
import { services, users } from '../../db/schema.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

const browse = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/services?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BrowseResult>();
};

/** The form's payload for an existing listing, ready to edit. */
const offerPayloadFor = async (listing: { categoryId: number; serviceTypeId: number }) => {
  const { categoryId, serviceTypeId } = listing;
  return { ...(await offerPayload(t)), categoryId, serviceTypeId };
};

/** A word no other test uses, so a search sees only this test's listings. */
const marker = () => `zq${randomBytes(4).toString('hex')}`;

describe('pagination', () => {
  it('walks every listing once, newest first, with no gaps or duplicates', async () => {
    const tag = marker();
    const created = [];
    for (let i = 0; i < 7; i++) created.push(await createListing(t, cookie, { title: `Dog walking ${tag} ${i}` }, 'pet'));
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: BrowseResult = await browse(`search=${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.services.length).toBeLessThanOrEqual(3);
      seen.push(...page.services.map((s) => s.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(created.map((s) => s.id).reverse());
  });

  it('keeps its place when new listings arrive between pages', async () => {
    const tag = marker();
    for (let i = 0; i < 4; i++) await createListing(t, cookie, { title: `Leaf raking ${tag} ${i}` }, 'yard');
    const first = await browse(`search=${tag}&limit=2`);
    await createListing(t, cookie, { title: `Leaf raking ${tag} late` }, 'yard');
    const second = await browse(`search=${tag}&limit=2&cursor=${first.nextCursor}`);
    const ids = [...first.services, ...second.services].map((s) => s.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('defaults to 24 per page, caps the page at 50 and refuses a forged cursor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/services?limit=51' })).statusCode).toBe(400);
    const forged = await t.app.inject({ method: 'GET', url: '/api/services?cursor=not-a-cursor' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid cursor');
    const page = await browse('');
    expect(page.services.length).toBeLessThanOrEqual(24);
  });
});

describe('filters', () => {
  it('filters by category id or slug, and by listing type', async () => {
    const tag = marker();
    const pet = await createListing(t, cookie, { title: `Cat sitting ${tag}` }, 'pet');
    const tech = await createListing(t, cookie, { title: `Laptop setup ${tag}` }, 'tech');
    const request = await createListing(t, cookie, { title: `Need a cat sitter ${tag}`, listingType: 'request', rate: null }, 'pet');
    const petId = (await loadCatalogue(t)).find((c) => c.slug === 'pet')!.id;

    const bySlug = (await browse(`search=${tag}&categoryId=pet`)).services.map((s) => s.id);
    const byId = (await browse(`search=${tag}&categoryId=${petId}`)).services.map((s) => s.id);
    expect(bySlug.sort()).toEqual([pet.id, request.id].sort());
    expect(byId.sort()).toEqual(bySlug);
    expect((await browse(`search=${tag}&categoryId=pet&listingType=request`)).services.map((s) => s.id)).toEqual([request.id]);
    expect((await browse(`search=${tag}&listingType=offer`)).services.map((s) => s.id).sort()).toEqual([pet.id, tech.id].sort());
    expect((await browse(`search=${tag}&listingType=all-types`)).services).toHaveLength(3);
    expect((await browse(`search=${tag}&categoryId=no-such-category`)).services).toEqual([]);
  });
});

describe('search', () => {
  it('finds words by their stem, in the title or the description', async () => {
    const tag = marker();
    const garden = await createListing(t, cookie, { title: `Gardening help ${tag}`, description: 'Weeding, planting and watering the beds of your garden every week.' }, 'yard');
    expect((await browse(`search=${tag} gardens`)).services.map((s) => s.id)).toContain(garden.id);
    expect((await browse(`search=${tag} planted`)).services.map((s) => s.id)).toContain(garden.id);
  });

  it('forgives typos and partial words in the title', async () => {
    const title = `Tutoring ${marker()}`;
    const listing = await createListing(t, cookie, { title }, 'tutoring');
    const found = await browse(`search=tutr&sort=relevance&limit=50`);
    expect(found.services.map((s) => s.id)).toContain(listing.id);
  });

  it('ranks the title above the description when sorting by relevance', async () => {
    const tag = marker();
    const inDescription = await createListing(t, cookie, { title: `Errands and more ${tag}`, description: 'I will also help with photography of family events around town.' }, 'household');
    const inTitle = await createListing(t, cookie, { title: `Photography sessions ${tag}`, description: 'Portraits, pets and small family events, edited and delivered within a week.' }, 'creative');
    const ranked = (await browse(`search=photography ${tag}&sort=relevance`)).services.map((s) => s.id);
    expect(ranked).toEqual([inTitle.id, inDescription.id]);
  });

  it('pages through every match by relevance: all words in the title first, then the rest, newest first in each', async () => {
    const tag = marker();
    const described = (n: number) => ({ title: `Weekend helper number ${n}`, description: `Happy to do origami folding lessons ${tag} for kids and adults.` });
    const titled = (n: number) => ({ title: `Origami lessons ${tag} ${n}`, description: 'Paper folding for beginners, all materials brought along.' });
    const created = [];
    for (const fields of [titled(1), described(1), titled(2), described(2), titled(3), described(3)]) created.push(await createListing(t, cookie, fields, 'creative'));
    const [t1, d1, t2, d2, t3, d3] = created.map((l) => l.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: BrowseResult = await browse(`search=origami ${tag}&sort=relevance&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.services.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([t3, t2, t1, d3, d2, d1]);
  });

  it('forgives a typo in a word the listing gained by an edit, and needs every word of the search', async () => {
    const tag = marker();
    const listing = await createListing(t, cookie, { title: `Bicycle repairs ${tag}` }, 'household');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${listing.id}`,
      headers: { cookie },
      payload: { ...(await offerPayloadFor(listing)), title: `Saxophone lessons ${tag}` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await browse(`search=saxophne ${tag}`)).services.map((s) => s.id)).toEqual([listing.id]);
    expect((await browse(`search=saxophone ${tag} ${marker()}`)).services).toEqual([]);
    // Stop words constrain nothing; a search of stop words alone finds nothing.
    expect((await browse(`search=the saxophone ${tag}`)).services.map((s) => s.id)).toEqual([listing.id]);
    expect((await browse(`search=the and of`)).services).toEqual([]);
  });

  it('answers an empty page for a search that matches nothing', async () => {
    const result = await browse(`search=${marker()}${marker()}`);
    expect(result).toEqual({ services: [], nextCursor: null });
  });
});

describe('signed-out pages kept in memory', () => {
  let cached: TestApp;
  let owner: string;
  beforeAll(async () => {
    cached = await createTestApp({ LISTINGS_CACHE_MS: '60000' });
    ({ cookie: owner } = await signUp(cached.app));
  });
  afterAll(() => cached.close());
  const ids = async (viewer?: string) =>
    (await cached.app.inject({ method: 'GET', url: '/api/services', headers: viewer ? { cookie: viewer } : {} })).json<BrowseResult>().services.map((s) => s.id);

  it('are forgotten by every listing change made through the app, and never used for signed-in readers', async () => {
    const first = await createListing({ ...cached }, owner);
    expect(await ids()).toEqual([first.id]);
    for (const headers of [{}, { cookie: owner }]) {
      const res = await cached.app.inject({ method: 'GET', url: '/api/services', headers });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json<BrowseResult>().services[0]).toMatchObject({ id: first.id, availability: ['mon', 'wed'], contactMethod: 'message' });
    }
    const second = await createListing({ ...cached }, owner);
    expect(await ids()).toEqual([second.id, first.id]);
    await cached.app.inject({ method: 'DELETE', url: `/api/services/${second.id}`, headers: { cookie: owner } });
    expect(await ids()).toEqual([first.id]);

    // A change behind the app's back (another process) shows to signed-in readers at once, to visitors within the TTL.
    await cached.database.db.execute(sql`update services set is_active = false where id = ${first.id}`);
    expect(await ids(owner)).toEqual([]);
    expect(await ids()).toEqual([first.id]);
    const restored = await cached.app.inject({ method: 'POST', url: `/api/services/${second.id}/restore`, headers: { cookie: owner } });
    expect(restored.statusCode).toBe(200);
    expect(await ids()).toEqual([second.id]);
  });
});

describe("a banned owner's listings (decision 033)", () => {
  it('leave every page when the ban is written, however it is written, and a listing saved for a banned owner is hidden from the start', async () => {
    const tag = marker();
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie, { title: `Leaf raking ${tag}` }, 'yard');
    const pages = async () =>
      Promise.all([browse(`search=${tag}`), browse(`search=${tag}&sort=relevance`), browse(`search=${tag}&categoryId=${listing.categoryId}`), browse('limit=50')]);
    const ids = (page: BrowseResult) => page.services.map((s) => s.id);
    expect((await pages()).slice(0, 3).map(ids)).toEqual([[listing.id], [listing.id], [listing.id]]);

    const db = t.database.db;
    await db.update(users).set({ isBanned: true }).where(eq(users.id, owner.user.id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...row } = (await db.select().from(services).where(eq(services.id, listing.id)))[0]!;
    const [written] = await db.insert(services).values({ ...row, revision: 1, ownerBanned: false }).returning({ id: services.id, ownerBanned: services.ownerBanned });
    expect(written!.ownerBanned).toBe(true);
    const banned = await pages();
    for (const page of banned) expect(ids(page)).not.toContain(listing.id);
    expect(banned.slice(0, 3).map(ids)).toEqual([[], [], []]);

    await db.update(users).set({ isBanned: false }).where(eq(users.id, owner.user.id));
    expect((await pages()).slice(0, 3).map(ids)).toEqual([[written!.id, listing.id], [written!.id, listing.id], [written!.id, listing.id]]);
  });
});
