// engines: both — a remembered page is checked against revisions that each engine's triggers move (migrations 0013, 0014, 0020)
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '#shared/messaging.js';
import type { Completion } from '#shared/reviews.js';
import type { Service } from '#shared/services.js';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { services } from '../../db/schema.js';
import { ADMIN_EMAIL, openTestDatabase, sourcePageRenderer, testConfig, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';

/**
 * A listing's page rendered for signed-out visitors is remembered at the revision of what it shows (decision 065):
 * the listing, its owner, its reviews and the listings beside it. Each app here counts the renders it makes; with
 * LISTINGS_CACHE_MS=1 the moment's cache lasts a millisecond, so what a visitor gets is the render remembered at the
 * page's revision, read afresh on each visit.
 */
interface CountingApp extends TestApp {
  /** The addresses rendered so far, in order. */
  renders: string[];
}

async function countingApp(listingsCacheMs: string): Promise<CountingApp> {
  const database: Database = await openTestDatabase();
  const source = await sourcePageRenderer();
  const renders: string[] = [];
  const app: FastifyInstance = await buildApp({
    config: testConfig({ ADMIN_EMAILS: ADMIN_EMAIL, LISTINGS_CACHE_MS: listingsCacheMs, RATE_LIMIT_SCALE: '100' }),
    database,
    sessionSecret: randomBytes(32).toString('hex'),
    pages: {
      ...source,
      render: (url, data) => {
        renders.push(url);
        return source.render(url, data);
      },
    },
  });
  await app.ready();
  return {
    app,
    database,
    sessionSecret: '',
    renders,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let t: CountingApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await countingApp('1');
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

/** A visit to a page, and whether the app rendered it for this visit (else it sent a remembered render). */
async function visit(url: string, cookie?: string, app: CountingApp = t) {
  const before = app.renders.length;
  const res = await app.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...(cookie && { cookie }) } });
  const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString('utf8') : res.body;
  return { status: res.statusCode, body, cacheControl: res.headers['cache-control'], rendered: app.renders.length > before };
}

/** The listing as its owner edits it: PUT /api/services/{id} with the listing's own fields and `changes`. */
async function edit(owner: SignedUp, listing: Service, changes: Partial<Service>) {
  const res = await call('PUT', `/api/services/${listing.id}`, owner.cookie, { ...listing, images: [], ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Service>();
}

/** What a paused listing, a suspended owner's and a blocked owner's say to others (decision 069). */
const NO_LONGER_AVAILABLE = 'This listing is no longer available';

/** A word no other test uses, in a title. */
const marker = () => `zq${randomBytes(4).toString('hex')}`;

/** An owner and their listing, its page visited once signed out: rendered, and remembered. */
async function visitedListing(overrides: Record<string, unknown> = {}, slug = 'tutoring') {
  const owner = await signUp(t.app);
  const listing = await createListing(t, owner.cookie, { title: `Chess lessons ${marker()}`, ...overrides }, slug);
  const first = await visit(`/services/${listing.id}`);
  expect(first).toMatchObject({ status: 200, rendered: true, cacheControl: 'no-cache' });
  expect(first.body).toContain(listing.title);
  return { owner, listing, url: `/services/${listing.id}`, first };
}

describe("a signed-out visitor's listing page, remembered at its revision", () => {
  it('is the remembered render on a second visit to a listing nobody changed, whatever changed elsewhere', async () => {
    const { url, first } = await visitedListing();
    const second = await visit(url);
    expect(second).toMatchObject({ status: 200, rendered: false });
    expect(second.body).toBe(first.body);
    // A listing in another category by someone else, and a like of it: nothing this page shows.
    const neighbour = await signUp(t.app);
    const elsewhere = await createListing(t, neighbour.cookie, { title: `Dog walking ${marker()}` }, 'pet');
    expect((await call('POST', `/api/services/${elsewhere.id}/like`, admin.cookie)).statusCode).toBe(200);
    expect(await visit(url)).toMatchObject({ status: 200, rendered: false, body: first.body });
  });

  it('shows an edit at once', async () => {
    const { owner, listing, url } = await visitedListing();
    const title = `Chess and go lessons ${marker()}`;
    await edit(owner, listing, { title });
    const after = await visit(url);
    expect(after).toMatchObject({ status: 200, rendered: true });
    expect(after.body).toContain(title);
    expect(after.body).not.toContain(listing.title);
    expect(await visit(url)).toMatchObject({ rendered: false, body: after.body });
  });

  it('answers a pause with the not-found status at once, and the listing again once resumed', async () => {
    const { owner, listing, url } = await visitedListing();
    const paused = await edit(owner, listing, { isActive: false });
    const hidden = await visit(url);
    expect(hidden).toMatchObject({ status: 404, rendered: true });
    expect(hidden.body).toContain(NO_LONGER_AVAILABLE);
    expect(hidden.body).not.toContain(listing.title);
    // The page that says so is remembered too, at the paused listing's revision.
    expect(await visit(url)).toMatchObject({ status: 404, rendered: false, body: hidden.body });
    // The owner, signed in, sees their paused listing: never the signed-out render.
    expect(await visit(url, owner.cookie)).toMatchObject({ status: 200, rendered: true, cacheControl: 'private, no-store' });
    await edit(owner, paused, { isActive: true });
    const shown = await visit(url);
    expect(shown).toMatchObject({ status: 200, rendered: true });
    expect(shown.body).toContain(listing.title);
  });

  it("answers a ban of the owner with the not-found status at once, and the listing again once they are let back", async () => {
    const { owner, listing, url } = await visitedListing();
    expect((await call('POST', `/api/admin/users/${owner.user.id}/ban`, admin.cookie)).statusCode).toBe(200);
    const hidden = await visit(url);
    expect(hidden).toMatchObject({ status: 404, rendered: true });
    expect(hidden.body).toContain(NO_LONGER_AVAILABLE);
    expect(hidden.body).not.toContain(listing.title);
    expect((await call('POST', `/api/admin/users/${owner.user.id}/unban`, admin.cookie)).statusCode).toBe(200);
    expect(await visit(url)).toMatchObject({ status: 200, rendered: true });
  });

  it("shows a new review at once, and its reviewer's new name", async () => {
    const { owner, listing, url } = await visitedListing();
    const customer = await signUp(t.app);
    const started = await call('POST', '/api/conversations', customer.cookie, { serviceId: listing.id, message: 'Hello! Is Saturday morning free?' });
    expect(started.statusCode, started.body).toBe(201);
    const conversation = started.json<Conversation>();
    expect((await call('POST', `/api/conversations/${conversation.id}/messages`, owner.cookie, { content: 'Yes, Saturday at 10 works.' })).statusCode).toBe(201);
    await markEmailVerified(t.database.db, customer.user.id);
    const completed = await call('POST', `/api/services/${listing.id}/complete`, customer.cookie, { conversationId: conversation.id });
    expect(completed.statusCode, completed.body).toBe(201);
    // The conversation and the completion change nothing the page shows.
    expect(await visit(url)).toMatchObject({ status: 200, rendered: false });

    const words = `Patient and clear ${marker()}`;
    const reviewed = await call('POST', `/api/services/${listing.id}/reviews`, customer.cookie, { rating: 5, reviewText: words, serviceCompletionId: completed.json<Completion>().id });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const after = await visit(url);
    expect(after).toMatchObject({ status: 200, rendered: true });
    expect(after.body).toContain(words);
    expect(after.body).toContain(customer.user.username!);

    // Renaming moves no listing's revision (the reviewer has none here); the page names the reviewer all the same.
    const renamed = `reader${randomBytes(3).toString('hex')}`;
    expect((await call('PATCH', '/api/auth/username', customer.cookie, { username: renamed })).statusCode).toBe(200);
    const named = await visit(url);
    expect(named).toMatchObject({ status: 200, rendered: true });
    expect(named.body).toContain(renamed);
    expect(named.body).not.toContain(customer.user.username!);
  });

  it('shows at once what changed beside it: a new listing in its category, an edit of the owner\'s other listing, the owner\'s new name', async () => {
    const { owner, url } = await visitedListing({}, 'household');
    const neighbour = await signUp(t.app);
    const similar = await createListing(t, neighbour.cookie, { title: `Furniture assembly ${marker()}` }, 'household');
    const withSimilar = await visit(url);
    expect(withSimilar).toMatchObject({ status: 200, rendered: true });
    expect(withSimilar.body).toContain(similar.title);

    const other = await createListing(t, owner.cookie, { title: `Moving help ${marker()}` }, 'household');
    expect((await visit(url)).body).toContain(other.title);
    const retitled = `Moving and packing help ${marker()}`;
    await edit(owner, other, { title: retitled });
    const edited = await visit(url);
    expect(edited).toMatchObject({ status: 200, rendered: true });
    expect(edited.body).toContain(retitled);

    const renamed = `owner${randomBytes(3).toString('hex')}`;
    expect((await call('PATCH', '/api/auth/username', owner.cookie, { username: renamed })).statusCode).toBe(200);
    const named = await visit(url);
    expect(named).toMatchObject({ status: 200, rendered: true });
    expect(named.body).toContain(renamed);
    expect(await visit(url)).toMatchObject({ rendered: false, body: named.body });
  });

  it('is never sent to a signed-in reader who blocked the owner, who gets the not-found status', async () => {
    const { owner, listing, url, first } = await visitedListing();
    const reader = await signUp(t.app);
    expect((await call('POST', `/api/users/${owner.user.id}/block`, reader.cookie)).statusCode).toBe(204);
    const blocked = await visit(url, reader.cookie);
    expect(blocked).toMatchObject({ status: 404, rendered: true, cacheControl: 'private, no-store' });
    expect(blocked.body).toContain(NO_LONGER_AVAILABLE);
    expect(blocked.body).not.toContain(listing.title);
    // Signed out, the page is still the remembered one: a block is the reader's alone.
    expect(await visit(url)).toMatchObject({ status: 200, rendered: false, body: first.body });
  });

  it("answers a delete with 'removed by its owner' at once, and the listing again once restored", async () => {
    const { owner, listing, url } = await visitedListing();
    expect((await call('DELETE', `/api/services/${listing.id}`, owner.cookie)).statusCode).toBe(200);
    const removed = await visit(url);
    expect(removed).toMatchObject({ status: 404, rendered: true });
    expect(removed.body).toContain('This listing was removed by its owner');
    expect(removed.body).not.toContain(listing.title);
    expect(await visit(url)).toMatchObject({ status: 404, rendered: false, body: removed.body });
    expect((await call('POST', `/api/services/${listing.id}/restore`, owner.cookie)).statusCode).toBe(200);
    const restored = await visit(url);
    expect(restored).toMatchObject({ status: 200, rendered: true });
    expect(restored.body).toContain(listing.title);
  });

  it("answers an expiry with 'has expired' at once, and the listing again once renewed", async () => {
    const { owner, listing, url } = await visitedListing();
    // What the expiry sweep writes once the listing's day has passed (decision 051).
    await t.database.db.update(services).set({ expired: true }).where(eq(services.id, listing.id));
    const expired = await visit(url);
    expect(expired).toMatchObject({ status: 404, rendered: true });
    expect(expired.body).toContain('This listing has expired');
    expect(expired.body).not.toContain(listing.title);
    expect((await call('POST', `/api/services/${listing.id}/renew`, owner.cookie)).statusCode).toBe(200);
    expect(await visit(url)).toMatchObject({ status: 200, rendered: true });
  });

  it('remembers the not-found page of an address with no listing until a listing takes it', async () => {
    const unknown = await visit('/services/2147483000');
    expect(unknown).toMatchObject({ status: 404, rendered: true });
    expect(await visit('/services/2147483000')).toMatchObject({ status: 404, rendered: false, body: unknown.body });
  });
});

describe('with the page cache off (LISTINGS_CACHE_MS=0)', () => {
  let off: CountingApp;
  beforeAll(async () => {
    off = await countingApp('0');
  });
  afterAll(() => off.close());

  it('renders every visit', async () => {
    const owner = await signUp(off.app);
    const listing = await createListing(off, owner.cookie, { title: `Chess lessons ${marker()}` });
    for (let i = 0; i < 2; i++) expect(await visit(`/services/${listing.id}`, undefined, off)).toMatchObject({ status: 200, rendered: true });
  });
});
