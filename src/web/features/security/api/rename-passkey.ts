import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '#shared/passkeys.js';
import { api } from '#web/lib/api.js';
import { passkeyKeys } from './get-passkeys.js';

/** PATCH /api/auth/passkeys/{id} {name}. */
export function renamePasskey({ id, name }: { id: string; name: string }): Promise<Passkey> {
  return api.patch<Passkey>(`/api/auth/passkeys/${encodeURIComponent(id)}`, { name });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renamePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }) });
}
