import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '#shared/messaging.js';
import { messageKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** The signed-in person's conversations, newest activity first. */
export function getConversations(signal?: AbortSignal): Promise<Conversation[]> {
  return api.get<Conversation[]>('/api/conversations', { signal });
}

export function useConversations() {
  return useQuery({ queryKey: messageKeys.conversations, queryFn: ({ signal }) => getConversations(signal) });
}
