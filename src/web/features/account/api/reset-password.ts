import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '#shared/account.js';
import type { User } from '#shared/auth.js';
import type { SecondFactorRequired } from '#shared/two-step.js';
import { api } from '#web/lib/api.js';

/**
 * POST /api/auth/reset-password: sets the new password, ends every other session and signs the person in; with
 * two-step sign-in on, answers `{ secondFactorRequired: true, methods }` instead, and the second step signs in (decision 054).
 */
export function resetPassword(input: ResetPasswordInput): Promise<User | SecondFactorRequired> {
  return api.post<User | SecondFactorRequired>('/api/auth/reset-password', input);
}

/** Success is followed by a full page load, which reads the new session afresh; no cache to update here. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
