import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.js';
import { sessionKeys } from './list-sessions.js';

/** DELETE /api/auth/sessions: 'Sign out everywhere else', answering how many sessions it ended. */
export function signOutOtherSessions(): Promise<{ signedOut: number }> {
  return api.delete<{ signedOut: number }>('/api/auth/sessions');
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}
