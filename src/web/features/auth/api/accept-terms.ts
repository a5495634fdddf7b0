import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { api } from '#web/lib/api.js';

export function acceptTerms(): Promise<User> {
  return api.patch<User>('/api/auth/terms-acceptance', { termsAccepted: true });
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: (user) => refreshCurrentUser(queryClient, user),
  });
}
