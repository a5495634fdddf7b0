import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesAnswer, TotpEnableInput } from '#shared/two-step.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { api } from '#web/lib/api.js';

/** POST /api/auth/totp/enable: the first code from the app confirms the secret; the answer is the recovery codes, once. */
export function enableTotp(input: TotpEnableInput): Promise<RecoveryCodesAnswer> {
  return api.post<RecoveryCodesAnswer>('/api/auth/totp/enable', input);
}

/** The account now has two-step sign-in on: the current user is read again (`twoStepEnabled`). */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableTotp, onSuccess: () => refreshCurrentUser(queryClient) });
}
