import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/auth.js';
import { api } from '../../../lib/api.js';
import { refreshCurrentUser } from './get-current-user.js';

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
