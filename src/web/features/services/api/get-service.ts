import { useQuery } from '@tanstack/react-query';
import type { Service } from '#shared/services.js';
import { serviceKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

export function getService(id: number, signal?: AbortSignal): Promise<Service> {
  return api.get<Service>(`/api/services/${id}`, { signal });
}

/**
 * `retryOnMount: false` keeps a refusal that came with the page (a server render's 404) as it is, instead of asking
 * again while hydrating, so the browser shows what the server rendered.
 */
export function useService(id: number, options?: { enabled?: boolean; retryOnMount?: boolean }) {
  return useQuery({
    queryKey: serviceKeys.detail(id),
    queryFn: ({ signal }) => getService(id, signal),
    enabled: options?.enabled ?? true,
    retryOnMount: options?.retryOnMount ?? true,
  });
}
