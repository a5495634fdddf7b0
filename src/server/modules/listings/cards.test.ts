// engines: both — revisions moved by triggers
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResult, Service } from '#shared/services.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing, offerPayload } from '#test/helpers/listings.js';
import { pngDataUrl, solidPng } from '#test/support/images.js';
import { uploadFile } from '#test/support/multipart.js';
import { categories, images, services, users } from '../../db/schema.js';
import { createListingCards } from './cards.js';
import type { ListingRecord } from './repository.js';

/** Decision 031: browse pages are put together from listing cards remembered under (id, revision). */

let t: TestApp;
let owner: SignedUp;
let reader: SignedUp;
beforeAll(async () => {
  t = await createTestApp(); // without the signed-out page cache: every page here is put together from cards

  owner = await signUp(t.app);
  reader = await signUp(t.app);
});
afterAll(() => t.close());


/** The card of `id` on a search page, as the reader (or an anonymous visitor) sees it. */
async function cardOf(id: number, search: string, cookie?: string): Promise<Service> {
  const res = await t.app.inject({ method: 'GET', url: `/api/services?search=${search}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  const card = res.json<BrowseResult>().services.find((s) => s.id === id);
  expect(card, `listing ${id} on the page`).toBeDefined();
  return card!;
}

/** The card as the owner, the reader and an anonymous visitor see it; each read is a browse page. */
const everyone = async (id: number, word: string) => ({
  owner: await cardOf(id, word, owner.cookie),
  reader: await cardOf(id, word, reader.cookie),
  anonymous: await cardOf(id, word),
});

async function ok(method: 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  expect(res.statusCode, res.body).toBe(200);
}

const revisionOf = async (id: number) => (await t.database.db.select({ revision: services.revision }).from(services).where(eq(services.id, id)))[0]!.revision;

describe('browse pages put together from remembered cards', () => {
  it('always show what the database holds now: edits, likes, the owner’s name and picture, the pictures', async () => {
    const word = `zq${Date.now().toString(36)}`;
    const listing = await createListing(t, owner.cookie, { title: `Piano lessons ${word}` });
    const first = await everyone(listing.id, word);
    expect(first.anonymous.title).toBe(`Piano lessons ${word}`);
    // Their own email only to the owner; the remembered card is nobody's.
    expect(first.owner.user.email).toBe(owner.email);
    expect(first.reader.user.email).toBeNull();
    expect(first.anonymous.user.email).toBeNull();

    const edit = { ...(await offerPayload(t)), categoryId: listing.categoryId, serviceTypeId: listing.serviceTypeId, title: `Piano and singing ${word}` };
    await ok('PUT', `/api/services/${listing.id}`, owner.cookie, edit);
    for (const card of Object.values(await everyone(listing.id, word))) expect(card.title).toBe(`Piano and singing ${word}`);

    await ok('POST', `/api/services/${listing.id}/like`, reader.cookie);
    const liked = await everyone(listing.id, word);
    expect(liked.reader).toMatchObject({ likeCount: 1, isLikedByUser: true });
    expect(liked.owner).toMatchObject({ likeCount: 1, isLikedByUser: false, user: { email: owner.email } });
    expect(liked.anonymous).toMatchObject({ likeCount: 1, isLikedByUser: false });

    const username = `renamed_${word}`.slice(0, 30);
    await ok('PATCH', '/api/auth/username', owner.cookie, { username });
    for (const card of Object.values(await everyone(listing.id, word))) expect(card.user.username).toBe(username);

    await ok('PUT', `/api/services/${listing.id}`, owner.cookie, { ...edit, images: [pngDataUrl(await solidPng(40, 30))] });
    const pictured = await everyone(listing.id, word);
    expect(pictured.anonymous.images).toHaveLength(1);
    expect(pictured.reader.images).toEqual(pictured.anonymous.images);

    await ok('PUT', `/api/services/${listing.id}`, owner.cookie, { ...edit, images: [] });
    expect((await cardOf(listing.id, word)).images).toEqual([]);
  });

  it('show a new profile picture on every card of its owner', async () => {
    const word = `zq${Date.now().toString(36)}p`;
    const listing = await createListing(t, owner.cookie, { title: `Guitar lessons ${word}` });
    expect((await cardOf(listing.id, word)).user.profileImageUrl).toBe(owner.user.profileImageUrl ?? null);
    const png = await solidPng(120, 120, '#884422');
    const res = await uploadFile(t.app, png, { method: 'PUT', url: '/api/auth/avatar', cookie: owner.cookie, fileName: 'me.png' });
    expect(res.statusCode, res.body).toBe(200);
    const avatar = res.json<{ profileImageUrl: string }>().profileImageUrl;
    expect(avatar).toMatch(/^\/api\/images\//);
    expect((await cardOf(listing.id, word, reader.cookie)).user.profileImageUrl).toBe(avatar);
  });

  it("show whether the owner's address is confirmed, as soon as it is (decision 049)", async () => {
    const word = `zq${Date.now().toString(36)}v`;
    const fresh = await signUp(t.app);
    const listing = await createListing(t, fresh.cookie, { title: `Cello lessons ${word}` });
    expect((await cardOf(listing.id, word)).user.emailVerified).toBe(false);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, fresh.user.id));
    expect((await cardOf(listing.id, word, reader.cookie)).user.emailVerified).toBe(true);
    expect((await cardOf(listing.id, word)).user.emailVerified).toBe(true);
  });
});

describe("a listing's revision (migrations 0013 and 0020)", () => {
  it('moves with every change to what its card shows, and only then', async () => {
    const word = `zq${Date.now().toString(36)}r`;
    const listing = await createListing(t, owner.cookie, { title: `Dog walking ${word}` }, 'pet');
    const { db } = t.database;
    let last = await revisionOf(listing.id);
    const moved = async (what: string) => {
      const now = await revisionOf(listing.id);
      expect(now, what).toBeGreaterThan(last);
      last = now;
    };

    await db.update(services).set({ likeCount: sql`${services.likeCount}` }).where(eq(services.id, listing.id));
    await moved('any update of the row');
    const [image] = await db
      .insert(images)
      .values({ id: crypto.randomUUID(), userId: owner.user.id, serviceId: listing.id, full: Buffer.from('x'), fullWidth: 1, fullHeight: 1, card: Buffer.from('x'), cardWidth: 1, cardHeight: 1 })
      .returning({ id: images.id });
    await moved('a picture added');
    await db.update(images).set({ position: 1 }).where(eq(images.id, image!.id));
    await moved('a picture moved');
    await db.delete(images).where(eq(images.id, image!.id));
    await moved('a picture removed');
    await db.update(users).set({ firstName: `Renamed ${word}` }).where(eq(users.id, owner.user.id));
    await moved("the owner's first name");
    await db.update(users).set({ emailVerified: !owner.user.emailVerified }).where(eq(users.id, owner.user.id));
    await moved("the owner's address confirmed or not (migration 0020)");
    await db.update(users).set({ emailVerified: owner.user.emailVerified }).where(eq(users.id, owner.user.id));
    await moved("the owner's address confirmed or not, back");
    const [category] = await db.select().from(categories).where(eq(categories.id, listing.categoryId));
    await db.update(categories).set({ color: category!.color }).where(eq(categories.id, listing.categoryId));
    expect(await revisionOf(listing.id), 'a category written unchanged').toBe(last);
    await db.update(users).set({ emailNotificationsEnabled: false }).where(eq(users.id, owner.user.id));
    expect(await revisionOf(listing.id), "a change of the owner's that no card shows").toBe(last);
  });
});

describe('createListingCards', () => {
  const record = (id: number, revision: number, title: string) =>
    ({
      service: { id, revision, title, userId: 'u1', createdAt: new Date(0), updatedAt: new Date(0), deletedAt: null, rateCents: null, ratingSum: 0, reviewCount: 0 },
      category: { id: 1, name: 'Tutoring', slug: 'tutoring', color: '#000000' },
      owner: { id: 'u1', username: 'owner', firstName: null, email: 'owner@example.test', profileImageUrl: null, isBanned: false, createdAt: new Date('2026-01-01T00:00:00Z'), emailVerified: true },
      imageIds: [],
      isLiked: false,
      createdKey: '',
    }) as unknown as ListingRecord;
  const row = (id: number, revision: number) => ({ id, revision, isLiked: false, createdKey: '' });

  it('reads each listing once per revision, and again when the revision moves', async () => {
    const loads: number[][] = [];
    const current = new Map([
      [1, record(1, 1, 'One')],
      [2, record(2, 1, 'Two')],
    ]);
    const cards = createListingCards({ encode: JSON.stringify, loadByIds: async (ids) => (loads.push(ids), ids.map((id) => current.get(id)!)) });
    expect((await cards.of([row(1, 1), row(2, 1)])).map((c) => c.service.title)).toEqual(['One', 'Two']);
    expect((await cards.of([row(2, 1), row(1, 1)])).map((c) => c.service.title)).toEqual(['Two', 'One']);
    current.set(2, record(2, 2, 'Two, edited'));
    expect((await cards.of([row(1, 1), row(2, 2)])).map((c) => c.service.title)).toEqual(['One', 'Two, edited']);
    expect(loads).toEqual([[1, 2], [2]]);
  });

  it('shows a listing changed between the two reads as it is now, and leaves out one removed meanwhile', async () => {
    const cards = createListingCards({ encode: JSON.stringify, loadByIds: async () => [record(1, 5, 'One, edited since')] });
    const found = await cards.of([row(1, 4), row(2, 1)]);
    expect(found.map((c) => [c.service.id, c.service.title])).toEqual([[1, 'One, edited since']]);
  });
});
