import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailVerified, VerifyEmailInput } from '#shared/account.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { api } from '#web/lib/api.js';

/** POST /api/auth/verify-email: spends the token of an emailed link (after sign-up, or for a new address). Works signed out. */
export function verifyEmail(input: VerifyEmailInput): Promise<EmailVerified> {
  return api.post<EmailVerified>('/api/auth/verify-email', input);
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // A signed-in person's profile shows the address as verified (or the new one) from now on.
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}
