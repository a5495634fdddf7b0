// engines: both — great-circle distances computed in SQL
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowseResult, type ListingDistance, NEAR_TEXTS, type Service } from '#shared/services.js';
import { services, users } from '../../db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { uniqueWord } from '#test/support/unique.js';

/**
 * GET /api/services/{id}/distance?near=ZIP (decision 052): the listing page's '≈ 3.2 mi away'. Distances
 * from Montclair, NJ (07042) worked out by hand from the bundled dataset's ZIP centres (haversine, 3,958.76 miles;
 * the same table as near.test.ts), then rounded to one decimal as the cards are.
 */
const FROM_MONTCLAIR: Array<{ zipCode: string; city: string; state: string; miles: number; shown: number }> = [
  { zipCode: '07042', city: 'Montclair', state: 'NJ', miles: 0, shown: 0 },
  { zipCode: '07003', city: 'Bloomfield', state: 'NJ', miles: 1.579, shown: 1.6 },
  { zipCode: '07102', city: 'Newark', state: 'NJ', miles: 5.982, shown: 6 },
  { zipCode: '10001', city: 'New York', state: 'NY', miles: 12.338, shown: 12.3 },
  { zipCode: '19103', city: 'Philadelphia', state: 'PA', miles: 78.01, shown: 78 },
  { zipCode: '90210', city: 'Beverly Hills', state: 'CA', miles: 2441.561, shown: 2441.6 },
];

let t: TestApp;
let owner: SignedUp;
let reader: SignedUp;
let admin: SignedUp;
const word = uniqueWord();
const byZip = new Map<string, Service>();
let online: Service;

beforeAll(async () => {
  t = await createTestApp();
  [owner, reader] = [await signUp(t.app), await signUp(t.app)];
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
  for (const place of FROM_MONTCLAIR) {
    byZip.set(place.zipCode, await createListing(t, owner.cookie, { title: `Window cleaning ${word} ${place.zipCode}`, zipCode: place.zipCode, city: place.city, state: place.state }));
  }
  online = await createListing(t, owner.cookie, { title: `Online chess lessons ${word}`, isVirtual: true, zipCode: undefined, city: undefined, state: undefined });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const distance = (id: number, near: string, cookie?: string) => get(`/api/services/${id}/distance?near=${encodeURIComponent(near)}`, cookie);

describe("a listing's distance from a ZIP code", () => {
  it.each(FROM_MONTCLAIR)('is $shown mi from 07042 to $city ($zipCode), one decimal', async ({ zipCode, shown }) => {
    const res = await distance(byZip.get(zipCode)!.id, '07042');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ListingDistance>()).toEqual({ distanceMiles: shown });
  });

  it('is the same both ways and the same as the card of a search around that ZIP', async () => {
    const there = await distance(byZip.get('07042')!.id, '10001');
    const back = await distance(byZip.get('10001')!.id, '07042');
    expect(there.json()).toEqual(back.json());
    const page = (await get(`/api/services?search=${word}&near=07042&radius=100&limit=50`)).json<BrowseResult>();
    expect(page.services.length).toBe(6);
    for (const card of page.services) {
      expect((await distance(card.id, '07042')).json<ListingDistance>().distanceMiles, card.title).toBe(card.distanceMiles);
    }
  });

  it('is null for a virtual listing: it has no place', async () => {
    const res = await distance(online.id, '07042');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ distanceMiles: null });
  });

  it.each([
    ['an unknown ZIP', '00000'],
    ['four digits', '0704'],
    ['ZIP+4', '07042-1234'],
    ['letters', 'abcde'],
    ['nothing', ''],
  ])('refuses %s with 400 “Enter a valid US ZIP code”', async (_name, near) => {
    const res = await distance(byZip.get('07042')!.id, near);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: NEAR_TEXTS.invalidZip, code: 'validation_failed', errors: { near: NEAR_TEXTS.invalidZip } });
  });

  it('refuses a request without near, and a listing id that is not one', async () => {
    const missing = await get(`/api/services/${byZip.get('07042')!.id}/distance`);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', errors: { near: NEAR_TEXTS.invalidZip } });
    expect((await distance(0, '07042')).statusCode).toBe(400);
    expect((await get('/api/services/abc/distance?near=07042')).statusCode).toBe(400);
    expect((await distance(2_147_483_647, '07042')).statusCode).toBe(404);
  });
});

describe("who may learn a listing's distance: whoever may see the listing", () => {
  /** A fresh listing of `who`, in the state `change` puts it in on its row. */
  async function listingOf(who: SignedUp, change?: Partial<typeof services.$inferInsert>) {
    const listing = await createListing(t, who.cookie, { title: `Gutter cleaning ${uniqueWord()}`, zipCode: '07102', city: 'Newark', state: 'NJ' });
    if (change) await t.database.db.update(services).set(change).where(eq(services.id, listing.id));
    return listing;
  }

  it('answers anyone, signed in or not, for a public listing', async () => {
    const listing = await listingOf(owner);
    for (const cookie of [undefined, reader.cookie, owner.cookie, admin.cookie]) {
      const res = await distance(listing.id, '07042', cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ distanceMiles: 6 });
    }
  });

  it.each([
    ['paused', { isActive: false }],
    ['deleted', { deletedAt: new Date() }],
  ] as const)('answers only the owner for a %s listing, 404 to everyone else, as its page does', async (_state, change) => {
    const listing = await listingOf(owner, change);
    const expected = [
      [undefined, 404],
      [reader.cookie, 404],
      [admin.cookie, 404],
      [owner.cookie, 200],
    ] as const;
    for (const [cookie, status] of expected) {
      expect((await distance(listing.id, '07042', cookie)).statusCode).toBe(status);
      expect((await get(`/api/services/${listing.id}`, cookie)).statusCode).toBe(status);
    }
  });

  it('answers 404 for a banned member’s listing, and 403 to the banned member themself', async () => {
    const banned = await signUp(t.app);
    const listing = await listingOf(banned);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
    await t.database.db.update(services).set({ ownerBanned: true }).where(eq(services.userId, banned.user.id));
    for (const cookie of [undefined, reader.cookie, admin.cookie]) expect((await distance(listing.id, '07042', cookie)).statusCode).toBe(404);
    const res = await distance(listing.id, '07042', banned.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'account_suspended' });
  });

  it('answers 404 to a member who blocked the owner, as the listing page does', async () => {
    const [neighbour, blocker] = [await signUp(t.app), await signUp(t.app)];
    const listing = await listingOf(neighbour);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${neighbour.user.id}/block`, headers: { cookie: blocker.cookie } })).statusCode).toBe(204);
    expect((await distance(listing.id, '07042', blocker.cookie)).statusCode).toBe(404);
    expect((await get(`/api/services/${listing.id}`, blocker.cookie)).statusCode).toBe(404);
    expect((await distance(listing.id, '07042', reader.cookie)).statusCode).toBe(200);
  });

  it('answers as the listing’s own page does whatever state its row is in', async () => {
    for (const change of [{ expired: true }, { isActive: false, deletedAt: new Date() }] as Array<Partial<typeof services.$inferInsert>>) {
      const listing = await listingOf(owner, change);
      for (const cookie of [undefined, reader.cookie, owner.cookie]) {
        const page = (await get(`/api/services/${listing.id}`, cookie)).statusCode;
        expect((await distance(listing.id, '07042', cookie)).statusCode, JSON.stringify(change)).toBe(page);
      }
    }
  });
});
