import { useQuery } from '@tanstack/react-query';
import type { Passkey } from '#shared/passkeys.js';
import { api } from '#web/lib/api.js';

export const passkeyKeys = { list: ['passkeys'] as const };

/** GET /api/auth/passkeys: the signed-in member's passkeys, oldest first. */
export function getPasskeys(signal?: AbortSignal): Promise<{ passkeys: Passkey[] }> {
  return api.get<{ passkeys: Passkey[] }>('/api/auth/passkeys', { signal });
}

export function usePasskeys() {
  return useQuery({ queryKey: passkeyKeys.list, queryFn: ({ signal }) => getPasskeys(signal) });
}
