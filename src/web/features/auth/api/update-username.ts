import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { api } from '#web/lib/api.js';

export function updateUsername(username: string): Promise<User> {
  return api.patch<User>('/api/auth/username', { username });
}

export function useUpdateUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUsername,
    onSuccess: (user) => refreshCurrentUser(queryClient, user),
  });
}
