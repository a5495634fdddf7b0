import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminServicesPage } from '#shared/admin.js';
import { invalidateServiceQueries } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';
import { adminKeys, invalidateAudit, pageQuery } from './query-keys.js';

export function useAdminServices(includeDeleted: boolean) {
  return useInfiniteQuery({
    queryKey: adminKeys.services(includeDeleted),
    queryFn: ({ pageParam, signal }) => api.get<AdminServicesPage>(`/api/admin/services${pageQuery({ includeDeleted }, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Permanent delete; the admin lists (services, reports about it) and the public ones are read again. */
export function useDeleteServicePermanently() {
  const queryClient = useQueryClient();
  return useMutation({
    // The reason is told to the owner (decision 047); without one the spec's call goes without a body.
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => api.delete<{ id: number }>(`/api/admin/services/${id}`, reason?.trim() ? { body: { reason } } : undefined),
    onSuccess: () => {
      void invalidateAudit(queryClient);
      void invalidateServiceQueries(queryClient);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
