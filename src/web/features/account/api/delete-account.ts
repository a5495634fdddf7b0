import { useMutation } from '@tanstack/react-query';
import type { AccountNotice, DeleteAccountInput } from '#shared/account.js';
import { api } from '#web/lib/api.js';

/** DELETE /api/auth/account with the password, or the typed word for an account without one. Ends every session. */
export function deleteAccount(input: DeleteAccountInput): Promise<AccountNotice> {
  return api.delete<AccountNotice>('/api/auth/account', { body: input });
}

/** Success is followed by a full page load, signed out; no cache to update here. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
