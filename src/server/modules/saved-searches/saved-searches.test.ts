// engines: both — new counts and limits in SQL
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_TEXTS } from '#shared/services.js';
import { SAVED_SEARCH_TEXTS, SAVED_SEARCHES_MAX, type SavedSearch, type SavedSearchList } from '#shared/saved-searches.js';
import { savedSearches, savedSearchMatches, users } from '../../db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing, loadCatalogue } from '#test/helpers/listings.js';
import { uniqueWord } from '#test/support/unique.js';

/** The saved searches API (decision 053): who may do what, and what is refused. Alerts are in alerts.test.ts. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const save = (who: SignedUp | undefined, body: object) => call('POST', '/api/saved-searches', who?.cookie, body);
const listOf = async (who: SignedUp) => (await call('GET', '/api/saved-searches', who.cookie)).json<SavedSearchList>().savedSearches;
const rowsOf = (userId: string) => t.database.db.select().from(savedSearches).where(sql`${savedSearches.userId} = ${userId}`);

describe('saving a search', () => {
  it('saves the filters as browse reads them (a category slug or id, a ZIP with its radius) and answers the saved search, 201', async () => {
    const me = await signUp(t.app);
    const tutoring = (await loadCatalogue(t)).find((c) => c.slug === 'tutoring')!;
    const res = await save(me, { name: 'Piano near home', search: ' piano lessons ', categoryId: 'tutoring', listingType: 'offer', near: '07042', radius: 5, frequency: 'instant' });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<SavedSearch>();
    expect(saved).toEqual({
      id: expect.any(Number),
      name: 'Piano near home',
      search: 'piano lessons',
      categoryId: tutoring.id,
      listingType: 'offer',
      near: '07042',
      radius: 5,
      includeVirtual: true,
      frequency: 'instant',
      newCount: 0,
      createdAt: expect.any(String),
      lastOpenedAt: expect.any(String),
    });
    expect(await listOf(me)).toEqual([saved]);
    // By id too, and `near` alone takes browse's default radius.
    const byId = (await save(me, { categoryId: tutoring.id, near: '07042', frequency: 'daily' })).json<SavedSearch>();
    expect(byId).toMatchObject({ categoryId: tutoring.id, radius: 10, frequency: 'daily', name: 'Tutoring within 10 mi of 07042' });
  });

  it('names a search after its filters when no name is given', async () => {
    const me = await signUp(t.app);
    const named = async (body: object) => (await save(me, { frequency: 'off', ...body })).json<SavedSearch>().name;
    expect(await named({})).toBe('All listings');
    expect(await named({ search: 'dog walking' })).toBe('“dog walking”');
    expect(await named({ search: 'dog', categoryId: 'pet', listingType: 'request' })).toBe('“dog” in Pet Care, requests only');
    expect(await named({ listingType: 'offer', near: '10001', radius: 25 })).toBe('All listings within 25 mi of 10001, offers only');
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} searches a member (409, nothing saved), and counts each member apart`, async () => {
    const [me, other] = [await signUp(t.app), await signUp(t.app)];
    const answers = await Promise.all(Array.from({ length: SAVED_SEARCHES_MAX + 2 }, (_, i) => save(me, { search: `word${i}`, frequency: 'daily' })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(SAVED_SEARCHES_MAX);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ message: SAVED_SEARCH_TEXTS.tooMany, code: 'saved_search_limit' });
    }
    expect(await rowsOf(me.user.id)).toHaveLength(SAVED_SEARCHES_MAX);
    expect((await save(other, { frequency: 'daily' })).statusCode).toBe(201);
    // Deleting one makes room again.
    const first = (await listOf(me))[0]!;
    expect((await call('DELETE', `/api/saved-searches/${first.id}`, me.cookie)).statusCode).toBe(204);
    expect((await save(me, { frequency: 'daily' })).statusCode).toBe(201);
  });

  it.each([
    [{ frequency: 'weekly' }, 'frequency', SAVED_SEARCH_TEXTS.frequency],
    [{}, 'frequency', SAVED_SEARCH_TEXTS.frequency],
    [{ frequency: 'daily', near: '99999' }, 'near', NEAR_TEXTS.invalidZip],
    [{ frequency: 'daily', near: '0704' }, 'near', NEAR_TEXTS.invalidZip],
    [{ frequency: 'daily', near: '07042', radius: 0 }, 'radius', NEAR_TEXTS.radiusRange],
    [{ frequency: 'daily', near: '07042', radius: 101 }, 'radius', NEAR_TEXTS.radiusRange],
    [{ frequency: 'daily', near: '07042', radius: 2.5 }, 'radius', NEAR_TEXTS.radiusRange],
    [{ frequency: 'daily', categoryId: 'gardening-on-mars' }, 'categoryId', 'Please select a category'],
    [{ frequency: 'daily', name: 'x'.repeat(81) }, 'name', SAVED_SEARCH_TEXTS.nameTooLong],
    [{ frequency: 'daily', name: '   ' }, 'name', SAVED_SEARCH_TEXTS.nameRequired],
    [{ frequency: 'daily', listingType: 'barter' }, 'listingType', undefined],
    [{ frequency: 'daily', search: 'x'.repeat(201) }, 'search', undefined],
    [{ frequency: 'daily', userId: 'someone-else' }, undefined, undefined],
  ])('refuses %j with 400 and saves nothing', async (body, field, message) => {
    const me = await signUp(t.app);
    const res = await save(me, body);
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json<{ message: string; code: string; errors?: Record<string, string> }>();
    expect(answer.code).toBe('validation_failed');
    if (field) expect(Object.keys(answer.errors ?? {})).toContain(field);
    if (field && message) expect(answer.errors?.[field]).toBe(message);
    expect(await rowsOf(me.user.id)).toEqual([]);
  });

  it('refuses a body that is not JSON, and an empty one', async () => {
    const me = await signUp(t.app);
    const text = await t.app.inject({ method: 'POST', url: '/api/saved-searches', headers: { cookie: me.cookie, 'content-type': 'text/plain' }, payload: 'frequency=daily' });
    expect(text.statusCode).toBe(415);
    const empty = await t.app.inject({ method: 'POST', url: '/api/saved-searches', headers: { cookie: me.cookie, 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(await rowsOf(me.user.id)).toEqual([]);
  });
});

describe('who may read and change a saved search', () => {
  it('answers 401 to anonymous callers on every route, and 403 to a banned member, changing nothing', async () => {
    const owner = await signUp(t.app);
    const saved = (await save(owner, { frequency: 'daily' })).json<SavedSearch>();
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/api/saved-searches'],
      ['POST', '/api/saved-searches', { frequency: 'daily' }],
      ['PATCH', `/api/saved-searches/${saved.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/saved-searches/${saved.id}`],
      ['POST', `/api/saved-searches/${saved.id}/opened`],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
    const banned = await signUp(t.app);
    const bannedSearch = (await save(banned, { frequency: 'daily' })).json<SavedSearch>();
    await t.database.db.update(users).set({ isBanned: true }).where(sql`${users.id} = ${banned.user.id}`);
    // The first call learns of the suspension (403) and the session ends with it; every later one is signed out (401).
    const answers = [];
    for (const [method, url, body] of [['PATCH', `/api/saved-searches/${bannedSearch.id}`, { name: 'Still mine' }] as [Method, string, object], ...routes]) {
      answers.push((await call(method, url, banned.cookie, body)).statusCode);
    }
    expect(answers).toEqual([403, 401, 401, 401, 401, 401]);
    expect((await rowsOf(owner.user.id)).map((r) => r.name)).toEqual([saved.name]);
    expect((await rowsOf(banned.user.id)).map((r) => r.name)).toEqual([bannedSearch.name]);
  });

  it("lets only the owner change, open or delete it: another member and the administrator get 404, as for an unknown id", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
    const saved = (await save(owner, { search: 'ladder', frequency: 'instant' })).json<SavedSearch>();
    for (const stranger of [other, admin]) {
      expect(await listOf(stranger)).toEqual([]);
      for (const [method, url, body] of [
        ['PATCH', `/api/saved-searches/${saved.id}`, { frequency: 'off' }],
        ['DELETE', `/api/saved-searches/${saved.id}`],
        ['POST', `/api/saved-searches/${saved.id}/opened`],
        ['PATCH', '/api/saved-searches/2147483000', { frequency: 'off' }],
      ] as Array<[Method, string, object?]>) {
        const res = await call(method, url, stranger.cookie, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: SAVED_SEARCH_TEXTS.notFound, code: 'not_found' });
      }
    }
    expect(await listOf(owner)).toEqual([saved]);
    // The administrator keeps saved searches of their own like anyone.
    expect((await save(admin, { frequency: 'daily' })).statusCode).toBe(201);
  });

  it('renames it and changes its frequency (200 with the search), refusing nothing to change and bad values (400)', async () => {
    const owner = await signUp(t.app);
    const saved = (await save(owner, { search: 'bike repair', frequency: 'instant' })).json<SavedSearch>();
    const renamed = await call('PATCH', `/api/saved-searches/${saved.id}`, owner.cookie, { name: '  Bikes  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ ...saved, name: 'Bikes' });
    const daily = await call('PATCH', `/api/saved-searches/${saved.id}`, owner.cookie, { frequency: 'daily', name: 'Bicycles' });
    expect(daily.json()).toEqual({ ...saved, name: 'Bicycles', frequency: 'daily' });
    for (const body of [{}, { frequency: 'hourly' }, { name: '' }, { search: 'cars' }]) {
      const res = await call('PATCH', `/api/saved-searches/${saved.id}`, owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PATCH', '/api/saved-searches/not-a-number', owner.cookie, { name: 'x' })).statusCode).toBe(400);
    expect(await listOf(owner)).toEqual([{ ...saved, name: 'Bicycles', frequency: 'daily' }]);
  });

  it('deletes it (204), after which it is gone for its owner too (404)', async () => {
    const owner = await signUp(t.app);
    const saved = (await save(owner, { frequency: 'daily' })).json<SavedSearch>();
    const gone = await call('DELETE', `/api/saved-searches/${saved.id}`, owner.cookie);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await call('DELETE', `/api/saved-searches/${saved.id}`, owner.cookie)).statusCode).toBe(404);
    expect(await listOf(owner)).toEqual([]);
  });

  it('goes with its owner when they delete their account', async () => {
    const owner = await signUp(t.app);
    await save(owner, { frequency: 'daily' });
    const res = await call('DELETE', '/api/auth/account', owner.cookie, { password: owner.password, confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await rowsOf(owner.user.id)).toEqual([]);
  });

  it('counts the writes of an hour per member and refuses the rest with 429', async () => {
    const me = await signUp(t.app);
    const saved = (await save(me, { frequency: 'daily' })).json<SavedSearch>();
    let last = 200;
    for (let i = 0; i < 70 && last !== 429; i++) last = (await call('PATCH', `/api/saved-searches/${saved.id}`, me.cookie, { name: `Name ${i}` })).statusCode;
    expect(last).toBe(429);
    // Another member's budget is their own.
    const other = await signUp(t.app);
    expect((await save(other, { search: uniqueWord(), frequency: 'daily' })).statusCode).toBe(201);
  });
});

describe('new matches', () => {
  it('counts the matching listings published since the search was last opened, and opening it starts the count again', async () => {
    const me = await signUp(t.app);
    const owner = await signUp(t.app);
    const word = uniqueWord();
    const saved = (await save(me, { search: word, frequency: 'off' })).json<SavedSearch>();
    await createListing(t, owner.cookie, { title: `Help with ${word} today` });
    await createListing(t, owner.cookie, { title: 'Something else entirely' });
    await t.app.savedSearchAlerts(new Date(Date.now() + 60_000));
    expect((await listOf(me))[0]!.newCount).toBe(1);
    // As if the run had been just after the search was saved: opening the search now makes its match old.
    await t.database.db
      .update(savedSearchMatches)
      .set({ matchedAt: new Date(Date.parse(saved.lastOpenedAt) + 1) })
      .where(sql`${savedSearchMatches.savedSearchId} = ${saved.id}`);
    const before = (await listOf(me))[0]!;
    expect(before.newCount).toBe(1);
    const opened = await call('POST', `/api/saved-searches/${saved.id}/opened`, me.cookie);
    expect(opened.statusCode).toBe(204);
    const after = (await listOf(me))[0]!;
    expect(Date.parse(after.lastOpenedAt)).toBeGreaterThan(Date.parse(before.lastOpenedAt));
    expect((await listOf(me))[0]!.newCount).toBe(0);
  });

  it('go with their search, deleted by its owner or with the account', async () => {
    const [me, owner] = [await signUp(t.app), await signUp(t.app)];
    const word = uniqueWord();
    const first = (await save(me, { search: word, frequency: 'off' })).json<SavedSearch>();
    const second = (await save(me, { search: word, frequency: 'daily' })).json<SavedSearch>();
    await createListing(t, owner.cookie, { title: `Help with ${word} today` });
    await t.app.savedSearchAlerts(new Date(Date.now() + 60_000));
    const matchesOf = async (id: number) => (await t.database.db.select().from(savedSearchMatches).where(sql`${savedSearchMatches.savedSearchId} = ${id}`)).length;
    expect([await matchesOf(first.id), await matchesOf(second.id)]).toEqual([1, 1]);
    expect((await call('DELETE', `/api/saved-searches/${first.id}`, me.cookie)).statusCode).toBe(204);
    expect([await matchesOf(first.id), await matchesOf(second.id)]).toEqual([0, 1]);
    const res = await call('DELETE', '/api/auth/account', me.cookie, { password: me.password, confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await matchesOf(second.id)).toBe(0);
  });
});
