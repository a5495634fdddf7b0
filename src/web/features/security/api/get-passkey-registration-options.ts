import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api } from '#web/lib/api.js';

/**
 * POST /api/auth/passkeys/registration-options: the challenge for a new passkey. Without a recent sign-in the server
 * answers 403 `recent_sign_in_required` until it is sent the password (400 `wrong_password` on the `password` field).
 */
export function getPasskeyRegistrationOptions(password?: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return api.post<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkeys/registration-options', password === undefined ? {} : { password });
}
