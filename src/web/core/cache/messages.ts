import type { QueryClient } from '@tanstack/react-query';
import type { Conversation } from '#shared/messaging.js';

export const messageKeys = {
  conversations: ['conversations'] as const,
  messages: (conversationId: number) => ['conversations', conversationId, 'messages'] as const,
  unreadCount: ['messages', 'unread-count'] as const,
};

/** Rewrites one conversation in the cached list. */
export function patchCachedConversation(queryClient: QueryClient, id: number, patch: (conversation: Conversation) => Conversation): void {
  queryClient.setQueryData<Conversation[]>(messageKeys.conversations, (list) => list?.map((c) => (c.id === id ? patch(c) : c)));
}
