import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput } from '#shared/account.js';
import type { User } from '#shared/auth.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { api } from '#web/lib/api.js';

/** POST /api/auth/change-email: sends a link to the new address; the answer carries it as `pendingEmail`. */
export function changeEmail(input: ChangeEmailInput): Promise<User> {
  return api.post<User>('/api/auth/change-email', input);
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (user) => refreshCurrentUser(queryClient, user),
  });
}
