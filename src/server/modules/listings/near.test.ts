// engines: both — the GiST place index, its nearest-neighbour order and the planner's choices
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResult, Service } from '#shared/services.js';
import { NEAR_TEXTS } from '#shared/services.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { locateZip } from '../zip/index.js';
import { boxAround, nearFilter } from './near.js';
import { createListingsRepository, type BrowseFilter, type PageRow } from './repository.js';

/**
 * Search by distance (decision 050). Every listing of this file is made here, so each answer's whole set is
 * known. Distances from Montclair, NJ (07042), worked out by hand from the ZIP centres of the bundled dataset with the
 * haversine formula on a sphere of 3,958.76 miles:
 */
const FROM_MONTCLAIR: Record<string, { city: string; state: string; miles: number }> = {
  '07042': { city: 'Montclair', state: 'NJ', miles: 0 },
  '07003': { city: 'Bloomfield', state: 'NJ', miles: 1.579 },
  '07043': { city: 'Montclair', state: 'NJ', miles: 2.217 },
  '07102': { city: 'Newark', state: 'NJ', miles: 5.982 },
  '10001': { city: 'New York', state: 'NY', miles: 12.338 },
  '11215': { city: 'Brooklyn', state: 'NY', miles: 15.866 },
  '19103': { city: 'Philadelphia', state: 'PA', miles: 78.01 },
  '90210': { city: 'Beverly Hills', state: 'CA', miles: 2441.561 },
};

let t: TestApp;
let owner: SignedUp;
let reader: SignedUp;
/** Listing id by ZIP, one listing per ZIP; and two virtual ones. */
const byZip = new Map<string, Service>();
let virtual: Service[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  reader = await signUp(t.app);
  for (const [zipCode, place] of Object.entries(FROM_MONTCLAIR)) {
    byZip.set(zipCode, await createListing(t, owner.cookie, { title: `Garden help in ${place.city} ${zipCode}`, zipCode, city: place.city, state: place.state }));
  }
  virtual = [
    await createListing(t, owner.cookie, { title: 'Online maths tutoring', isVirtual: true, zipCode: undefined, city: undefined, state: undefined }),
    await createListing(t, owner.cookie, { title: 'Online guitar lessons', isVirtual: true, zipCode: undefined, city: undefined, state: undefined }),
  ];
});
afterAll(() => t.close());

async function browse(query: string, cookie?: string): Promise<BrowseResult> {
  const res = await t.app.inject({ method: 'GET', url: `/api/services?${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BrowseResult>();
}

/** Every page of a query, following nextCursor. */
async function allPages(query: string, cookie?: string): Promise<Service[]> {
  const found: Service[] = [];
  let cursor: string | null = null;
  do {
    const page: BrowseResult = await browse(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, cookie);
    found.push(...page.services);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

const zipsWithin = (miles: number) =>
  Object.entries(FROM_MONTCLAIR)
    .filter(([, place]) => place.miles <= miles)
    .map(([zip]) => zip);

describe('GET /api/services?near=ZIP&radius=MILES', () => {
  it('matches the listings whose ZIP centre is within the radius, each with its distance to one decimal, and the virtual ones', async () => {
    const page = await browse('near=07042&radius=10');
    const local = page.services.filter((s) => !s.isVirtual);
    expect(local.map((s) => s.zipCode).sort()).toEqual(zipsWithin(10).sort());
    for (const service of local) expect(service.distanceMiles).toBe(Math.round(FROM_MONTCLAIR[service.zipCode!]!.miles * 10) / 10);
    expect(page.services.filter((s) => s.isVirtual).map((s) => s.id).sort()).toEqual(virtual.map((s) => s.id).sort());
    for (const service of page.services.filter((s) => s.isVirtual)) expect(service.distanceMiles).toBeNull();
  });

  it('defaults to 10 miles, and leaves the virtual listings out with includeVirtual=false', async () => {
    expect((await browse('near=07042')).services.map((s) => s.id).sort()).toEqual((await browse('near=07042&radius=10')).services.map((s) => s.id).sort());
    const local = await browse('near=07042&includeVirtual=false&radius=100');
    expect(local.services.map((s) => s.zipCode).sort()).toEqual(zipsWithin(100).sort());
  });

  it.each([
    ['just past Newark', 5.99, ['07042', '07003', '07043', '07102']],
    ['just short of Newark', 5.97, ['07042', '07003', '07043']],
    ['just past New York', 12.35, ['07042', '07003', '07043', '07102', '10001']],
    ['just short of New York', 12.33, ['07042', '07003', '07043', '07102']],
    ['one mile', 1, ['07042']],
    ['a hundred miles', 100, ['07042', '07003', '07043', '07102', '10001', '11215', '19103']],
  ])('draws the line at the radius exactly (%s: %s mi)', async (_, radius, zips) => {
    const page = await browse(`near=07042&radius=${radius}&includeVirtual=false`);
    expect(page.services.map((s) => s.zipCode).sort()).toEqual([...zips].sort());
  });

  it('sorts nearest first with sort=distance, then the virtual listings newest first, across pages of any size', async () => {
    const expected = [...zipsWithin(100).sort((a, b) => FROM_MONTCLAIR[a]!.miles - FROM_MONTCLAIR[b]!.miles).map((zip) => byZip.get(zip)!.id), ...virtual.map((s) => s.id).reverse()];
    for (const limit of [1, 2, 3, 24]) {
      const listed = await allPages(`near=07042&radius=100&sort=distance&limit=${limit}`);
      expect(listed.map((s) => s.id), `pages of ${limit}`).toEqual(expected);
    }
    const distances = (await browse('near=07042&radius=100&sort=distance&includeVirtual=false')).services.map((s) => s.distanceMiles);
    expect(distances).toEqual([0, 1.6, 2.2, 6, 12.3, 15.9, 78]);
  });

  it('pages newest first within the radius, and with a search, by relevance', async () => {
    const newest = await allPages('near=07042&radius=20&limit=2&includeVirtual=false');
    expect(newest.map((s) => s.id)).toEqual(zipsWithin(20).map((zip) => byZip.get(zip)!.id).sort((a, b) => b - a));
    const searched = await allPages('near=07042&radius=20&search=bloomfield&sort=relevance');
    expect(searched.map((s) => s.zipCode)).toEqual(['07003']);
    expect(searched[0]!.distanceMiles).toBe(1.6);
    expect(await allPages('near=07042&radius=1&search=bloomfield&sort=relevance')).toEqual([]);
  });

  it('answers the same to a signed-in reader, and leaves out the listings of a member they blocked', async () => {
    const signedIn = await browse('near=07042&radius=20&sort=distance', reader.cookie);
    expect(signedIn.services.map((s) => s.id)).toEqual((await browse('near=07042&radius=20&sort=distance')).services.map((s) => s.id));
    const blocked = await t.app.inject({ method: 'POST', url: `/api/users/${owner.user.id}/block`, headers: { cookie: reader.cookie } });
    expect(blocked.statusCode).toBe(204);
    expect((await browse('near=07042&radius=20&sort=distance', reader.cookie)).services).toEqual([]);
    await t.app.inject({ method: 'DELETE', url: `/api/users/${owner.user.id}/block`, headers: { cookie: reader.cookie } });
  });

  it('says nothing of distance without near', async () => {
    for (const service of (await browse('limit=50')).services) expect(service).not.toHaveProperty('distanceMiles');
  });

  it.each([
    ['near=abcde', NEAR_TEXTS.invalidZip],
    ['near=1234', NEAR_TEXTS.invalidZip],
    ['near=070421', NEAR_TEXTS.invalidZip],
    ['near=07042-1234', NEAR_TEXTS.invalidZip],
    ['near=00000', NEAR_TEXTS.invalidZip],
    ['near=07042&radius=0', NEAR_TEXTS.radiusRange],
    ['near=07042&radius=101', NEAR_TEXTS.radiusRange],
    ['near=07042&radius=ten', NEAR_TEXTS.radiusRange],
    ['near=07042&includeVirtual=maybe', NEAR_TEXTS.trueOrFalse],
    ['sort=distance', NEAR_TEXTS.distanceNeedsNear],
    ['sort=nearest&near=07042', undefined],
  ])('refuses %s with 400 and a clear message', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/services?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.json()).toMatchObject({ message, code: 'validation_failed' });
  });

  it('refuses a forged nearest-first cursor (400)', async () => {
    for (const cursor of [Buffer.from(JSON.stringify({ k: 'n', m: -1, i: 1 })).toString('base64url'), Buffer.from(JSON.stringify({ k: 'n', m: 'x', i: 1 })).toString('base64url')]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/services?near=07042&sort=distance&cursor=${cursor}` });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});

describe('GET /api/services?unanswered=true', () => {
  it('lists only the requests nobody has written to', async () => {
    const asker = await signUp(t.app);
    const waiting = await createListing(t, asker.cookie, { listingType: 'request', title: 'Help moving a sofa', zipCode: '07042', city: 'Montclair', state: 'NJ' });
    const answered = await createListing(t, asker.cookie, { listingType: 'request', title: 'Help with a leaky tap', zipCode: '07042', city: 'Montclair', state: 'NJ' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: reader.cookie },
      payload: { participantId: asker.user.id, serviceId: answered.id, message: 'I can fix it on Saturday.', sendCopyToSender: false },
    });
    expect([200, 201]).toContain(started.statusCode);
    const unanswered = await allPages('unanswered=true');
    expect(unanswered.map((s) => s.id)).toContain(waiting.id);
    expect(unanswered.map((s) => s.id)).not.toContain(answered.id);
    expect(unanswered.every((s) => s.listingType === 'request')).toBe(true);
    expect((await browse('unanswered=true&near=07042&radius=1&sort=distance')).services.map((s) => s.id)).toEqual([waiting.id]);
    expect((await browse('unanswered=true&listingType=offer')).services).toEqual([]);
  });
});

describe('the box around a circle', () => {
  it('holds the whole circle, and gives way to the circle alone across the antimeridian', () => {
    const box = boxAround(40.8131, -74.2165, 10)!;
    expect(box.north - 40.8131).toBeGreaterThanOrEqual(10 / 69.2);
    expect(-74.2165 - box.west).toBeGreaterThanOrEqual(10 / (69.2 * Math.cos((40.8131 * Math.PI) / 180)));
    expect(boxAround(51.87, -179.5, 25)).toBeNull();
    expect(boxAround(51.87, 179.9, 25)).toBeNull();
  });
});

describe('a crowded box and a sparse one', () => {
  it('find the same pages: walking the newest listings or reading the box, and nearest first from a smaller circle first', async () => {
    const db = t.database.db;
    const [asked, crowded, sparse] = [createListingsRepository(db), createListingsRepository(db, { placePlan: 'crowded' }), createListingsRepository(db, { placePlan: 'sparse' })];
    const montclair = locateZip('07042')!;
    const offers = await browse('near=07042&radius=100&includeVirtual=false&listingType=offer');
    expect(offers.services.length).toBeGreaterThan(3);
    let compared = 0;
    for (const radius of [1, 6, 13, 100]) {
      for (const listingType of [undefined, 'offer' as const]) {
        const filter: BrowseFilter & { near: ReturnType<typeof nearFilter> } = { listingType, near: nearFilter(montclair, radius, 'local') };
        for (const limit of [1, 2, 3, 25]) {
          const newest = async (repo: typeof asked) => {
            const rows: PageRow[] = [];
            for (let page = await repo.browseNewest(filter, reader.user.id, limit); ; ) {
              rows.push(...page);
              if (page.length < limit) return rows;
              const last = page.at(-1)!;
              page = await repo.browseNewest(filter, reader.user.id, limit, { createdAt: last.createdKey, id: last.id });
            }
          };
          const nearest = async (repo: typeof asked) => {
            const rows: PageRow[] = [];
            for (let page = await repo.browseNearest(filter, null, limit); ; ) {
              rows.push(...page);
              if (page.length < limit) return rows;
              const last = page.at(-1)!;
              page = await repo.browseNearest(filter, null, limit, { miles: last.miles!, id: last.id });
            }
          };
          const expectedNewest = await newest(sparse);
          const answered = await browse(`near=07042&radius=${radius}&includeVirtual=false&limit=50${listingType ? `&listingType=${listingType}` : ''}`);
          expect(expectedNewest.map((r) => r.id), `${radius} mi`).toEqual(answered.services.map((s) => s.id));
          expect(await newest(crowded), `newest, ${radius} mi, ${listingType}, pages of ${limit}`).toEqual(expectedNewest);
          expect(await newest(asked)).toEqual(expectedNewest);
          const expectedNearest = await nearest(sparse);
          expect(expectedNearest.map((r) => r.id)).toEqual([...expectedNewest].sort((a, b) => a.miles! - b.miles! || a.id - b.id).map((r) => r.id));
          expect(await nearest(crowded), `nearest, ${radius} mi, ${listingType}, pages of ${limit}`).toEqual(expectedNearest);
          expect(await nearest(asked)).toEqual(expectedNearest);
          compared++;
        }
      }
    }
    expect(compared).toBe(32);
  });
});
