import { NEW_COUNT_MAX, type SavedSearch, type SavedSearchList } from '#shared/saved-searches.js';
import type { ListedSavedSearch } from './repository.js';

/**
 * A saved search as its owner reads it: the filters as browse reads them, never the stored query, the place's
 * coordinates or its box. The count stops at one past NEW_COUNT_MAX, which the page shows as '99+ new'.
 */
export function presentSavedSearch(row: ListedSavedSearch): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    search: row.search,
    categoryId: row.categoryId,
    listingType: row.listingType,
    near: row.nearZip,
    radius: row.radiusMiles,
    includeVirtual: row.includeVirtual,
    frequency: row.frequency,
    newCount: Math.min(row.newCount, NEW_COUNT_MAX + 1),
    createdAt: row.createdAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt.toISOString(),
  };
}

export function presentSavedSearchList(rows: ListedSavedSearch[]): SavedSearchList {
  return { savedSearches: rows.map(presentSavedSearch) };
}
