import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '#web/lib/api.js';

/** POST /api/auth/passkeys/authentication-options: a sign-in challenge any passkey of this site may answer. */
export function getPasskeyAuthenticationOptions(signal?: AbortSignal): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return api.post<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkeys/authentication-options', undefined, { signal });
}
