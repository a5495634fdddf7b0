import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingActiveBody } from '#shared/listing-active.js';
import type { Service } from '#shared/services.js';
import { invalidateServiceQueries, patchCachedService } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** The owner pauses (`false`) or resumes (`true`) a listing (decision 070): only that changes; the answer is the listing. */
export function setListingActive(id: number, isActive: boolean): Promise<Service> {
  const body: ListingActiveBody = { isActive };
  return api.patch<Service>(`/api/services/${id}/active`, body);
}

export function useSetListingActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => setListingActive(id, isActive),
    onSuccess: (service) => {
      patchCachedService(queryClient, service.id, () => service);
      return invalidateServiceQueries(queryClient);
    },
  });
}
