// engines: both — limits counted with row locks in concurrent transactions
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { expectLimited, signUp } from '#test/helpers/factories.js';
import { createListing, loadCatalogue, offerPayload } from '#test/helpers/listings.js';
import { WRITE_LIMIT_TEXTS } from '#shared/services.js';

/**
 * Per-person budgets of accepted listing writes and likes (decision 015). The app runs with
 * RATE_LIMIT_SCALE=100, as the end-to-end suite does: these budgets belong to one person and must not grow with it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

describe('new listings', () => {
  it('allows 60 accepted ones an hour per person; refused attempts do not count', async () => {
    const { cookie } = await signUp(t.app);
    const catalogue = await loadCatalogue(t);
    // A service type of another category passes the schema and is refused by the listing rules.
    const wrongType = await offerPayload(t, { serviceTypeId: catalogue.find((c) => c.slug !== 'tutoring')!.serviceTypeIds[0] });
    for (let i = 0; i < 5; i++) expect((await call('POST', '/api/services', cookie, wrongType)).statusCode).toBe(400);

    const valid = await offerPayload(t);
    for (let i = 0; i < 60; i++) expect((await call('POST', '/api/services', cookie, valid)).statusCode).toBe(201);
    expectLimited(await call('POST', '/api/services', cookie, valid), WRITE_LIMIT_TEXTS.newListings);
    expect((await call('GET', '/api/my-services', cookie)).json()).toHaveLength(60);

    // Someone else's budget is their own.
    const other = await signUp(t.app);
    expect((await call('POST', '/api/services', other.cookie, valid)).statusCode).toBe(201);
  });

  it('holds under parallel requests', async () => {
    const { cookie } = await signUp(t.app);
    const valid = await offerPayload(t);
    const answers = await Promise.all(Array.from({ length: 70 }, () => call('POST', '/api/services', cookie, valid)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(60);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect((await call('GET', '/api/my-services', cookie)).json()).toHaveLength(60);
  });
});

describe('edits, pauses, deletes and restores', () => {
  it('allow 300 accepted ones an hour per person, together', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const stranger = await signUp(t.app);
    // Refused: someone else's listing (403) and a listing that does not exist (404).
    for (let i = 0; i < 10; i++) {
      expect((await call('DELETE', `/api/services/${listing.id}`, stranger.cookie)).statusCode).toBe(403);
      expect((await call('DELETE', '/api/services/99999999', owner.cookie)).statusCode).toBe(404);
    }
    const edit = { ...listing, images: [] };
    for (let i = 0; i < 298; i += 2) {
      expect((await call('DELETE', `/api/services/${listing.id}`, owner.cookie)).statusCode).toBe(200);
      expect((await call('POST', `/api/services/${listing.id}/restore`, owner.cookie)).statusCode).toBe(200);
    }
    expect((await call('PUT', `/api/services/${listing.id}`, owner.cookie, { ...edit, isActive: false })).statusCode).toBe(200);
    expect((await call('PUT', `/api/services/${listing.id}`, owner.cookie, { ...edit, isActive: true })).statusCode).toBe(200);

    expectLimited(await call('PUT', `/api/services/${listing.id}`, owner.cookie, { ...edit, title: 'One edit too many' }), WRITE_LIMIT_TEXTS.edits);
    expectLimited(await call('DELETE', `/api/services/${listing.id}`, owner.cookie), WRITE_LIMIT_TEXTS.edits);
    expect((await call('GET', `/api/services/${listing.id}`, owner.cookie)).json()).toMatchObject({ title: listing.title, deletedAt: null, isActive: true });
    // Posting a new listing is a budget of its own.
    expect((await call('POST', '/api/services', owner.cookie, await offerPayload(t))).statusCode).toBe(201);
  });
});

describe('likes', () => {
  it('allow 120 accepted likes and unlikes a minute per person', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const fan = await signUp(t.app);
    for (let i = 0; i < 10; i++) expect((await call('POST', '/api/services/99999999/like', fan.cookie)).statusCode).toBe(404);
    for (let i = 0; i < 120; i += 2) {
      expect((await call('POST', `/api/services/${listing.id}/like`, fan.cookie)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/services/${listing.id}/like`, fan.cookie)).statusCode).toBe(200);
    }
    expectLimited(await call('POST', `/api/services/${listing.id}/like`, fan.cookie), WRITE_LIMIT_TEXTS.likes);
    expect((await call('GET', `/api/services/${listing.id}`, fan.cookie)).json()).toMatchObject({ likeCount: 0, isLikedByUser: false });
    // The owner's own budget is untouched.
    expect((await call('POST', `/api/services/${listing.id}/like`, owner.cookie)).statusCode).toBe(200);
  });
});
