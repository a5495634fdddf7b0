import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountNotice, VerifyEmailInput } from '../../../../shared/account.js';
import { api } from '../../../lib/api.js';
import { refreshCurrentUser } from '../../auth/api/get-current-user.js';

/** POST /api/auth/verify-email: spends the token of an emailed link (after sign-up, or for a new address). Works signed out. */
export function verifyEmail(input: VerifyEmailInput): Promise<AccountNotice> {
  return api.post<AccountNotice>('/api/auth/verify-email', input);
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // A signed-in person's profile shows the address as verified (or the new one) from now on.
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}
