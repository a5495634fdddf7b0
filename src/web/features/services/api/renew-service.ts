import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service } from '#shared/services.js';
import { invalidateServiceQueries, patchCachedService } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** The owner renews their listing (decision 051): shown again if it had expired, and a fresh expiry either way. */
export function renewService(id: number): Promise<Service> {
  return api.post<Service>(`/api/services/${id}/renew`);
}

export function useRenewService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewService,
    onSuccess: (service) => {
      patchCachedService(queryClient, service.id, () => service);
      return invalidateServiceQueries(queryClient);
    },
  });
}
