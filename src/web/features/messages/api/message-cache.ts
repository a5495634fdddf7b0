import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Message, MessagePage } from '#shared/messaging.js';
import { messageKeys } from '#web/core/cache/index.js';

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

/** After a message is sent or received: the list (order, last message, unread counts) and the badge re-read. */
export async function invalidateMessagingSummary(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: messageKeys.conversations, exact: true }),
    queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount }),
  ]);
}
