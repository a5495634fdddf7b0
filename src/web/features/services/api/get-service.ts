import { useQuery } from '@tanstack/react-query';
import type { Service } from '../../../../shared/services.js';
import { api } from '../../../lib/api.js';
import { serviceKeys } from './query-keys.js';

export function getService(id: number, signal?: AbortSignal): Promise<Service> {
  return api.get<Service>(`/api/services/${id}`, { signal });
}

export function useService(id: number, options?: { enabled?: boolean }) {
  return useQuery({
    queryKey: serviceKeys.detail(id),
    queryFn: ({ signal }) => getService(id, signal),
    enabled: options?.enabled ?? true,
  });
}
