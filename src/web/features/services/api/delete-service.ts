import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service } from '#shared/services.js';
import { invalidateServiceQueries, patchCachedService } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** Soft delete: the listing leaves the public lists and can be restored later. */
export function deleteService(id: number): Promise<Service> {
  return api.delete<Service>(`/api/services/${id}`);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: (service) => {
      patchCachedService(queryClient, service.id, () => service);
      return invalidateServiceQueries(queryClient);
    },
  });
}
