// engines: both — the write, its revision and the signed-out caches it clears on each engine
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_ACTIVE_TEXTS } from '#shared/listing-active.js';
import { type Service, WRITE_LIMIT_TEXTS } from '#shared/services.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { randomIp, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { services, users } from '../../db/schema.js';

/**
 * PATCH /api/services/{id}/active (decision 070): the owner pauses and resumes a listing without sending the whole of
 * it. The app remembers signed-out pages for a minute and renders the listing page from the web app's sources, so
 * "shown at once" is measured against the caches a visitor meets.
 */

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp({ LISTINGS_CACHE_MS: '60000' }, { pages: true });
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t.close());

type Method = 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: SignedUp, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    remoteAddress: randomIp(),
    headers: who ? { cookie: who.cookie } : {},
    ...(payload !== undefined && { payload: payload as object }),
  });
const setActive = (id: number | string, isActive: unknown, who?: SignedUp) => call('PATCH', `/api/services/${id}/active`, who, { isActive });
const row = async (id: number) => (await t.database.db.select().from(services).where(eq(services.id, id)))[0]!;

/** Whether someone else meets the listing: its API answer, browse (both cached for visitors), and its rendered page. */
async function shownToOthers(id: number) {
  const viewer = await signUp(t.app);
  const inBrowse = async (who?: SignedUp) => (await call('GET', '/api/services?limit=50', who)).json<{ services: Service[] }>().services.some((s) => s.id === id);
  return {
    signedOut: (await call('GET', `/api/services/${id}`)).statusCode === 200,
    member: (await call('GET', `/api/services/${id}`, viewer)).statusCode === 200,
    browseSignedOut: await inBrowse(),
    browseMember: await inBrowse(viewer),
    page: (await call('GET', `/services/${id}`)).statusCode === 200,
  };
}
const SHOWN = { signedOut: true, member: true, browseSignedOut: true, browseMember: true, page: true };
const HIDDEN = { signedOut: false, member: false, browseSignedOut: false, browseMember: false, page: false };

describe('PATCH /api/services/{id}/active', () => {
  it('pauses and resumes for the owner, answering the Service, and everyone else sees it at once', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    // The visitors' caches hold the listing first.
    expect(await shownToOthers(listing.id)).toEqual(SHOWN);

    const paused = await setActive(listing.id, false, owner);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<Service>()).toMatchObject({ id: listing.id, isActive: false, deletedAt: null, expired: false, user: { email: owner.email } });
    expect(await shownToOthers(listing.id)).toEqual(HIDDEN);
    expect((await call('GET', `/api/services/${listing.id}`, owner)).json<Service>().isActive).toBe(false);
    expect((await call('GET', `/services/${listing.id}`, owner)).statusCode).toBe(200);
    const mine = (await call('GET', '/api/my-services', owner)).json<Service[]>();
    expect(mine.find((s) => s.id === listing.id)?.isActive).toBe(false);

    const resumed = await setActive(listing.id, true, owner);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<Service>().isActive).toBe(true);
    expect(await shownToOthers(listing.id)).toEqual(SHOWN);

    // Neither renews it nor counts as an update of what it says.
    expect(resumed.json<Service>()).toMatchObject({ expiresAt: listing.expiresAt, updatedAt: listing.updatedAt });
  });

  it('writes nothing when the listing already is in the state asked for', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const before = (await row(listing.id)).revision;
    expect((await setActive(listing.id, true, owner)).statusCode).toBe(200);
    expect((await row(listing.id)).revision).toBe(before);
    expect((await setActive(listing.id, false, owner)).statusCode).toBe(200);
    const paused = (await row(listing.id)).revision;
    expect(paused).toBeGreaterThan(before);
    expect((await setActive(listing.id, false, owner)).statusCode).toBe(200);
    expect((await row(listing.id)).revision).toBe(paused);
  });

  it('refuses everyone but the owner and changes nothing: 401 signed out, 403 another member or the administrator, 403 a suspended owner', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const other = await signUp(t.app);

    const anonymous = await setActive(listing.id, false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
    for (const who of [other, admin]) {
      const refused = await setActive(listing.id, false, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'You do not have permission to edit this service', code: 'forbidden' });
    }
    expect((await row(listing.id)).isActive).toBe(true);

    const banned = await signUp(t.app);
    const theirs = await createListing(t, banned.cookie);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
    const suspended = await setActive(theirs.id, false, banned);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().code).toBe('account_suspended');
    expect((await row(theirs.id)).isActive).toBe(true);
  });

  it('answers 404 for a listing that does not exist and 400 for an id that is not one', async () => {
    const owner = await signUp(t.app);
    expect((await setActive(99_999_999, false, owner)).statusCode).toBe(404);
    for (const id of ['abc', '0', '1e3', '99999999999']) {
      const res = await setActive(id, false, owner);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it.each([
    ['a string', { isActive: 'false' }, 'Must be true or false'],
    ['a number', { isActive: 0 }, 'Must be true or false'],
    ['null', { isActive: null }, 'Must be true or false'],
    ['nothing', {}, 'This field is required'],
  ])('refuses %s for isActive with a field error and changes nothing', async (_, body, message) => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const res = await call('PATCH', `/api/services/${listing.id}/active`, owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { isActive: message } });
    expect((await row(listing.id)).isActive).toBe(true);
  });

  it('refuses other fields beside isActive, a body that is not an object, and no body', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const url = `/api/services/${listing.id}/active`;
    const extra = await call('PATCH', url, owner, { isActive: false, title: 'Renamed on the side' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'validation_failed', message: 'Unknown field: title' });
    for (const body of [[false], 'false']) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: { cookie: owner.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PATCH', url, owner)).statusCode).toBe(400);
    expect(await row(listing.id)).toMatchObject({ isActive: true, title: listing.title });
  });

  it('answers 409 listing_deleted for a deleted listing, either way, as an edit does', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    expect((await setActive(listing.id, false, owner)).statusCode).toBe(200);
    await call('DELETE', `/api/services/${listing.id}`, owner);
    for (const isActive of [true, false]) {
      const res = await setActive(listing.id, isActive, owner);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: LISTING_ACTIVE_TEXTS.deleted, code: 'listing_deleted' });
    }
    expect(await row(listing.id)).toMatchObject({ isActive: false, deletedAt: expect.any(Date) });
    // Another member is told no more than for a listing they may not touch.
    expect((await setActive(listing.id, true, await signUp(t.app))).statusCode).toBe(403);
  });

  it('pauses an expired listing but does not resume one: 409 listing_expired until it is renewed', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    await t.app.listingExpiry(new Date(new Date(listing.expiresAt!).getTime() + 60_000));
    expect((await row(listing.id)).expired).toBe(true);

    const paused = await setActive(listing.id, false, owner);
    expect(paused.statusCode).toBe(200);
    expect(paused.json<Service>()).toMatchObject({ isActive: false, expired: true });
    const refused = await setActive(listing.id, true, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: LISTING_ACTIVE_TEXTS.expiredResume, code: 'listing_expired' });
    expect(await row(listing.id)).toMatchObject({ isActive: false, expired: true });

    // Renewing leaves it paused; then it resumes and shows.
    expect((await call('POST', `/api/services/${listing.id}/renew`, owner)).json<Service>()).toMatchObject({ isActive: false, expired: false });
    expect(await shownToOthers(listing.id)).toEqual(HIDDEN);
    expect((await setActive(listing.id, true, owner)).statusCode).toBe(200);
    expect(await shownToOthers(listing.id)).toEqual(SHOWN);
  });

  it('spends the listings’ edit budget with edits, deletes and renewals: 300 accepted writes an hour per person', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    for (let i = 0; i < 10; i++) expect((await setActive(99_999_999, false, owner)).statusCode).toBe(404);
    for (let i = 0; i < 299; i += 1) expect((await setActive(listing.id, i % 2 === 1, owner)).statusCode).toBe(200);
    expect((await call('POST', `/api/services/${listing.id}/renew`, owner)).statusCode).toBe(200);
    const limited = await setActive(listing.id, true, owner);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: WRITE_LIMIT_TEXTS.edits, code: 'rate_limited' });
    expect((await call('DELETE', `/api/services/${listing.id}`, owner)).statusCode).toBe(429);
    expect(await row(listing.id)).toMatchObject({ isActive: false, deletedAt: null });
  });
});
