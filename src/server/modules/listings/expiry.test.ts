// engines: both — the expiry sweep's SQL, its row claims and date arithmetic
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRY_TEXTS, type ListingRenewal } from '#shared/listing-expiry.js';
import { type Service, WRITE_LIMIT_TEXTS } from '#shared/services.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, randomIp, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { linkIn } from '#test/helpers/smtp.js';
import { uniqueWord } from '../../../../test/support/unique.js';
import { outbox, services, users } from '../../db/schema.js';
import { createListingExpiry } from './expiry.js';
import { createExpiryRepository } from './expiry-repository.js';

/**
 * Listings expire (decision 051), on the engine under test, with the sweep's clock chosen by each test
 * (`app.listingExpiry(now)`) instead of waiting: creating, editing and renewing set the expiry, a reminder a week
 * ahead through the outbox, hidden like a paused listing once its day has passed, renewed by the owner or by the
 * emailed link (single use, signed). The app runs with the default LISTING_TTL_DAYS of 60.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const TTL_DAYS = 60;
const daysAfter = (iso: string | Date, days: number) => new Date(new Date(iso).getTime() + days * DAY_MS);
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: SignedUp, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: randomIp(), headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });
const read = async (id: number, who?: SignedUp) => call('GET', `/api/services/${id}`, who);
const row = async (id: number) => (await t.database.db.select().from(services).where(eq(services.id, id)))[0]!;
const setListing = (id: number, values: Partial<typeof services.$inferInsert>) => t.database.db.update(services).set(values).where(eq(services.id, id));

/** A member whose address is confirmed: only such addresses get the reminder. */
async function verifiedMember(): Promise<SignedUp> {
  const member = await signUp(t.app);
  await markEmailVerified(t.database.db, member.user.id);
  return member;
}

/** The reminders in the outbox for `email`, oldest first. */
async function remindersTo(email: string) {
  return t.database.db
    .select({ subject: outbox.subject, text: outbox.text, html: outbox.html })
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'listing-expiry-reminder')))
    .orderBy(outbox.id);
}

/** Whether a listing shows to someone else: its own address, browse, a search for its word, its owner's member page. */
async function shownToOthers(listing: Service, word: string, owner: SignedUp): Promise<Record<string, boolean>> {
  const viewer = await signUp(t.app);
  const has = (res: { json: () => { services: Service[] } }) => res.json().services.some((s) => s.id === listing.id);
  return {
    page: (await read(listing.id, viewer)).statusCode === 200,
    signedOutPage: (await read(listing.id)).statusCode === 200,
    browse: has(await call('GET', '/api/services?limit=50', viewer)),
    search: has(await call('GET', `/api/services?search=${word}`)),
    member: has(await call('GET', `/api/users/${owner.user.username}/services`, viewer)),
  };
}
const SHOWN = { page: true, signedOutPage: true, browse: true, search: true, member: true };
const HIDDEN = { page: false, signedOutPage: false, browse: false, search: false, member: false };

describe('the expiry a listing carries', () => {
  it('is now + LISTING_TTL_DAYS on creating and editing, in the Service answer', async () => {
    const owner = await signUp(t.app);
    const before = Date.now();
    const listing = await createListing(t, owner.cookie);
    expect(listing.expired).toBe(false);
    const expiresAt = new Date(listing.expiresAt!).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + TTL_DAYS * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + TTL_DAYS * DAY_MS);
    // Others read it too, on the listing and on its card.
    expect((await read(listing.id)).json<Service>().expiresAt).toBe(listing.expiresAt);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await setListing(listing.id, { expired: true, expiryRemindedAt: new Date() });
    const edited = await call('PUT', `/api/services/${listing.id}`, owner, { ...listing, title: 'An edited listing title', images: [] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(new Date(edited.json<Service>().expiresAt!).getTime()).toBeGreaterThan(expiresAt);
    expect(edited.json<Service>().expired).toBe(false);
    expect((await row(listing.id)).expiryRemindedAt).toBeNull();
  });
});

describe('the sweep', () => {
  it('emails a verified owner once, a week ahead, with a renew link, then hides the listing when its day has passed', async () => {
    const owner = await verifiedMember();
    const word = uniqueWord();
    const listing = await createListing(t, owner.cookie, { title: `Garden help ${word}` });
    expect(await shownToOthers(listing, word, owner)).toEqual(SHOWN);

    await t.app.listingExpiry(daysAfter(listing.expiresAt!, -8));
    expect(await remindersTo(owner.email)).toHaveLength(0);

    await t.app.listingExpiry(daysAfter(listing.expiresAt!, -6.5));
    const [reminder, ...more] = await remindersTo(owner.email);
    expect(more).toHaveLength(0);
    expect(reminder!.subject).toBe(`Your listing "Garden help ${word}" expires on ${DAY.format(new Date(listing.expiresAt!))}`);
    const link = linkIn(reminder!, `/services/${listing.id}/renew`);
    // PUBLIC_URL's default in the tests' configuration.
    expect(link.url.origin).toBe('http://localhost:5000');
    expect(link.token).toMatch(/^[\w-]{43}$/);
    expect(reminder!.text).toContain(`/services/${listing.id}`);
    expect(reminder!.html).toContain('Renew listing');
    // Reminded for this expiry: later sweeps send nothing more.
    await t.app.listingExpiry(daysAfter(listing.expiresAt!, -3));
    expect(await remindersTo(owner.email)).toHaveLength(1);
    expect(await shownToOthers(listing, word, owner)).toEqual(SHOWN);

    await t.app.listingExpiry(daysAfter(listing.expiresAt!, -0.001));
    expect((await row(listing.id)).expired).toBe(false);
    await t.app.listingExpiry(daysAfter(listing.expiresAt!, 0.001));
    expect(await shownToOthers(listing, word, owner)).toEqual(HIDDEN);
    // Nothing is deleted: the owner still sees it, as expired, on its page and in My Services.
    const own = (await read(listing.id, owner)).json<Service>();
    expect(own).toMatchObject({ id: listing.id, expired: true, deletedAt: null, isActive: true });
    const mine = (await call('GET', '/api/my-services', owner)).json<Service[]>();
    expect(mine.find((s) => s.id === listing.id)).toMatchObject({ expired: true });
    expect(await remindersTo(owner.email)).toHaveLength(1);
  });

  it('reminds nobody whose address is unconfirmed, nor about a paused listing or a suspended owner’s, and still expires them', async () => {
    const unverified = await signUp(t.app);
    const quiet = await createListing(t, unverified.cookie);
    const pauser = await verifiedMember();
    const paused = await createListing(t, pauser.cookie);
    await setListing(paused.id, { isActive: false });
    const suspended = await verifiedMember();
    const banned = await createListing(t, suspended.cookie);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, suspended.user.id));

    const latest = Math.max(...[quiet, paused, banned].map((s) => new Date(s.expiresAt!).getTime()));
    await t.app.listingExpiry(daysAfter(new Date(latest), -1));
    for (const who of [unverified, pauser, suspended]) expect(await remindersTo(who.email)).toHaveLength(0);
    await t.app.listingExpiry(daysAfter(new Date(latest), 0.001));
    for (const listing of [quiet, paused, banned]) expect((await row(listing.id)).expired).toBe(true);
  });

  it('never expires a deleted listing, and a restored one keeps its expiry', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    expect((await call('DELETE', `/api/services/${listing.id}`, owner)).statusCode).toBe(200);
    await t.app.listingExpiry(daysAfter(listing.expiresAt!, 1));
    expect((await row(listing.id)).expired).toBe(false);
    const restored = (await call('POST', `/api/services/${listing.id}/restore`, owner)).json<Service>();
    expect(restored).toMatchObject({ expiresAt: listing.expiresAt, expired: false, deletedAt: null });
  });

  it('sends one reminder per listing when sweeps run at once', async () => {
    const owner = await verifiedMember();
    const listings: Service[] = [];
    for (const n of [1, 2, 3]) listings.push(await createListing(t, owner.cookie, { title: `Listing number ${n}` }));
    const when = daysAfter(listings[2]!.expiresAt!, -2);
    await Promise.all([t.app.listingExpiry(when), t.app.listingExpiry(when), t.app.listingExpiry(when)]);
    const sent = await remindersTo(owner.email);
    expect(sent.map((mail) => mail.subject.split('"')[1]).sort()).toEqual(['Listing number 1', 'Listing number 2', 'Listing number 3']);
    for (const listing of listings) expect(sent.filter((mail) => mail.text.includes(`/services/${listing.id}/renew?token=`))).toHaveLength(1);
  });

  it('changes at most one batch per step and run, soonest first', async () => {
    const own = await createTestApp();
    try {
      const owner = await signUp(own.app);
      await markEmailVerified(own.database.db, owner.user.id);
      const made: Service[] = [];
      for (const n of [1, 2, 3]) made.push(await createListing(own, owner.cookie, { title: `Batch listing ${n}` }));
      const now = new Date();
      const setOwn = (id: number, values: Partial<typeof services.$inferInsert>) => own.database.db.update(services).set(values).where(eq(services.id, id));
      const expiredOf = async () => (await own.database.db.select({ id: services.id, expired: services.expired }).from(services).orderBy(services.id)).map((r) => r.expired);
      const expiry = createListingExpiry({
        db: own.database.db,
        repo: createExpiryRepository(own.database.db),
        settings: { ttlDays: TTL_DAYS, mail: own.app.mailer, publicUrl: 'http://localhost:5000', secret: 'x'.repeat(32) },
        forgetPages: () => {},
        batchSize: 2,
      });

      // Three without an expiry: two get one in the first run, the third in the next.
      for (const listing of made) await setOwn(listing.id, { expiresAt: null });
      expect((await expiry.run(daysAfter(now, -30))).assigned).toBe(2);
      expect((await expiry.run(daysAfter(now, -30))).assigned).toBe(1);

      // Three due for a reminder, the third soonest: it and the first go out first.
      for (const [i, days] of [3, 5, 1].entries()) await setOwn(made[i]!.id, { expiresAt: daysAfter(now, days), expiryRemindedAt: null });
      expect((await expiry.run(now)).reminded).toBe(2);
      const subjects = async () => (await own.database.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.kind, 'listing-expiry-reminder')).orderBy(outbox.id)).map((m) => m.subject.split('"')[1]);
      expect((await subjects()).sort()).toEqual(['Batch listing 1', 'Batch listing 3']);
      expect((await expiry.run(now)).reminded).toBe(1);
      expect(await subjects()).toHaveLength(3);

      // Three past their day: the two soonest expire first.
      for (const [i, days] of [-1, -3, -2].entries()) await setOwn(made[i]!.id, { expiresAt: daysAfter(now, days) });
      expect((await expiry.run(now)).expired).toBe(2);
      expect(await expiredOf()).toEqual([false, true, true]);
      expect((await expiry.run(now)).expired).toBe(1);
      expect(await expiredOf()).toEqual([true, true, true]);
    } finally {
      await own.close();
    }
  });
});

describe('POST /api/services/{id}/renew', () => {
  it('renews an expired listing for its owner: shown again, a fresh expiry, a new reminder later', async () => {
    const owner = await verifiedMember();
    const word = uniqueWord();
    const listing = await createListing(t, owner.cookie, { title: `Bike repairs ${word}` });
    await t.app.listingExpiry(daysAfter(listing.expiresAt!, -1));
    await t.app.listingExpiry(daysAfter(listing.expiresAt!, 1));
    expect(await shownToOthers(listing, word, owner)).toEqual(HIDDEN);

    const before = Date.now();
    const res = await call('POST', `/api/services/${listing.id}/renew`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json<Service>();
    expect(renewed).toMatchObject({ id: listing.id, expired: false, isActive: true, user: { email: owner.email } });
    expect(new Date(renewed.expiresAt!).getTime()).toBeGreaterThanOrEqual(before + TTL_DAYS * DAY_MS);
    expect((await row(listing.id)).expiryRemindedAt).toBeNull();
    expect(await shownToOthers(listing, word, owner)).toEqual(SHOWN);

    // The renewed expiry gets its own reminder.
    await t.app.listingExpiry(daysAfter(renewed.expiresAt!, -1));
    expect(await remindersTo(owner.email)).toHaveLength(2);
  });

  it('renews a listing that has not expired yet, and answers who may not with the usual statuses', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const other = await signUp(t.app);
    const url = `/api/services/${listing.id}/renew`;

    expect((await call('POST', url)).statusCode).toBe(401);
    for (const who of [other, admin]) {
      const refused = await call('POST', url, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'You do not have permission to edit this service', code: 'forbidden' });
    }
    expect((await call('POST', '/api/services/99999999/renew', owner)).statusCode).toBe(404);
    expect((await call('POST', '/api/services/abc/renew', owner)).statusCode).toBe(400);
    expect((await row(listing.id)).expiresAt!.toISOString()).toBe(listing.expiresAt);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const renewed = await call('POST', url, owner);
    expect(renewed.statusCode).toBe(200);
    expect(new Date(renewed.json<Service>().expiresAt!).getTime()).toBeGreaterThan(new Date(listing.expiresAt!).getTime());

    const banned = await signUp(t.app);
    const theirs = await createListing(t, banned.cookie);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
    const suspended = await call('POST', `/api/services/${theirs.id}/renew`, banned);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().code).toBe('account_suspended');
  });

  it('answers 409 listing_deleted for a deleted listing and changes nothing', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    await call('DELETE', `/api/services/${listing.id}`, owner);
    await setListing(listing.id, { expired: true });
    const res = await call('POST', `/api/services/${listing.id}/renew`, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: EXPIRY_TEXTS.deletedRenew, code: 'listing_deleted' });
    expect(await row(listing.id)).toMatchObject({ expired: true, expiresAt: new Date(listing.expiresAt!) });
  });

  it('spends the listings’ edit budget: 300 accepted writes an hour per person', async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    for (let i = 0; i < 300; i += 1) expect((await call('POST', `/api/services/${listing.id}/renew`, owner)).statusCode).toBe(200);
    const limited = await call('POST', `/api/services/${listing.id}/renew`, owner);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: WRITE_LIMIT_TEXTS.edits, code: 'rate_limited' });
  });
});

describe('the emailed renew link', () => {
  /** A verified owner's listing, reminded, with the token of its email's link. */
  async function reminded(): Promise<{ owner: SignedUp; listing: Service; token: string }> {
    const owner = await verifiedMember();
    const listing = await createListing(t, owner.cookie);
    await t.app.listingExpiry(daysAfter(listing.expiresAt!, -1));
    const [mail] = await remindersTo(owner.email);
    return { owner, listing, token: linkIn(mail!, `/services/${listing.id}/renew`).token };
  }
  const preview = (id: number, token: string, who?: SignedUp) => call('GET', `/api/services/${id}/renewal?token=${encodeURIComponent(token)}`, who);
  const renew = (id: number, token: unknown, who?: SignedUp) => call('POST', `/api/services/${id}/renewal`, who, { token });
  const expectInvalid = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: EXPIRY_TEXTS.invalidLink, code: 'invalid_link' });
  };

  it('shows what it renews without renewing, then renews once without signing in', async () => {
    const { listing, token } = await reminded();
    await t.app.listingExpiry(daysAfter(listing.expiresAt!, 0.5));
    const shown = await preview(listing.id, token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json<ListingRenewal>()).toEqual({ id: listing.id, title: listing.title, expiresAt: listing.expiresAt, expired: true });
    // A mail scanner opening the page (or the preview, as often as it likes) renews nothing.
    expect((await preview(listing.id, token)).statusCode).toBe(200);
    expect((await row(listing.id)).expired).toBe(true);

    const before = Date.now();
    const res = await renew(listing.id, token);
    expect(res.statusCode, res.body).toBe(200);
    const renewal = res.json<ListingRenewal>();
    expect(renewal).toMatchObject({ id: listing.id, title: listing.title, expired: false });
    expect(new Date(renewal.expiresAt!).getTime()).toBeGreaterThanOrEqual(before + TTL_DAYS * DAY_MS);
    expect((await read(listing.id)).statusCode).toBe(200);

    // Used: the listing's expiry moved, so the same link opens nothing any more, and changes nothing.
    expectInvalid(await renew(listing.id, token));
    expectInvalid(await preview(listing.id, token));
    expect((await row(listing.id)).expiresAt!.toISOString()).toBe(renewal.expiresAt);
  });

  it('refuses a wrong token, another listing’s, one from before an edit, and an unknown listing alike', async () => {
    const first = await reminded();
    const second = await reminded();
    const forged = 'A'.repeat(43);
    for (const [id, token] of [
      [first.listing.id, forged],
      [first.listing.id, second.token],
      [99999999, first.token],
      [first.listing.id, `${first.token}x`],
    ] as const) {
      expectInvalid(await renew(id, token));
      expectInvalid(await preview(id, token));
    }
    // Malformed input is refused by the schema.
    expect((await renew(first.listing.id, '')).statusCode).toBe(400);
    expect((await renew(first.listing.id, 'x'.repeat(201))).statusCode).toBe(400);
    expect((await renew(first.listing.id, 42)).statusCode).toBe(400);
    expect((await call('GET', `/api/services/${first.listing.id}/renewal`)).statusCode).toBe(400);
    expect((await row(first.listing.id)).expiresAt!.toISOString()).toBe(first.listing.expiresAt);

    // An edit renews too: the link of the earlier expiry no longer fits.
    const edited = await call('PUT', `/api/services/${second.listing.id}`, second.owner, { ...second.listing, images: [] });
    expect(edited.statusCode).toBe(200);
    expectInvalid(await renew(second.listing.id, second.token));
  });

  it('works once when two clicks race', async () => {
    const { listing, token } = await reminded();
    const answers = await Promise.all([renew(listing.id, token), renew(listing.id, token), renew(listing.id, token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('answers 409 for a deleted listing and 403 for a suspended owner, changing nothing', async () => {
    const deleted = await reminded();
    await call('DELETE', `/api/services/${deleted.listing.id}`, deleted.owner);
    const gone = await renew(deleted.listing.id, deleted.token);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ message: EXPIRY_TEXTS.deletedRenew, code: 'listing_deleted' });

    const suspended = await reminded();
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, suspended.owner.user.id));
    const refused = await renew(suspended.listing.id, suspended.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_suspended');
    for (const { listing } of [deleted, suspended]) expect((await row(listing.id)).expiresAt!.toISOString()).toBe(listing.expiresAt);
  });

  it('works for whoever holds it, signed in or not', async () => {
    const { listing, token } = await reminded();
    const stranger = await signUp(t.app);
    expect((await renew(listing.id, token, stranger)).statusCode).toBe(200);
  });

  it('counts tries per address: 60 an hour', async () => {
    const { listing } = await reminded();
    const address = randomIp();
    const attempt = () => t.app.inject({ method: 'POST', url: `/api/services/${listing.id}/renewal`, remoteAddress: address, payload: { token: 'B'.repeat(43) } });
    for (let i = 0; i < 60; i += 1) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: EXPIRY_TEXTS.tooManyTries, code: 'rate_limited' });
  });

  it('counts an IPv6 network as one address, as every other limiter does: the addresses of one /64 share the 60', async () => {
    const { listing } = await reminded();
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const attempt = (i: number) =>
      t.app.inject({ method: 'POST', url: `/api/services/${listing.id}/renewal`, remoteAddress: `${prefix}::${(i + 1).toString(16)}`, payload: { token: 'B'.repeat(43) } });
    for (let i = 0; i < 60; i += 1) expect((await attempt(i)).statusCode).toBe(400);
    expect((await attempt(60)).statusCode).toBe(429);
  });
});

describe('listings from before expiry, and expiry turned off', () => {
  it('gives a listing without an expiry the later of its last edit + the TTL and a week from the sweep, then reminds first', async () => {
    const own = await createTestApp();
    try {
      const owner = await signUp(own.app);
      await markEmailVerified(own.database.db, owner.user.id);
      const oldOne = await createListing(own, owner.cookie, { title: 'An old listing from before' });
      const recent = await createListing(own, owner.cookie, { title: 'A recent listing from before' });
      const now = new Date();
      const editedRecently = daysAfter(now, -10);
      await own.database.db.update(services).set({ expiresAt: null, updatedAt: daysAfter(now, -200) }).where(eq(services.id, oldOne.id));
      await own.database.db.update(services).set({ expiresAt: null, updatedAt: editedRecently }).where(eq(services.id, recent.id));

      const run = await own.app.listingExpiry(now);
      expect(run.assigned).toBe(2);
      const expiryOf = async (id: number) => (await own.database.db.select().from(services).where(eq(services.id, id)))[0]!.expiresAt!.getTime();
      expect(await expiryOf(oldOne.id)).toBe(daysAfter(now, 7).getTime());
      expect(await expiryOf(recent.id)).toBe(daysAfter(editedRecently, TTL_DAYS).getTime());
      // The old one is warned at once, and expires a week later, not before.
      const mails = await own.database.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.kind, 'listing-expiry-reminder'));
      expect(mails.map((m) => m.subject)).toEqual([`Your listing "An old listing from before" expires on ${DAY.format(daysAfter(now, 7))}`]);
      await own.app.listingExpiry(daysAfter(now, 6.9));
      expect((await own.database.db.select().from(services).where(eq(services.id, oldOne.id)))[0]!.expired).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('with LISTING_TTL_DAYS=0: no expiry on new listings, renewing clears it, and expired listings show again', async () => {
    const off = await createTestApp({ LISTING_TTL_DAYS: '0' });
    try {
      const owner = await signUp(off.app);
      const listing = await createListing(off, owner.cookie);
      expect(listing.expiresAt).toBeNull();
      const hidden = await createListing(off, owner.cookie);
      await off.database.db.update(services).set({ expiresAt: new Date(Date.now() - DAY_MS), expired: true }).where(eq(services.id, hidden.id));
      expect((await off.app.inject({ method: 'GET', url: `/api/services/${hidden.id}` })).statusCode).toBe(404);

      const run = await off.app.listingExpiry(new Date());
      expect(run).toMatchObject({ cleared: 1, reminded: 0, expired: 0 });
      const shown = await off.app.inject({ method: 'GET', url: `/api/services/${hidden.id}` });
      expect(shown.statusCode).toBe(200);
      expect(shown.json<Service>()).toMatchObject({ expiresAt: null, expired: false });
      // Nothing expires while it is off, however late.
      await off.app.listingExpiry(daysAfter(new Date(), 10_000));
      expect((await off.app.inject({ method: 'GET', url: `/api/services/${listing.id}` })).statusCode).toBe(200);

      const renewed = await off.app.inject({ method: 'POST', url: `/api/services/${listing.id}/renew`, headers: { cookie: owner.cookie } });
      expect(renewed.json<Service>()).toMatchObject({ expiresAt: null, expired: false });
    } finally {
      await off.close();
    }
  });
});

it('refuses LISTING_TTL_DAYS outside 0..3650 or not whole', async () => {
  const { loadConfig } = await import('../../config.js');
  for (const value of ['-1', '3651', '1.5', 'soon']) expect(() => loadConfig({ LISTING_TTL_DAYS: value }), value).toThrow(/LISTING_TTL_DAYS/);
  expect(loadConfig({}).LISTING_TTL_DAYS).toBe(60);
});
