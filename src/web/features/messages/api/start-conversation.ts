import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, StartConversation } from '#shared/messaging.js';
import { messageKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';
import { invalidateMessagingSummary } from './message-cache.js';

/**
 * A first message about a listing (to its owner) or to the team from the contact form
 * (participantId 'support'). Writing again about the same listing adds to the existing conversation.
 */
export function startConversation(input: StartConversation): Promise<Conversation> {
  return api.post<Conversation>('/api/conversations', input);
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (conversation) =>
      Promise.all([
        invalidateMessagingSummary(queryClient),
        // The conversation may already be cached from an earlier visit: its history has grown.
        queryClient.invalidateQueries({ queryKey: messageKeys.messages(conversation.id) }),
      ]),
  });
}
