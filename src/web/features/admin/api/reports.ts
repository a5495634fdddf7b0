import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, AdminReportsPage, ReportStatusUpdate } from '#shared/admin.js';
import { api } from '#web/lib/api.js';
import { adminKeys, invalidateAudit, pageQuery } from './query-keys.js';

/** `status` 'all' lists every report; `kind` 'all' every kind (decision 046). */
export function useAdminReports(status: string, kind = 'all') {
  return useInfiniteQuery({
    queryKey: adminKeys.reports(status, kind),
    queryFn: ({ pageParam, signal }) =>
      api.get<AdminReportsPage>(`/api/admin/reports${pageQuery({ status: status === 'all' ? undefined : status, kind: kind === 'all' ? undefined : kind }, pageParam)}`, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useUpdateReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number } & ReportStatusUpdate) => api.patch<AdminReport>(`/api/admin/reports/${id}/status`, { status }),
    onSuccess: () => {
      void invalidateAudit(queryClient);
      // Every status filter's list may change.
      return queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'reports'] });
    },
  });
}
