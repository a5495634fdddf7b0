// engines: both — full-text dictionaries
import { randomInt } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { searchWords, services } from '../../db/schema.js';
import { createListingsRepository } from './repository.js';

/** The search dictionary is bounded (decision 015). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A made-up word no stemmer shortens and no other test writes: consonants only. */
const madeUp = () => Array.from({ length: 9 }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(20)]).join('');

const inDictionary = async (words: string[]) =>
  new Set((await t.database.db.select({ word: searchWords.word }).from(searchWords).where(inArray(searchWords.word, words))).map((r) => r.word));

const lexemesOf = async (id: number) =>
  (await t.database.db.select({ words: sql<string[]>`tsvector_to_array(${services.searchVector})` }).from(services).where(eq(services.id, id)))[0]!.words;

describe('the search dictionary', () => {
  it('loses the words no listing uses any more at the sweep, and keeps every word still in use', async () => {
    const { cookie } = await signUp(t.app);
    const [gone, shared, kept] = [madeUp(), madeUp(), madeUp()];
    const description = (...words: string[]) => `Friendly neighbourhood help with ${words.join(' and ')} every weekend.`;
    const edited = await createListing(t, cookie, { description: description(gone, shared) });
    const other = await createListing(t, cookie, { description: description(shared, kept) });
    expect(await lexemesOf(edited.id)).toEqual(expect.arrayContaining([gone, shared]));
    expect(await inDictionary([gone, shared, kept])).toEqual(new Set([gone, shared, kept]));

    // The edit takes both words out of the first listing; the second still uses one of them.
    const res = await t.app.inject({ method: 'PUT', url: `/api/services/${edited.id}`, headers: { cookie }, payload: { ...edited, images: [], description: description('gardening') } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await inDictionary([gone])).toEqual(new Set([gone]));

    const pruned = await createListingsRepository(t.database.db).pruneSearchWords();
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await inDictionary([gone, shared, kept])).toEqual(new Set([shared, kept]));

    // A soft-deleted listing can be restored, so its words stay until it is removed for good.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/services/${other.id}`, headers: { cookie } })).statusCode).toBe(200);
    await createListingsRepository(t.database.db).pruneSearchWords();
    expect(await inDictionary([shared, kept])).toEqual(new Set([shared, kept]));
    await t.database.db.delete(services).where(eq(services.id, other.id));
    await createListingsRepository(t.database.db).pruneSearchWords();
    expect(await inDictionary([shared, kept])).toEqual(new Set());
  });

  it('never holds a word longer than 40 characters', async () => {
    const { cookie } = await signUp(t.app);
    const long = Array.from({ length: 45 }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(20)]).join('');
    const listing = await createListing(t, cookie, { description: `A very long made up word: ${long}, for testing.` });
    expect(await lexemesOf(listing.id)).toContain(long);
    expect(await inDictionary([long])).toEqual(new Set());
  });
});
