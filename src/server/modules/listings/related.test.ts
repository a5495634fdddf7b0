// engines: one
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelatedServices, Service } from '#shared/services.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { services, users } from '../../db/schema.js';

/**
 * GET /api/services/{id}/related: the listing page's 'More from' and 'Similar listings'. Each test file has its
 * own database, so the lists hold exactly the listings made here.
 */
let t: TestApp;
let owner: SignedUp;
let neighbour: SignedUp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  owner = await signUp(t.app);
  neighbour = await signUp(t.app);
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t.close());

const get = (url: string, who?: SignedUp) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const related = (id: number | string, who?: SignedUp) => get(`/api/services/${id}/related`, who);
const ids = (list: Service[]) => list.map((s) => s.id);

async function post(who: SignedUp, slug: string, title: string): Promise<number> {
  return (await createListing(t, who.cookie, { title }, slug)).id;
}
const setListing = (id: number, values: Partial<typeof services.$inferInsert>) => t.database.db.update(services).set(values).where(eq(services.id, id));

/** Someone banned as the administrator's ban leaves them: the account and every listing of theirs (decision 033). */
async function ban(who: SignedUp) {
  await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, who.user.id));
  await t.database.db.update(services).set({ ownerBanned: true }).where(eq(services.userId, who.user.id));
}

describe('the two lists', () => {
  let listing: number;
  const own: number[] = [];
  const others: number[] = [];
  let pausedOwn: number;
  let deletedOwn: number;
  let pausedOther: number;
  let deletedOther: number;
  let bannedOther: number;
  let otherCategory: number;

  beforeAll(async () => {
    // Posted one after another, so each is newer than the one before.
    listing = await post(owner, 'pet', 'The listing itself');
    for (let i = 0; i < 6; i += 1) own.push(await post(owner, i % 2 ? 'pet' : 'yard', `Owner listing number ${i}`));
    pausedOwn = await post(owner, 'pet', 'Owner paused listing');
    deletedOwn = await post(owner, 'pet', 'Owner deleted listing');
    for (let i = 0; i < 5; i += 1) others.push(await post(neighbour, 'pet', `Neighbour pet listing ${i}`));
    pausedOther = await post(neighbour, 'pet', 'Neighbour paused listing');
    deletedOther = await post(neighbour, 'pet', 'Neighbour deleted listing');
    otherCategory = await post(neighbour, 'tutoring', 'Neighbour tutoring listing');
    const banned = await signUp(t.app);
    bannedOther = await post(banned, 'pet', 'Banned person pet listing');
    await ban(banned);
    await setListing(pausedOwn, { isActive: false });
    await setListing(pausedOther, { isActive: false });
    await setListing(deletedOwn, { deletedAt: new Date() });
    await setListing(deletedOther, { deletedAt: new Date() });
  });

  it("holds the owner's newest four other public listings, and the newest four public ones by others in its category", async () => {
    const res = await related(listing);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RelatedServices>();
    expect(ids(body.moreFromOwner)).toEqual([own[5], own[4], own[3], own[2]]);
    expect(ids(body.similar)).toEqual([others[4], others[3], others[2], others[1]]);
  });

  it('leaves out the listing itself, paused, deleted and banned people’s listings, other categories, and never repeats one', async () => {
    const body = (await related(listing, neighbour)).json<RelatedServices>();
    const all = [...ids(body.moreFromOwner), ...ids(body.similar)];
    for (const hidden of [listing, pausedOwn, deletedOwn, pausedOther, deletedOther, bannedOther, otherCategory]) expect(all).not.toContain(hidden);
    expect(new Set(all).size).toBe(all.length);
    expect(body.similar.every((s) => s.userId !== owner.user.id && s.categoryId === body.similar[0]!.categoryId)).toBe(true);
  });

  it('answers each listing as GET /api/services/{id} does, liked ones marked for the person asking', async () => {
    await t.app.inject({ method: 'POST', url: `/api/services/${others[4]}/like`, headers: { cookie: owner.cookie } });
    const body = (await related(listing, owner)).json<RelatedServices>();
    const single = (await get(`/api/services/${others[4]}`, owner)).json<Service>();
    expect(body.similar[0]).toEqual(single);
    expect(body.similar[0]!.isLikedByUser).toBe(true);
    // The owner's own listings carry their email, to them alone.
    expect(body.moreFromOwner[0]!.user.email).toBe(owner.email);
    expect((await related(listing, neighbour)).json<RelatedServices>().moreFromOwner[0]!.user.email).toBeNull();
  });

  it("carries when the owner joined, beyond the spec's user fields", async () => {
    const single = (await get(`/api/services/${listing}`)).json<Service>();
    expect(Date.parse(single.user.memberSince)).not.toBeNaN();
    expect(single.user).toMatchObject({ id: owner.user.id, username: owner.user.username });
  });

  it('is empty, not missing, for a listing with no neighbours', async () => {
    const loner = await signUp(t.app);
    const alone = await post(loner, 'creative', 'A creative listing on its own');
    expect((await related(alone)).json()).toEqual({ moreFromOwner: [], similar: [] });
  });
});

describe('who may ask', () => {
  const STATES = {
    visible: {},
    paused: { isActive: false },
    deleted: { deletedAt: new Date() },
  } as const;

  async function listingIn(state: keyof typeof STATES) {
    const id = await post(owner, 'household', `A ${state} household listing`);
    if (state !== 'visible') await setListing(id, STATES[state]);
    return id;
  }

  it.each([
    ['visible', { anonymous: 200, member: 200, owner: 200, admin: 200 }],
    ['paused', { anonymous: 404, member: 404, owner: 200, admin: 404 }],
    ['deleted', { anonymous: 404, member: 404, owner: 200, admin: 404 }],
  ] as const)('a %s listing: the same answer as GET /api/services/{id}', async (state, expected) => {
    const id = await listingIn(state);
    const askers = { anonymous: undefined, member: neighbour, owner, admin };
    const answers: Record<string, number> = {};
    for (const [name, who] of Object.entries(askers)) {
      const [single, lists] = await Promise.all([get(`/api/services/${id}`, who), related(id, who)]);
      expect(lists.statusCode, `${name}: ${lists.body}`).toBe(single.statusCode);
      answers[name] = lists.statusCode;
    }
    expect(answers).toEqual(expected);
  });

  it("answers 404 for a banned person's listing, to everyone else", async () => {
    const banned = await signUp(t.app);
    const id = await post(banned, 'household', 'Listing of someone banned soon');
    await ban(banned);
    for (const who of [undefined, neighbour, admin]) expect((await related(id, who)).statusCode).toBe(404);
  });

  it('answers 404 with the error shape for a listing that does not exist', async () => {
    const res = await related(2_000_000_000);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Service not found' });
    expect(res.json()).toEqual((await get('/api/services/2000000000')).json());
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999'])('answers %s as GET /api/services/{id} does (400 with the error shape)', async (bad) => {
    const [single, lists] = await Promise.all([get(`/api/services/${bad}`), related(bad)]);
    expect(lists.statusCode).toBe(single.statusCode);
    expect(lists.statusCode).toBe(400);
    expect(lists.json()).toEqual(single.json());
    expect(lists.headers['content-type']).toMatch(/^application\/json/);
  });
});
