import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagePage } from '#shared/messaging.js';
import { messageKeys, patchCachedConversation } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** One page of a conversation, oldest first; a cursor reads the messages before an earlier page. */
export function getMessages(conversationId: number, cursor: string | null, signal?: AbortSignal, limit?: number): Promise<MessagePage> {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  const query = params.size > 0 ? `?${params}` : '';
  return api.get<MessagePage>(`/api/conversations/${conversationId}/messages${query}`, { signal });
}

/**
 * A conversation's history, newest page first, older pages on demand ('Load earlier messages').
 * Reading the newest page marks the conversation read on the server, so its unread count is cleared
 * here too rather than waiting for the event stream (which may be down).
 */
export function useMessages(conversationId: number) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: messageKeys.messages(conversationId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await getMessages(conversationId, pageParam, signal);
      if (pageParam === null) {
        patchCachedConversation(queryClient, conversationId, (c) => ({ ...c, unreadCount: 0 }));
        void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount });
      }
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Opening a conversation is what reads it: a history cached from an earlier visit is read again from the server.
    refetchOnMount: 'always',
  });
}

/** Reading the newest message is what marks a conversation read: for a message that arrives while its chat is open. */
export async function markConversationRead(conversationId: number): Promise<void> {
  await getMessages(conversationId, null, undefined, 1);
}
