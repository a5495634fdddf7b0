import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.js';
import { passkeyKeys } from './get-passkeys.js';

/** DELETE /api/auth/passkeys/{id} (204). */
export function removePasskey(id: string): Promise<void> {
  return api.delete<void>(`/api/auth/passkeys/${encodeURIComponent(id)}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }) });
}
