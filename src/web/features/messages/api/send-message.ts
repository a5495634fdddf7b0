import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessage } from '#shared/messaging.js';
import { api } from '#web/lib/api.js';
import { appendCachedMessage, invalidateMessagingSummary } from './message-cache.js';

export function sendMessage(conversationId: number, input: SendMessage): Promise<Message> {
  return api.post<Message>(`/api/conversations/${conversationId}/messages`, input);
}

/** A reply in an open chat: it joins the history at once, and the conversation list re-reads its order. */
export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessage) => sendMessage(conversationId, input),
    onSuccess: (message) => {
      appendCachedMessage(queryClient, message);
      return invalidateMessagingSummary(queryClient);
    },
  });
}
