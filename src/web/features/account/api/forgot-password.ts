import { useMutation } from '@tanstack/react-query';
import type { AccountNotice, ForgotPasswordInput } from '#shared/account.js';
import { api } from '#web/lib/api.js';

/** POST /api/auth/forgot-password: always the same sentence, whether or not the address has an account. */
export function forgotPassword(input: ForgotPasswordInput): Promise<AccountNotice> {
  return api.post<AccountNotice>('/api/auth/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
