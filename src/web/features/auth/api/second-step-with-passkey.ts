import { useMutation } from '@tanstack/react-query';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { User } from '#shared/auth.js';
import { api } from '#web/lib/api.js';
import { getPasskey } from '#web/lib/passkey-ceremony.js';

/**
 * A passkey as the second step after the password (decision 061): a challenge naming the account's own passkeys, the
 * browser's passkey dialog, then the server's check, which answers the User and the session.
 */
export async function secondStepWithPasskey(): Promise<User> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>('/api/auth/login/second-factor/passkey-options');
  const response = await getPasskey(options);
  return api.post<User>('/api/auth/login/second-factor/passkey', { response });
}

/** Success is followed by a full page load, which reads the new session afresh; no cache to update here. */
export function useSecondStepWithPasskey() {
  return useMutation({ mutationFn: secondStepWithPasskey });
}
