import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '#shared/account.js';
import type { User } from '#shared/auth.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { api } from '#web/lib/api.js';

/** POST /api/auth/change-password: needs the current password; every other session of the account ends. */
export function changePassword(input: ChangePasswordInput): Promise<User> {
  return api.post<User>('/api/auth/change-password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (user) => refreshCurrentUser(queryClient, user),
  });
}
