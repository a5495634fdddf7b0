import { useMutation } from '@tanstack/react-query';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { User } from '#shared/auth.js';
import { api } from '#web/lib/api.js';
import { getPasskey } from '#web/lib/passkey-ceremony.js';
import { getPasskeyAuthenticationOptions } from './get-passkey-authentication-options.js';

/** POST /api/auth/passkeys/authenticate: the User, and the session cookie, as password sign-in answers. */
export function authenticateWithPasskey(response: AuthenticationResponseJSON): Promise<User> {
  return api.post<User>('/api/auth/passkeys/authenticate', { response });
}

/**
 * The whole of a passkey sign-in: a challenge, the browser's passkey dialog (or, with `autofill`, the email field's
 * autofill, which waits until the person picks a passkey there), then the server's check.
 */
export async function signInWithPasskey({ autofill = false, signal }: { autofill?: boolean; signal?: AbortSignal } = {}): Promise<User> {
  const options = await getPasskeyAuthenticationOptions(signal);
  const response = await getPasskey(options, { autofill, signal });
  return authenticateWithPasskey(response);
}

/** Success is followed by a full page load, which reads the new session afresh; no cache to update here. */
export function useSignInWithPasskey() {
  return useMutation({ mutationFn: signInWithPasskey });
}
