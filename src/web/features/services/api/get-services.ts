import { useInfiniteQuery } from '@tanstack/react-query';
import type { BrowseResult } from '../../../../shared/services.js';
import { api } from '../../../lib/api.js';
import { serviceKeys, type ServiceFilters } from './query-keys.js';

export function getServices(filters: ServiceFilters, cursor: string | null, signal?: AbortSignal): Promise<BrowseResult> {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.categoryId) params.set('categoryId', filters.categoryId);
  if (filters.listingType) params.set('listingType', filters.listingType);
  // With a search term the best matches come first; otherwise the newest listings do.
  params.set('sort', filters.search ? 'relevance' : 'newest');
  if (cursor) params.set('cursor', cursor);
  return api.get<BrowseResult>(`/api/services?${params}`, { signal });
}

/** The public listings, one page of results at a time (cursor pagination). */
export function useServices(filters: ServiceFilters) {
  return useInfiniteQuery({
    queryKey: serviceKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getServices(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
