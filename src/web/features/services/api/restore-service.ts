import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service } from '#shared/services.js';
import { invalidateServiceQueries, patchCachedService } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

export function restoreService(id: number): Promise<Service> {
  return api.post<Service>(`/api/services/${id}/restore`);
}

export function useRestoreService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreService,
    onSuccess: (service) => {
      patchCachedService(queryClient, service.id, () => service);
      return invalidateServiceQueries(queryClient);
    },
  });
}
