import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { BrowseResult, RelatedServices, Service } from '#shared/services.js';

/** Filters of the browse page, exactly as they go on the wire (empty ones omitted). */
export interface ServiceFilters {
  search?: string;
  categoryId?: string;
  listingType?: 'offer' | 'request';
  /** Around a ZIP code (decision 050), in miles, nearest first or not, with or without the virtual listings. */
  near?: string;
  radius?: string;
  sort?: 'distance';
  includeVirtual?: 'false';
  /** Requests nobody has written to yet. */
  unanswered?: 'true';
}

export const serviceKeys = {
  all: ['services'] as const,
  lists: () => [...serviceKeys.all, 'list'] as const,
  list: (filters: ServiceFilters) => [...serviceKeys.lists(), filters] as const,
  detail: (id: number) => [...serviceKeys.all, 'detail', id] as const,
  /** The listing page's 'More from' and 'Similar listings' (GET /api/services/{id}/related). */
  related: (id: number) => [...serviceKeys.all, 'related', id] as const,
  /** How far the listing is from a ZIP code (decision 052: its page's '≈ 3.2 mi away'; GET /api/services/{id}/distance). */
  distance: (id: number, near: string) => [...serviceKeys.all, 'distance', id, near] as const,
  mine: ['my-services'] as const,
};

/** A listing changed: everything read about listings (lists, pages, related, distances) and My Services is read again. */
export async function invalidateServiceQueries(queryClient: QueryClient, options?: { refetch?: boolean }): Promise<void> {
  const refetchType = options?.refetch === false ? 'none' : 'active';
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: serviceKeys.all, refetchType }),
    queryClient.invalidateQueries({ queryKey: serviceKeys.mine, refetchType }),
  ]);
}

type Patch = (service: Service) => Service;

/** Rewrites one listing wherever it is cached: browse pages, my-services, its own entry and the listing pages' related lists. */
export function patchCachedService(queryClient: QueryClient, id: number, patch: Patch): void {
  const apply = (service: Service) => (service.id === id ? patch(service) : service);
  queryClient.setQueriesData<InfiniteData<BrowseResult>>({ queryKey: serviceKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, services: page.services.map(apply) })) } : data,
  );
  queryClient.setQueryData<Service[]>(serviceKeys.mine, (data) => data?.map(apply));
  queryClient.setQueryData<Service>(serviceKeys.detail(id), (data) => (data ? patch(data) : data));
  queryClient.setQueriesData<RelatedServices>({ queryKey: [...serviceKeys.all, 'related'] }, (data) =>
    data ? { moreFromOwner: data.moreFromOwner.map(apply), similar: data.similar.map(apply) } : data,
  );
}
