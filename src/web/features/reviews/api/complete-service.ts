import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Completion } from '#shared/reviews.js';
import { showCompletion } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

interface Variables {
  serviceId: number;
  conversationId: number;
}

/** Marks the listing complete for one conversation about it; a repeat answers the same completion. */
export function completeService({ serviceId, conversationId }: Variables): Promise<Completion> {
  return api.post<Completion>(`/api/services/${serviceId}/complete`, { conversationId });
}

export function useCompleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeService,
    // The button says 'Completed' at once; the list is read again in the background.
    onSuccess: (completion) => showCompletion(queryClient, completion),
  });
}
