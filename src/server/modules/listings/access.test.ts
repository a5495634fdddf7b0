// engines: both — the access policy's SQL twin
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { services } from '../../db/schema.js';
import { isPublicListing, listingAccess, type ListingFacts, unavailableReason } from './access.js';

const OWNER = 'owner-id';
const facts = (over: Partial<ListingFacts>): ListingFacts => ({ userId: OWNER, deletedAt: null, isActive: true, ownerBanned: false, expired: false, ...over });
const DELETED = new Date('2026-01-01T00:00:00Z');

describe("what a listing's page tells a reader who may not see it (decision 069)", () => {
  const told = (over: Partial<ListingFacts>, viewer: string | null = 'someone-else') => unavailableReason(listingAccess(facts(over), viewer));

  it('says deleted or expired as such, and only hidden for a pause or a suspended owner, whatever else holds', () => {
    expect(told({ deletedAt: DELETED })).toBe('deleted');
    expect(told({ expired: true })).toBe('expired');
    expect(told({ expired: true, deletedAt: DELETED })).toBe('expired');
    expect(told({ isActive: false })).toBe('hidden');
    expect(told({ isActive: false, deletedAt: DELETED })).toBe('hidden');
    expect(told({ isActive: false, expired: true })).toBe('hidden');
    expect(told({ ownerBanned: true, expired: true })).toBe('hidden');
    expect(told({ ownerBanned: true, deletedAt: DELETED }, null)).toBe('hidden');
  });

  it('says nothing of a listing the reader may see, nor of one that does not exist', () => {
    expect(told({})).toBeUndefined();
    expect(told({ isActive: false, deletedAt: DELETED }, OWNER)).toBeUndefined();
    expect(unavailableReason(listingAccess(undefined, null))).toBeUndefined();
  });
});

describe('the listing access policy', () => {
  it('answers missing for no listing, to anyone', () => {
    expect(listingAccess(undefined, null)).toEqual({ reason: 'missing', deleted: false });
    expect(listingAccess(undefined, OWNER)).toEqual({ reason: 'missing', deleted: false });
  });

  it('answers own to the owner in every state, saying whether it is deleted', () => {
    for (const deletedAt of [null, DELETED])
      for (const isActive of [true, false])
        for (const ownerBanned of [true, false])
          for (const expired of [true, false]) {
            expect(listingAccess(facts({ deletedAt, isActive, ownerBanned, expired }), OWNER)).toEqual({ reason: 'own', deleted: deletedAt !== null });
          }
  });

  it('hides a banned owner’s or a paused listing from others before saying it is deleted', () => {
    for (const viewer of [null, 'someone-else']) {
      expect(listingAccess(facts({}), viewer)).toEqual({ reason: 'visible', deleted: false });
      expect(listingAccess(facts({ deletedAt: DELETED }), viewer)).toEqual({ reason: 'deleted', deleted: true });
      expect(listingAccess(facts({ isActive: false }), viewer)).toEqual({ reason: 'paused', deleted: false });
      expect(listingAccess(facts({ isActive: false, deletedAt: DELETED }), viewer)).toEqual({ reason: 'paused', deleted: true });
      expect(listingAccess(facts({ ownerBanned: true }), viewer)).toEqual({ reason: 'banned-owner', deleted: false });
      expect(listingAccess(facts({ ownerBanned: true, isActive: false, deletedAt: DELETED }), viewer)).toEqual({ reason: 'banned-owner', deleted: true });
    }
  });

  it('hides an expired listing from others as a paused one, before saying it is deleted', () => {
    for (const viewer of [null, 'someone-else']) {
      expect(listingAccess(facts({ expired: true }), viewer)).toEqual({ reason: 'expired', deleted: false });
      expect(listingAccess(facts({ expired: true, deletedAt: DELETED }), viewer)).toEqual({ reason: 'expired', deleted: true });
      // Paused and banned say more than expired: the owner's renewal alone would not show the listing.
      expect(listingAccess(facts({ expired: true, isActive: false }), viewer)).toEqual({ reason: 'paused', deleted: false });
      expect(listingAccess(facts({ expired: true, ownerBanned: true }), viewer)).toEqual({ reason: 'banned-owner', deleted: false });
    }
  });
});

describe('the policy in SQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('finds public exactly the listings the policy calls visible to others, in all sixteen states', async () => {
    const owner = await signUp(t.app);
    const states = [false, true].flatMap((deleted) =>
      [false, true].flatMap((paused) => [false, true].flatMap((banned) => [false, true].map((expired) => ({ deleted, paused, banned, expired })))),
    );
    const ids: number[] = [];
    for (const state of states) {
      const { id } = await createListing(t, owner.cookie);
      await t.database.db
        .update(services)
        .set({ deletedAt: state.deleted ? DELETED : null, isActive: !state.paused, ownerBanned: state.banned, expired: state.expired })
        .where(eq(services.id, id));
      ids.push(id);
    }
    const rows = await t.database.db
      .select({
        id: services.id,
        userId: services.userId,
        deletedAt: services.deletedAt,
        isActive: services.isActive,
        ownerBanned: services.ownerBanned,
        expired: services.expired,
        public: sql<boolean>`${isPublicListing}`,
      })
      .from(services)
      .where(and(inArray(services.id, ids)));
    expect(rows).toHaveLength(16);
    for (const row of rows) expect(row.public, JSON.stringify(row)).toBe(listingAccess(row, 'someone-else').reason === 'visible');
    expect(rows.filter((r) => r.public)).toHaveLength(1);
  });
});
