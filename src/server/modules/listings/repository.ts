import type { Db } from '../../db/client.js';
import { createBrowseRepository } from './browse-repository.js';
import { createAroundPoint, createNearRepository } from './near-repository.js';
import { createRecordsRepository } from './records-repository.js';

export type { SearchQuery } from './browse-repository.js';
export type { BrowseFilter, PageRow } from './page-rows.js';
export type { ListingRecord, ServiceRow } from './records-repository.js';

/**
 * The listings' queries, as the service receives them, in three parts: the plain queries of one listing and its
 * writes (records-repository.ts), browse and full-text search with their hand-written plans (browse-repository.ts),
 * and the searches around a point (near-repository.ts). The last two share one set of statements prepared around a
 * point.
 *
 * `searchPlan` settles how searches run instead of asking PostgreSQL each time (`walksNewest`), and `placePlan` how
 * searches around a point do (`crowded`: walk the newest listings, and nearest first from the plane's order;
 * `sparse`: read the box): tests use them to show that every way finds the same pages.
 */
export function createListingsRepository(db: Db, options: { searchPlan?: 'walk' | 'index'; placePlan?: 'crowded' | 'sparse' } = {}) {
  const aroundPoint = createAroundPoint();
  return {
    ...createRecordsRepository(db),
    ...createBrowseRepository(db, options, aroundPoint),
    ...createNearRepository(db, options, aroundPoint),
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
