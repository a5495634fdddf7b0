import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAppeal, AdminAppealsPage, AppealDecision } from '#shared/sanctions.js';
import { invalidateServiceQueries } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';
import { adminKeys, invalidateAudit, pageQuery } from './query-keys.js';

/** `status` 'all' lists every appeal (decision 047). */
export function useAdminAppeals(status: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.appeals(status),
    queryFn: ({ pageParam, signal }) => api.get<AdminAppealsPage>(`/api/admin/appeals${pageQuery({ status: status === 'all' ? undefined : status }, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Lift or uphold; a lifted ban changes the users list and brings the person's listings back. */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...decision }: { id: number } & AppealDecision) => api.post<AdminAppeal>(`/api/admin/appeals/${id}/decision`, decision),
    onSuccess: () => {
      void invalidateAudit(queryClient);
      void invalidateServiceQueries(queryClient);
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      return queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'appeals'] });
    },
  });
}
