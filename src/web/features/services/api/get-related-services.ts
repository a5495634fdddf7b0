import { useQuery } from '@tanstack/react-query';
import type { RelatedServices } from '#shared/services.js';
import { serviceKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** The listing page's 'More from' and 'Similar listings': public listings only, newest first. */
export function getRelatedServices(id: number, signal?: AbortSignal): Promise<RelatedServices> {
  return api.get<RelatedServices>(`/api/services/${id}/related`, { signal });
}

export function useRelatedServices(id: number, options?: { enabled?: boolean }) {
  return useQuery({
    queryKey: serviceKeys.related(id),
    queryFn: ({ signal }) => getRelatedServices(id, signal),
    enabled: options?.enabled ?? true,
  });
}
