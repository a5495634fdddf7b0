// engines: both — matching through three indexes, GiST boxes among them
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch, SavedSearchList } from '#shared/saved-searches.js';
import type { Service } from '#shared/services.js';
import { savedSearchMatches } from '../../db/schema.js';
import { markEmailVerified, signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { createTestAppWithSmtp, type TestAppWithSmtp } from '#test/helpers/smtp.js';
import type { ParsedMail } from '#test/support/mail.js';
import { uniqueWord } from '#test/support/unique.js';
import { lastDigestHour } from './service.js';

/**
 * Saved searches' alerts (decision 053), with the clock given to each run instead of waiting: which new listings
 * match, instant emails batched and spaced, the daily digest, and the one-click way out. Every search here has a word
 * of its own, so what other tests publish never matches it.
 */

const DIGEST_HOUR = 8;
let t: TestAppWithSmtp;
beforeAll(async () => {
  t = await createTestAppWithSmtp({ DIGEST_HOUR: String(DIGEST_HOUR), PUBLIC_URL: 'https://town.example' });
});
afterAll(() => t.close());

const MINUTE = 60_000;
/** A moment `minutes` from now: what the alerts' clock reads in a run. */
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
const run = (at: Date) => t.app.savedSearchAlerts(at);

async function member(verified = true): Promise<SignedUp> {
  const who = await signUp(t.app);
  if (verified) await markEmailVerified(t.database.db, who.user.id);
  return who;
}

async function save(who: SignedUp, body: object): Promise<SavedSearch> {
  const res = await t.app.inject({ method: 'POST', url: '/api/saved-searches', headers: { cookie: who.cookie }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SavedSearch>();
}

const place = (zipCode: string, city: string, state: string) => ({ zipCode, city, state, isVirtual: false });
const online = { isVirtual: true, zipCode: undefined, city: undefined, state: undefined };

/** The listings a saved search has matched so far, by id. */
async function matched(search: SavedSearch): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: savedSearchMatches.serviceId })
    .from(savedSearchMatches)
    .where(sql`${savedSearchMatches.savedSearchId} = ${search.id}`);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const ids = (...listings: Service[]) => listings.map((l) => l.id).sort((a, b) => a - b);

/** Sends what the outbox holds and answers the alert emails `who` has received so far. */
async function inbox(who: SignedUp): Promise<ParsedMail[]> {
  await t.app.mailer.flush();
  return t.smtp.to(who.email).filter((mail) => mail.subject?.includes('saved search'));
}

const header = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

describe('which new listings match a saved search', () => {
  it('matches on the words, the category and the type, as browse would find them', async () => {
    const [seeker, poster] = [await member(), await member()];
    const word = uniqueWord();
    const anyKind = await save(seeker, { search: word, frequency: 'off' });
    const petRequests = await save(seeker, { search: word, categoryId: 'pet', listingType: 'request', frequency: 'off' });
    const tutoringOffer = await createListing(t, poster.cookie, { title: `Lessons in ${word} for all ages` });
    const petRequest = await createListing(t, poster.cookie, { listingType: 'request', title: `Need ${word} for my dog` }, 'pet');
    const petOffer = await createListing(t, poster.cookie, { title: `I walk dogs, ${word} included` }, 'pet');
    const unrelated = await createListing(t, poster.cookie, { title: 'Walking dogs every morning' }, 'pet');
    await run(inMinutes(1));
    expect(await matched(anyKind)).toEqual(ids(tutoringOffer, petRequest, petOffer));
    expect(await matched(petRequests)).toEqual(ids(petRequest));
    expect(await matched(anyKind)).not.toContain(unrelated.id);
  });

  it('matches around a ZIP code by the distance between ZIP centres, the radius included, and virtual listings unless left out', async () => {
    const [seeker, poster] = [await member(), await member()];
    const word = uniqueWord();
    // From Montclair, NJ (07042): Bloomfield 1.579 mi, Newark 5.982 mi, New York (10001) 12.338 mi (decision 050's table).
    const within12 = await save(seeker, { search: word, near: '07042', radius: 12, frequency: 'off' });
    const within13Local = await save(seeker, { search: word, near: '07042', radius: 13, includeVirtual: false, frequency: 'off' });
    const bloomfield = await createListing(t, poster.cookie, { title: `Bloomfield ${word}`, ...place('07003', 'Bloomfield', 'NJ') });
    const newark = await createListing(t, poster.cookie, { title: `Newark ${word}`, ...place('07102', 'Newark', 'NJ') });
    const manhattan = await createListing(t, poster.cookie, { title: `Manhattan ${word}`, ...place('10001', 'New York', 'NY') });
    const philadelphia = await createListing(t, poster.cookie, { title: `Philadelphia ${word}`, ...place('19103', 'Philadelphia', 'PA') });
    const virtual = await createListing(t, poster.cookie, { title: `Online ${word}`, ...online });
    await run(inMinutes(1));
    expect(await matched(within12)).toEqual(ids(bloomfield, newark, virtual));
    expect(await matched(within13Local)).toEqual(ids(bloomfield, newark, manhattan));
    expect(await matched(within12)).not.toContain(philadelphia.id);
  });

  it("never matches one's own listings, nor those of a member one has blocked; a member who blocked the seeker is still matched", async () => {
    const [seeker, blockedByMe, blockedMe] = [await member(), await member(), await member()];
    const word = uniqueWord();
    const search = await save(seeker, { search: word, frequency: 'off' });
    await t.app.inject({ method: 'POST', url: `/api/users/${blockedByMe.user.id}/block`, headers: { cookie: seeker.cookie } });
    await t.app.inject({ method: 'POST', url: `/api/users/${seeker.user.id}/block`, headers: { cookie: blockedMe.cookie } });
    await createListing(t, seeker.cookie, { title: `My own ${word}` });
    await createListing(t, blockedByMe.cookie, { title: `Blocked ${word}` });
    const visible = await createListing(t, blockedMe.cookie, { title: `Blocker's ${word}` });
    await run(inMinutes(1));
    expect(await matched(search)).toEqual(ids(visible));
  });

  it('matches a listing when it becomes visible — created, resumed, restored — and not while it is paused or deleted', async () => {
    const [seeker, poster] = [await member(), await member()];
    const word = uniqueWord();
    const search = await save(seeker, { search: word, frequency: 'off' });
    const listing = await createListing(t, poster.cookie, { title: `Paused ${word}` });
    const edit = (body: object) => t.app.inject({ method: 'PUT', url: `/api/services/${listing.id}`, headers: { cookie: poster.cookie }, payload: body });
    const pause = await edit({ ...listingBody(listing), isActive: false });
    expect(pause.statusCode, pause.body).toBe(200);
    await run(inMinutes(1));
    expect(await matched(search)).toEqual([]);
    expect((await edit({ ...listingBody(listing), isActive: true })).statusCode).toBe(200);
    await run(inMinutes(1));
    expect(await matched(search)).toEqual(ids(listing));

    // Deleted, then restored: published again, and matched again by a search saved meanwhile.
    const later = await save(seeker, { search: word, categoryId: 'tutoring', frequency: 'off' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/services/${listing.id}`, headers: { cookie: poster.cookie } })).statusCode).toBe(200);
    await run(inMinutes(1));
    expect(await matched(later)).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/api/services/${listing.id}/restore`, headers: { cookie: poster.cookie } })).statusCode).toBe(200);
    await run(inMinutes(1));
    expect(await matched(later)).toEqual(ids(listing));
  });

  it('leaves a listing to the next run until it has been published for the settling time', async () => {
    const [seeker, poster] = [await member(), await member()];
    const word = uniqueWord();
    const search = await save(seeker, { search: word, frequency: 'off' });
    const listing = await createListing(t, poster.cookie, { title: `Settling ${word}` });
    await run(new Date(Date.now() - 60 * MINUTE));
    expect(await matched(search)).toEqual([]);
    await run(inMinutes(1));
    expect(await matched(search)).toEqual(ids(listing));
  });
});

/** The body of PUT /api/services/{id} that keeps the listing as it is. */
function listingBody(s: Service) {
  return {
    title: s.title,
    description: s.description,
    categoryId: s.categoryId,
    serviceTypeId: s.serviceTypeId,
    zipCode: s.zipCode ?? undefined,
    isVirtual: s.isVirtual,
    rate: s.rate ?? undefined,
    rateType: s.rateType,
    pricesVary: s.pricesVary,
    availability: s.availability,
    images: s.images,
  };
}

describe('instant alerts', () => {
  it('emails the matches of a run in one email, then waits 10 minutes before the next one for the same search', async () => {
    const [seeker, poster] = [await member(), await member()];
    const word = uniqueWord();
    const search = await save(seeker, { name: 'Music nearby', search: word, frequency: 'instant' });
    const first = await createListing(t, poster.cookie, { title: `Guitar ${word} lessons` });
    const second = await createListing(t, poster.cookie, { title: `Piano ${word} lessons`, ...online });
    const start = inMinutes(1);
    expect((await run(start)).emails).toBeGreaterThanOrEqual(1);
    let mails = await inbox(seeker);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('2 new listings for your saved search "Music nearby"');
    for (const listing of [first, second]) {
      expect(mail.text).toContain(`https://town.example/services/${listing.id}`);
      expect(mail.html).toContain(`href="https://town.example/services/${listing.id}"`);
      expect(mail.text).toContain(listing.title);
    }
    expect(mail.text).toContain('Virtual Service');
    expect(mail.text).toContain('https://town.example/saved-searches');
    expect(mail.html).toContain(`href="https://town.example/services?search=${word}&amp;near=anywhere"`);

    // A third within ten minutes waits; the same run later sends nothing more.
    const third = await createListing(t, poster.cookie, { title: `Drums ${word} lessons` });
    await run(new Date(start.getTime() + 5 * MINUTE));
    expect(await inbox(seeker)).toHaveLength(1);
    await run(new Date(start.getTime() + 10 * MINUTE));
    mails = await inbox(seeker);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('New listing for your saved search "Music nearby"');
    expect(mails[1]!.text).toContain(`/services/${third.id}`);
    expect(mails[1]!.text).not.toContain(`/services/${first.id}`);
    await run(new Date(start.getTime() + 30 * MINUTE));
    expect(await inbox(seeker)).toHaveLength(2);
    // Counted as new all the same until the member opens the search.
    const list = (await t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: { cookie: seeker.cookie } })).json<SavedSearchList>();
    expect(list.savedSearches.find((s) => s.id === search.id)!.newCount).toBe(3);
  });

  it('names only the listings still visible when the email goes, and sends none when none is', async () => {
    const [seeker, poster] = [await member(), await member()];
    const word = uniqueWord();
    await save(seeker, { search: word, frequency: 'instant' });
    const kept = await createListing(t, poster.cookie, { title: `Kept ${word}` });
    const gone = await createListing(t, poster.cookie, { title: `Gone ${word}` });
    // Deleted before the run: never matched.
    const at = inMinutes(1);
    await t.app.inject({ method: 'DELETE', url: `/api/services/${gone.id}`, headers: { cookie: poster.cookie } });
    await run(at);
    let mails = await inbox(seeker);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New listing for your saved search "“${word}”"`);
    expect(mails[0]!.text).toContain(`/services/${kept.id}`);
    expect(mails[0]!.text).not.toContain(`/services/${gone.id}`);

    // Matched within the 10 minutes after that email, so it waits; deleted before its email may go, so none goes.
    const alone = await createListing(t, poster.cookie, { title: `Alone ${word}` });
    await run(new Date(at.getTime() + 5 * MINUTE));
    expect((await inbox(seeker)).length).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/services/${alone.id}`, headers: { cookie: poster.cookie } });
    await run(new Date(at.getTime() + 30 * MINUTE));
    mails = await inbox(seeker);
    expect(mails).toHaveLength(1);
  });

  it('leaves out of the email the listings of a member the seeker blocked after they matched, and matches none of theirs after', async () => {
    const [seeker, poster, blocked] = [await member(), await member(), await member()];
    const word = uniqueWord();
    const search = await save(seeker, { search: word, frequency: 'instant' });
    const kept = await createListing(t, poster.cookie, { title: `Kept ${word}` });
    const hidden = await createListing(t, blocked.cookie, { title: `Hidden ${word}` });
    // An email just went, so both matches wait their 10 minutes; meanwhile the seeker blocks one poster.
    await t.database.db.execute(sql`update saved_searches set last_alert_at = now() where id = ${search.id}`);
    const at = inMinutes(1);
    await run(at);
    expect(await matched(search)).toEqual(ids(kept, hidden));
    const block = await t.app.inject({ method: 'POST', url: `/api/users/${blocked.user.id}/block`, headers: { cookie: seeker.cookie } });
    expect(block.statusCode, block.body).toBe(204);
    await run(new Date(at.getTime() + 20 * MINUTE));
    let mails = await inbox(seeker);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New listing for your saved search "“${word}”"`);
    expect(mails[0]!.text).toContain(`/services/${kept.id}`);
    expect(mails[0]!.text).not.toContain(`/services/${hidden.id}`);

    // The blocked member's next listing is not matched at all, so nothing waits and no email goes.
    await createListing(t, blocked.cookie, { title: `Hidden again ${word}` });
    await run(new Date(at.getTime() + 40 * MINUTE));
    expect(await matched(search)).toEqual(ids(kept, hidden));
    mails = await inbox(seeker);
    expect(mails).toHaveLength(1);
  });

  it('sends nothing for a listing deleted for good after it matched; its match counts as told and goes with the month’s pruning', async () => {
    const [seeker, poster] = [await member(), await member()];
    const word = uniqueWord();
    const search = await save(seeker, { search: word, frequency: 'instant' });
    const listing = await createListing(t, poster.cookie, { title: `Removed ${word}` });
    // An email just went, so the match waits its 10 minutes; meanwhile the poster's account and listings go for good.
    await t.database.db.execute(sql`update saved_searches set last_alert_at = now() where id = ${search.id}`);
    await run(inMinutes(1));
    expect(await matched(search)).toEqual([listing.id]);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie: poster.cookie }, payload: { password: poster.password } });
    expect(gone.statusCode, gone.body).toBe(200);

    await run(inMinutes(20));
    expect(await inbox(seeker)).toEqual([]);
    const told = async () => (await t.database.db.select({ at: savedSearchMatches.alertedAt }).from(savedSearchMatches).where(sql`${savedSearchMatches.savedSearchId} = ${search.id}`)).map((r) => r.at !== null);
    expect(await told()).toEqual([true]);
    // A month on, housekeeping takes it.
    await t.database.db.execute(sql`update saved_search_matches set matched_at = now() - interval '31 days' where saved_search_id = ${search.id}`);
    await t.app.housekeeping();
    expect(await told()).toEqual([]);
  });

  it('emails only a confirmed address: an unconfirmed one gets nothing, then or later, though the matches count', async () => {
    const [seeker, poster] = [await member(false), await member()];
    const word = uniqueWord();
    const search = await save(seeker, { search: word, frequency: 'instant' });
    await createListing(t, poster.cookie, { title: `Unverified ${word}` });
    await run(inMinutes(1));
    expect(await inbox(seeker)).toEqual([]);
    await markEmailVerified(t.database.db, seeker.user.id);
    await run(inMinutes(20));
    expect(await inbox(seeker)).toEqual([]);
    expect((await matched(search)).length).toBe(1);
  });
});

describe('daily digests', () => {
  it(`sends the day's matches once, after ${DIGEST_HOUR}:00 server time, and nothing before`, async () => {
    const [seeker, poster] = [await member(), await member()];
    const word = uniqueWord();
    await save(seeker, { name: 'Yard help', search: word, frequency: 'daily' });
    const tomorrow = (hour: number, minute = 0) => {
      const at = new Date();
      at.setDate(at.getDate() + 1);
      at.setHours(hour, minute, 0, 0);
      return at;
    };
    const listings = [await createListing(t, poster.cookie, { title: `Hedges ${word}` }), await createListing(t, poster.cookie, { title: `Lawn ${word}` })];
    // Matched at 06:30 tomorrow: the digest hour that passed last is today's, before the match.
    await run(tomorrow(DIGEST_HOUR - 1, 30));
    expect(await inbox(seeker)).toEqual([]);
    await run(tomorrow(DIGEST_HOUR - 1, 59));
    expect(await inbox(seeker)).toEqual([]);
    await run(tomorrow(DIGEST_HOUR, 0));
    const mails = await inbox(seeker);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Today's new listings for your saved search "Yard help"`);
    for (const listing of listings) expect(mails[0]!.text).toContain(`/services/${listing.id}`);
    await run(tomorrow(DIGEST_HOUR, 30));
    await run(tomorrow(DIGEST_HOUR + 5));
    expect(await inbox(seeker)).toHaveLength(1);
  });

  it('finds the digest hour that last passed in local time', () => {
    const at = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m);
    expect(lastDigestHour(at(27, 9), 8)).toEqual(at(27, 8));
    expect(lastDigestHour(at(27, 8), 8)).toEqual(at(27, 8));
    expect(lastDigestHour(at(27, 7, 59), 8)).toEqual(at(26, 8));
    expect(lastDigestHour(at(1, 0, 5), 23)).toEqual(at(0, 23));
  });
});

describe('stopping an alert from its email', () => {
  it("carries RFC 8058's headers, and the one-click POST (from any site, with no session) stops that search's emails only", async () => {
    const [seeker, poster] = [await member(), await member()];
    const word = uniqueWord();
    const stopped = await save(seeker, { name: 'Stop me', search: word, frequency: 'instant' });
    const kept = await save(seeker, { name: 'Keep me', search: `${word} ladder`, frequency: 'instant' });
    await createListing(t, poster.cookie, { title: `A ${word} with a ladder` });
    await run(inMinutes(1));
    const mails = await inbox(seeker);
    expect(mails.map((m) => m.subject).sort()).toEqual(['New listing for your saved search "Keep me"', 'New listing for your saved search "Stop me"']);
    const mail = mails.find((m) => m.subject?.includes('Stop me'))!;
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const target = /^<(https:\/\/town\.example\/api\/saved-searches\/unsubscribe\?token=[^>]+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '');
    expect(target, header(mail, 'List-Unsubscribe')).not.toBeNull();
    const url = new URL(target![1]!);
    expect(mail.text).toContain(`https://town.example/saved-searches/unsubscribe?token=${url.searchParams.get('token')}`);

    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(204);
    // Again: done is done.
    expect((await t.app.inject({ method: 'POST', url: '/api/saved-searches/unsubscribe', payload: { token: url.searchParams.get('token') } })).statusCode).toBe(204);

    const list = (await t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: { cookie: seeker.cookie } })).json<SavedSearchList>().savedSearches;
    expect(list.find((s) => s.id === stopped.id)!.frequency).toBe('off');
    expect(list.find((s) => s.id === kept.id)!.frequency).toBe('instant');
    await createListing(t, poster.cookie, { title: `Another ${word} and ladder` });
    await run(inMinutes(15));
    const after = await inbox(seeker);
    expect(after.slice(mails.length).map((m) => m.subject)).toEqual(['New listing for your saved search "Keep me"']);
    // The stopped search still counts what is new.
    const again = (await t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: { cookie: seeker.cookie } })).json<SavedSearchList>().savedSearches;
    expect(again.find((s) => s.id === stopped.id)!.newCount).toBe(2);
  });

  it('refuses a missing, malformed or forged token with 400, changing nothing', async () => {
    const seeker = await member();
    const search = await save(seeker, { search: uniqueWord(), frequency: 'daily' });
    const stop = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, ...(payload && { payload }) });
    for (const res of [
      await stop('/api/saved-searches/unsubscribe'),
      await stop('/api/saved-searches/unsubscribe', {}),
      await stop('/api/saved-searches/unsubscribe', { token: `${search.id}` }),
      await stop('/api/saved-searches/unsubscribe', { token: `${search.id}.AAAA` }),
      await stop('/api/saved-searches/unsubscribe', { token: `${search.id}.${'A'.repeat(43)}` }),
      await stop('/api/saved-searches/unsubscribe?token=abc.def'),
      await stop('/api/saved-searches/unsubscribe', { token: '.' }),
      await stop('/api/saved-searches/unsubscribe', { token: '-1.x' }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.stringMatching(/^(invalid_link|validation_failed)$/) });
    }
    expect((await stop('/api/saved-searches/unsubscribe', { token: 'x'.repeat(201) })).statusCode).toBe(400);
    const list = (await t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: { cookie: seeker.cookie } })).json<SavedSearchList>().savedSearches;
    expect(list[0]!.frequency).toBe('daily');
  });
});
