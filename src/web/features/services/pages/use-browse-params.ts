import { useSearchParams } from 'wouter';
import type { ServiceFilters } from '#web/app/cache/index.js';

export type ListingTypeFilter = 'all-types' | 'offer' | 'request';

/** Browse filters live in the address (?search=&category=&type=) so a shared link reproduces the view. */
export interface BrowseParams {
  search: string;
  /** A category slug or numeric id, as the link gave it. */
  category: string;
  type: ListingTypeFilter;
}

function readType(value: string | null): ListingTypeFilter {
  return value === 'offer' || value === 'request' ? value : 'all-types';
}

/** The filters an address names (the server reads them too, to render the first page of results). */
export function readBrowseParams(searchParams: URLSearchParams): BrowseParams {
  return {
    search: searchParams.get('search')?.trim() ?? '',
    category: searchParams.get('category')?.trim() ?? '',
    type: readType(searchParams.get('type')),
  };
}

export function useBrowseParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readBrowseParams(searchParams);

  function update(changes: Partial<BrowseParams>) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (!value || value === 'all-types') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  return { params, update };
}

export function toServiceFilters({ search, category, type }: BrowseParams): ServiceFilters {
  const filters: ServiceFilters = {};
  if (search) filters.search = search;
  if (category) filters.categoryId = category;
  if (type !== 'all-types') filters.listingType = type;
  return filters;
}
