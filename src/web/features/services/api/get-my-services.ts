import { useQuery } from '@tanstack/react-query';
import type { Service } from '#shared/services.js';
import { serviceKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** The signed-in user's own listings, paused and deleted ones included. */
export function getMyServices(signal?: AbortSignal): Promise<Service[]> {
  return api.get<Service[]>('/api/my-services', { signal });
}

export function useMyServices(options?: { enabled?: boolean }) {
  return useQuery({ queryKey: serviceKeys.mine, queryFn: ({ signal }) => getMyServices(signal), enabled: options?.enabled ?? true });
}
