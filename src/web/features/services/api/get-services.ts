import { useInfiniteQuery } from '@tanstack/react-query';
import type { BrowseQuery, BrowseResult } from '#shared/services.js';
import { serviceKeys, type ServiceFilters } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** The query GET /api/services is asked for a page of these filters (the server render asks its own way, the same). */
export function browseQuery(filters: ServiceFilters, cursor: string | null): BrowseQuery & Record<string, string> {
  return {
    ...filters,
    // Nearest first when asked; else with a search term the best matches come first; otherwise the newest listings do.
    sort: filters.sort ?? (filters.search ? 'relevance' : 'newest'),
    ...(cursor && { cursor }),
  };
}

export function getServices(filters: ServiceFilters, cursor: string | null, signal?: AbortSignal): Promise<BrowseResult> {
  return api.get<BrowseResult>(`/api/services?${new URLSearchParams(browseQuery(filters, cursor))}`, { signal });
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
