import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUsersPage } from '#shared/admin.js';
import { api } from '#web/lib/api.js';
import { adminKeys, invalidateAudit, pageQuery } from './query-keys.js';

export function useAdminUsers() {
  return useInfiniteQuery({
    queryKey: adminKeys.users(),
    queryFn: ({ pageParam, signal }) => api.get<AdminUsersPage>(`/api/admin/users${pageQuery({}, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Ban or unban; the specification (§7): the users list is read again afterwards. */
export function useSetBanned() {
  const queryClient = useQueryClient();
  return useMutation({
    // A ban's reason is told to the member (decision 047); without one the spec's call goes without a body.
    mutationFn: ({ user, banned, reason }: { user: Pick<AdminUser, 'id'>; banned: boolean; reason?: string }) =>
      api.post<AdminUser>(`/api/admin/users/${encodeURIComponent(user.id)}/${banned ? 'ban' : 'unban'}`, banned && reason?.trim() ? { reason } : undefined),
    onSuccess: () => {
      void invalidateAudit(queryClient);
      // A ban hides the person's listings from browse, and their conversations' names may change.
      void queryClient.invalidateQueries({ queryKey: ['services'] });
      return queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    },
  });
}
