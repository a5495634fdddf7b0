// engines: one
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { createListing, manyUsers } from '#test/helpers/listings.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const browseIds = async (query = '', cookie?: string) =>
  (await call('GET', `/api/services?limit=50${query}`, cookie)).json<{ services: Array<{ id: number }> }>().services.map((s) => s.id);

describe('reading a listing', () => {
  it('answers the full Service shape with contact through messages only', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const res = await call('GET', `/api/services/${listing.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: listing.id,
      userId: owner.user.id,
      listingType: 'offer',
      category: { slug: 'tutoring', name: 'Tutoring' },
      rate: 25,
      rateType: 'hourly',
      contactMethod: 'message',
      contactValue: 'Platform messaging',
      isActive: true,
      deletedAt: null,
      averageRating: null,
      reviewCount: 0,
      likeCount: 0,
      isLikedByUser: false,
      images: [],
      availability: ['mon', 'wed'],
      user: { id: owner.user.id, username: owner.user.username, email: null },
    });
  });

  it("shows the owner's email to the owner only", async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    expect((await call('GET', `/api/services/${listing.id}`, owner.cookie)).json().user.email).toBe(owner.email);
    const other = await signUp(t.app);
    expect((await call('GET', `/api/services/${listing.id}`, other.cookie)).json().user.email).toBeNull();
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call('GET', '/api/services/99999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/services/abc')).statusCode).toBe(400);
  });
});

describe('ownership', () => {
  it('lets only the owner edit, delete and restore (403 for others, 401 signed out)', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const other = await signUp(t.app);
    const edit = { ...listing, images: [] };
    for (const [method, url, payload] of [
      ['PUT', `/api/services/${listing.id}`, edit],
      ['DELETE', `/api/services/${listing.id}`, undefined],
      ['POST', `/api/services/${listing.id}/restore`, undefined],
    ] as const) {
      const res = await call(method, url, other.cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('You do not have permission to edit this service');
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    }
    expect((await call('GET', `/api/services/${listing.id}`)).json().deletedAt).toBeNull();
  });

  it('needs a signed-in person who accepted the terms to create', async () => {
    const res = await call('POST', '/api/services', undefined, {});
    expect(res.statusCode).toBe(401);
    const newcomer = await signUp(t.app, { acceptTerms: false });
    const gated = await t.app.inject({ method: 'POST', url: '/api/services', headers: { cookie: newcomer.cookie }, payload: { listingType: 'offer' } });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().message).toBe('Please accept the terms of service to continue');
  });
});

describe('soft delete and restore', () => {
  it('hides a deleted listing from the public but keeps it, restorable, in My Services', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    expect(await browseIds()).toContain(listing.id);

    const deleted = await call('DELETE', `/api/services/${listing.id}`, owner.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().deletedAt).toEqual(expect.any(String));
    expect(await browseIds()).not.toContain(listing.id);
    expect((await call('GET', `/api/services/${listing.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/services/${listing.id}`, owner.cookie)).statusCode).toBe(200);
    const mine = (await call('GET', '/api/my-services', owner.cookie)).json<Array<{ id: number; deletedAt: string | null }>>();
    expect(mine.find((s) => s.id === listing.id)?.deletedAt).toEqual(expect.any(String));

    const restored = await call('POST', `/api/services/${listing.id}/restore`, owner.cookie);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().deletedAt).toBeNull();
    expect(await browseIds()).toContain(listing.id);
  });

  it('refuses to edit, like or unlike a deleted listing with 409', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    await call('DELETE', `/api/services/${listing.id}`, owner.cookie);
    const edit = await call('PUT', `/api/services/${listing.id}`, owner.cookie, { ...listing, images: [] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This service has been deleted. Restore it before editing.');
    const fan = await signUp(t.app);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(method, `/api/services/${listing.id}/like`, fan.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This service has been deleted');
    }
  });

  it('hides paused listings and listings of banned people from browse, without deleting them', async () => {
    const owner = await signUp(t.app);
    const paused = await createListing(t, owner.cookie);
    await call('PUT', `/api/services/${paused.id}`, owner.cookie, { ...paused, images: [], isActive: false });
    expect(await browseIds()).not.toContain(paused.id);
    expect((await call('GET', `/api/services/${paused.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/my-services', owner.cookie)).json().map((s: { id: number }) => s.id)).toContain(paused.id);

    const banned = await signUp(t.app);
    const theirs = await createListing(t, banned.cookie);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
    expect(await browseIds()).not.toContain(theirs.id);
    await t.database.db.update(users).set({ isBanned: false }).where(eq(users.id, banned.user.id));
    expect(await browseIds()).toContain(theirs.id);
  });
});

describe('likes', () => {
  it('are idempotent and reported per viewer', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const fan = await signUp(t.app);
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/api/services/${listing.id}/like`, fan.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ liked: true, likeCount: 1 });
    }
    expect((await call('GET', `/api/services/${listing.id}`, fan.cookie)).json()).toMatchObject({ likeCount: 1, isLikedByUser: true });
    expect((await call('GET', `/api/services/${listing.id}`, owner.cookie)).json()).toMatchObject({ likeCount: 1, isLikedByUser: false });
    for (let i = 0; i < 2; i++) expect((await call('DELETE', `/api/services/${listing.id}/like`, fan.cookie)).json()).toEqual({ liked: false, likeCount: 0 });
  });

  it('need a signed-in person', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    expect((await call('POST', `/api/services/${listing.id}/like`)).statusCode).toBe(401);
    expect((await call('POST', '/api/services/99999999/like', owner.cookie)).statusCode).toBe(404);
  });

  it('count exactly under 50 parallel likes from 50 people, and as many parallel unlikes', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const crowd = await manyUsers(t, 50);
    const liked = await Promise.all(crowd.map((cookie) => call('POST', `/api/services/${listing.id}/like`, cookie)));
    expect(liked.every((r) => r.statusCode === 200)).toBe(true);
    expect((await call('GET', `/api/services/${listing.id}`)).json().likeCount).toBe(50);
    await Promise.all([...crowd, ...crowd.slice(0, 25)].map((cookie) => call('DELETE', `/api/services/${listing.id}/like`, cookie)));
    expect((await call('GET', `/api/services/${listing.id}`)).json().likeCount).toBe(0);
  });
});

describe('listing images', () => {
  it('turns data URLs into served WebP images, keeps their order, and drops replaced ones', async () => {
    const sharp = (await import('sharp')).default;
    const png = (color: string) =>
      sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
        .png()
        .toBuffer()
        .then((b) => `data:image/png;base64,${b.toString('base64')}`);
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie, { images: [await png('#ff0000'), await png('#0000ff')] });
    expect(listing.images).toHaveLength(2);
    for (const url of listing.images) expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const served = await call('GET', listing.images[0]!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const { dominant } = await sharp(served.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(200);

    const edited = await call('PUT', `/api/services/${listing.id}`, owner.cookie, { ...listing, images: [listing.images[1]] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().images).toEqual([listing.images[1]]);
    expect((await call('GET', listing.images[0]!)).statusCode).toBe(404);
  });
});
