import { useSearchParams } from 'wouter';
import { RADIUS_CHOICES_MILES } from '#shared/services.js';
import type { ServiceFilters } from '#web/app/cache/index.js';

export type ListingTypeFilter = 'all-types' | 'offer' | 'request';

/**
 * Browse filters live in the address (?search=&category=&type=&near=&radius=&sort=&includeVirtual=&unanswered=) so a
 * shared link reproduces the view.
 */
export interface BrowseParams {
  search: string;
  /** A category slug or numeric id, as the link gave it. */
  category: string;
  type: ListingTypeFilter;
  /** A 5-digit ZIP code to search around (issue 19), or empty: anywhere. */
  near: string;
  /** Miles around `near`, one of RADIUS_CHOICES_MILES. */
  radius: string;
  /** 'distance': nearest first (with `near` only). */
  sort: '' | 'distance';
  /** 'false': leave the virtual listings out of a search around a ZIP. */
  includeVirtual: '' | 'false';
  /** 'true': only requests nobody has written to yet. */
  unanswered: '' | 'true';
}

function readType(value: string | null): ListingTypeFilter {
  return value === 'offer' || value === 'request' ? value : 'all-types';
}

const FIVE_DIGITS = /^\d{5}$/;

/** The filters an address names (the server reads them too, to render the first page of results). */
export function readBrowseParams(searchParams: URLSearchParams): BrowseParams {
  const near = searchParams.get('near')?.trim() ?? '';
  const radius = searchParams.get('radius') ?? '';
  const hasNear = FIVE_DIGITS.test(near);
  return {
    search: searchParams.get('search')?.trim() ?? '',
    category: searchParams.get('category')?.trim() ?? '',
    type: readType(searchParams.get('type')),
    near: hasNear ? near : '',
    radius: hasNear && RADIUS_CHOICES_MILES.some((miles) => String(miles) === radius) ? radius : '',
    sort: hasNear && searchParams.get('sort') === 'distance' ? 'distance' : '',
    includeVirtual: hasNear && searchParams.get('includeVirtual') === 'false' ? 'false' : '',
    unanswered: searchParams.get('unanswered') === 'true' ? 'true' : '',
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

export function toServiceFilters({ search, category, type, near, radius, sort, includeVirtual, unanswered }: BrowseParams): ServiceFilters {
  const filters: ServiceFilters = {};
  if (search) filters.search = search;
  if (category) filters.categoryId = category;
  if (type !== 'all-types') filters.listingType = type;
  if (near) {
    filters.near = near;
    if (radius) filters.radius = radius;
    if (sort) filters.sort = sort;
    if (includeVirtual) filters.includeVirtual = includeVirtual;
  }
  if (unanswered) filters.unanswered = unanswered;
  return filters;
}
