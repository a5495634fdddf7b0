import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountNotice } from '#shared/account.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { api, ApiError } from '#web/lib/api.js';

/** POST /api/auth/resend-verification: a new link to the account's address (3 per hour). */
export function resendVerification(): Promise<AccountNotice> {
  return api.post<AccountNotice>('/api/auth/resend-verification');
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onError: (error) => {
      // 409: verified meanwhile (in another tab): the profile catches up.
      if (error instanceof ApiError && error.status === 409) void refreshCurrentUser(queryClient);
    },
  });
}
