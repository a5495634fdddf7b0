import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.js';
import { sessionKeys } from './list-sessions.js';

/** DELETE /api/auth/sessions/{id} (204): ends one of the member's other sessions; 404 when it had already ended. */
export function signOutSession(id: string): Promise<void> {
  return api.delete<void>(`/api/auth/sessions/${encodeURIComponent(id)}`);
}

/** Either way the list is read again: the session is gone, or it was gone already (404). */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}
