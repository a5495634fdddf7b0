import type { Category } from '#shared/catalogue.js';
import { RADIUS_DEFAULT_MILES } from '#shared/service-texts.js';

export interface DescribedSearch {
  search?: string | null;
  /** An id or a slug, as browse and the API take it. */
  categoryId?: string | number | null;
  listingType?: 'offer' | 'request' | null;
  near?: string | null;
  radius?: number | null;
  includeVirtual?: boolean;
}

/** A search's filters in words: '“piano” · Tutoring · Offers · Within 10 mi of 07042, online too'. */
export function describeSearch(s: DescribedSearch, categories: Category[]): string {
  const category = s.categoryId === null || s.categoryId === undefined ? undefined : categories.find((c) => String(c.id) === String(s.categoryId) || c.slug === s.categoryId);
  const parts = [
    s.search ? `“${s.search}”` : null,
    category ? category.name : 'All categories',
    s.listingType === 'offer' ? 'Offers' : s.listingType === 'request' ? 'Requests' : 'Offers and requests',
    s.near ? `Within ${s.radius ?? RADIUS_DEFAULT_MILES} mi of ${s.near}${s.includeVirtual === false ? '' : ', online too'}` : 'Anywhere',
  ];
  return parts.filter(Boolean).join(' · ');
}
