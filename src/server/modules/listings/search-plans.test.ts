// engines: both — prepared statements and the planner's estimates
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import type { Service } from '#shared/services.js';
import { BROWSE_PAGE_SIZE } from '#shared/services.js';
import { createListingsRepository, type BrowseFilter } from './repository.js';

/**
 * Decision 032: a search either walks the newest listings or reads the text index, as PostgreSQL judges its words.
 * Whichever way it goes, every page must hold the same listings in the same order.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the two ways a search runs', () => {
  it('find the same listings, in the same order, for every filter, page size and page', async () => {
    const tag = `zq${randomBytes(4).toString('hex')}`;
    const owner = await signUp(t.app);
    const reader = await signUp(t.app);
    const made: Service[] = [];
    // Oldest first: titles and descriptions with the word, in two categories, offers and requests.
    for (let i = 0; i < 10; i++) {
      const inTitle = i % 3 !== 1;
      made.push(
        await createListing(
          t,
          owner.cookie,
          {
            title: inTitle ? `Dog walking ${tag} ${i}` : `Evening help number ${i}`,
            description: inTitle ? 'Long walks for happy dogs, any weather.' : `Happy to help with ${tag} and more, any weather.`,
            listingType: i % 4 === 0 ? 'request' : 'offer',
          },
          i % 2 === 0 ? 'pet' : 'yard',
        ),
      );
    }
    // One paused listing never shows; one liked listing shows as liked to its reader.
    const paused = made[4]!;
    expect((await t.app.inject({ method: 'PUT', url: `/api/services/${paused.id}`, headers: { cookie: owner.cookie }, payload: { ...paused, images: [], isActive: false } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/services/${made[6]!.id}/like`, headers: { cookie: reader.cookie } })).statusCode).toBe(200);

    const db = t.database.db;
    const [asked, walking, indexed] = [createListingsRepository(db), createListingsRepository(db, { searchPlan: 'walk' }), createListingsRepository(db, { searchPlan: 'index' })];
    const query = (await asked.searchQuery(tag))!;
    const filters: BrowseFilter[] = [];
    for (const categoryId of [undefined, made[0]!.categoryId]) {
      for (const listingType of [undefined, 'offer' as const]) {
        const base = { categoryId, listingType, search: query.all };
        filters.push(base, { ...base, phase: { part: 'title', titleSearch: query.title } }, { ...base, phase: { part: 'rest', titleSearch: query.title } });
      }
    }

    const newestFirst = made.filter((s) => s.id !== paused.id).reverse();
    let compared = 0;
    for (const filter of filters) {
      for (const viewerId of [null, reader.user.id]) {
        for (const limit of [BROWSE_PAGE_SIZE + 1, 3, 1]) {
          const first = await walking.browseNewest(filter, viewerId, limit);
          expect(await indexed.browseNewest(filter, viewerId, limit)).toEqual(first);
          expect(await asked.browseNewest(filter, viewerId, limit)).toEqual(first);
          const second = first[0] ? { createdAt: first[0].createdKey, id: first[0].id } : undefined;
          if (second) {
            const after = await walking.browseNewest(filter, viewerId, limit, second);
            expect(await indexed.browseNewest(filter, viewerId, limit, second)).toEqual(after);
            expect(await asked.browseNewest(filter, viewerId, limit, second)).toEqual(after);
          }
          if (!filter.categoryId && !filter.listingType && !filter.phase && limit > made.length) {
            // The comparison is not between two empty answers: the whole match, newest first, with the reader's like.
            expect(first.map((r) => r.id)).toEqual(newestFirst.map((s) => s.id));
            expect(first.filter((r) => r.isLiked).map((r) => r.id)).toEqual(viewerId ? [made[6]!.id] : []);
          }
          if (!filter.categoryId && !filter.listingType && filter.phase?.part === 'title' && limit > made.length) {
            expect(first.map((r) => r.id)).toEqual(newestFirst.filter((s) => s.title.startsWith('Dog')).map((s) => s.id));
          }
          compared++;
        }
      }
    }
    expect(compared).toBe(filters.length * 2 * 3);
  });
});
