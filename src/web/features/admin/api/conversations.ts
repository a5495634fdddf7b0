import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminConversationsPage, AdminMessagesPage } from '#shared/admin.js';
import { api } from '#web/lib/api.js';
import { adminKeys, invalidateAudit, pageQuery } from './query-keys.js';

export function useAdminConversations() {
  return useInfiniteQuery({
    queryKey: adminKeys.conversations(),
    queryFn: ({ pageParam, signal }) => api.get<AdminConversationsPage>(`/api/admin/conversations${pageQuery({}, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The specification (§7): only when a conversation is selected. Each opening is written to the audit log. */
export function useAdminMessages(conversationId: number) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: adminKeys.messages(conversationId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.get<AdminMessagesPage>(`/api/admin/conversations/${conversationId}/messages${pageQuery({}, pageParam)}`, { signal });
      void invalidateAudit(queryClient);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
