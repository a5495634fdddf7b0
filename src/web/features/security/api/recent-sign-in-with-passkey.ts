import { useMutation } from '@tanstack/react-query';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { RecentSignInAnswer } from '#shared/two-step.js';
import { api } from '#web/lib/api.js';
import { getPasskey } from '#web/lib/passkey-ceremony.js';

/**
 * A passkey makes this session's sign-in recent (decision 061): a challenge naming the account's own passkeys (401
 * when it has none), the browser's passkey dialog, then the server's check.
 */
export async function recentSignInWithPasskey(): Promise<RecentSignInAnswer> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>('/api/auth/recent-sign-in/passkey-options');
  const response = await getPasskey(options);
  return api.post<RecentSignInAnswer>('/api/auth/recent-sign-in/passkey', { response });
}

export function useRecentSignInWithPasskey() {
  return useMutation({ mutationFn: recentSignInWithPasskey });
}
