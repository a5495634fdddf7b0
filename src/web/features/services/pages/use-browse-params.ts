import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { NEAR_ANYWHERE, RADIUS_CHOICES_MILES } from '#shared/service-texts.js';
import type { ServiceFilters } from '#web/core/cache/index.js';
import { rememberChosenZip } from '#web/lib/chosen-zip.js';

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
  /** A 5-digit ZIP code to search around (decision 050), or empty: anywhere. */
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

/** `?near=anywhere` (decision 052): one definition with the saved searches' addresses, in shared. */
export { NEAR_ANYWHERE };

/** No place in the address: neither a ZIP nor 'anywhere'. */
const namesNoPlace = (searchParams: URLSearchParams) => !searchParams.get('near')?.trim();

/**
 * The filters an address names (the server reads them too, to render the first page of results). With no place in it,
 * a member's home ZIP is where browse starts (decision 052).
 */
export function readBrowseParams(searchParams: URLSearchParams, homeZip?: string | null): BrowseParams {
  const near = namesNoPlace(searchParams) ? (homeZip ?? '') : (searchParams.get('near')?.trim() ?? '');
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

/**
 * The browse filters of the address, and how to change them. `homeZip`: the signed-in member's (decision 052); browse
 * with no place in the address starts near it and then writes it there, so the address shares what the page shows.
 * Taking the place away ('Anywhere', an emptied ZIP box, 'Clear filters') writes `near=anywhere` for them, so it sticks.
 */
export function useBrowseParams(homeZip?: string | null) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readBrowseParams(searchParams, homeZip);
  const startsAtHome = Boolean(homeZip) && namesNoPlace(searchParams);

  useEffect(() => {
    // After the first render, which a server render and the hydrating browser share (the address still without it).
    if (!startsAtHome || !homeZip) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('near', homeZip);
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `setSearchParams` is rebuilt every render; only these matter.
  }, [startsAtHome, homeZip]);

  function update(changes: Partial<BrowseParams>) {
    // A place chosen here is where Home's newest listings are from next time (decision 072).
    if ('near' in changes) rememberChosenZip(changes.near);
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (key === 'near' && !value && homeZip) next.set('near', NEAR_ANYWHERE);
          else if (!value || value === 'all-types') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  // What a search box's form sends along with its text (decision 067): the address's other filters, as they stand.
  const carried = [...searchParams].filter(([name]) => name !== 'search');

  return { params, update, carried };
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
