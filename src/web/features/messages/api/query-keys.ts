import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Conversation, Message, MessagePage } from '../../../../shared/messaging.js';

export const messageKeys = {
  conversations: ['conversations'] as const,
  messages: (conversationId: number) => ['conversations', conversationId, 'messages'] as const,
  unreadCount: ['messages', 'unread-count'] as const,
};

/** A conversation's history as cached: page 0 holds the newest messages, each later page the ones before it. */
export type CachedHistory = InfiniteData<MessagePage, string | null>;

/**
 * Adds a message to the end of its conversation's cached history, unless it is there already
 * (the sender's own tab has it from the POST answer before the event stream repeats it).
 * 'missing' means that history is not cached (yet), so there was nothing to add to.
 */
export function appendCachedMessage(queryClient: QueryClient, message: Message): 'added' | 'present' | 'missing' {
  let result: 'added' | 'present' | 'missing' = 'missing';
  queryClient.setQueryData<CachedHistory>(messageKeys.messages(message.conversationId), (history) => {
    const [newest, ...older] = history?.pages ?? [];
    if (!history || !newest) return history;
    if (history.pages.some((page) => page.messages.some((m) => m.id === message.id))) {
      result = 'present';
      return history;
    }
    result = 'added';
    return { ...history, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
  });
  return result;
}

/** Rewrites one conversation in the cached list. */
export function patchCachedConversation(queryClient: QueryClient, id: number, patch: (conversation: Conversation) => Conversation): void {
  queryClient.setQueryData<Conversation[]>(messageKeys.conversations, (list) => list?.map((c) => (c.id === id ? patch(c) : c)));
}

/** After a message is sent or received: the list (order, last message, unread counts) and the badge re-read. */
export async function invalidateMessagingSummary(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: messageKeys.conversations, exact: true }),
    queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount }),
  ]);
}
