import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogPage } from '#shared/admin.js';
import { api } from '#web/lib/api.js';
import { adminKeys, pageQuery } from './query-keys.js';

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam, signal }) => api.get<AuditLogPage>(`/api/admin/audit-log${pageQuery({}, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
