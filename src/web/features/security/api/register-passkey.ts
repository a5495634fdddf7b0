import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { Passkey } from '#shared/passkeys.js';
import { api } from '#web/lib/api.js';
import { createPasskey } from '#web/lib/passkey-ceremony.js';
import { passkeyKeys } from './get-passkeys.js';
import { getPasskeyRegistrationOptions } from './get-passkey-registration-options.js';

/** POST /api/auth/passkeys: the browser's answer to the challenge, verified and stored by the server (201). */
export function registerPasskey(input: { response: RegistrationResponseJSON; name?: string }): Promise<Passkey> {
  return api.post<Passkey>('/api/auth/passkeys', input);
}

export interface AddPasskeyInput {
  name?: string;
  /** Only once the server asked for it (403 recent_sign_in_required). */
  password?: string;
}

/** The whole of adding a passkey: the server's options, the browser's dialog, then the server again. */
export async function addPasskey({ name, password }: AddPasskeyInput): Promise<Passkey> {
  const options = await getPasskeyRegistrationOptions(password);
  const response = await createPasskey(options);
  return registerPasskey({ response, ...(name !== undefined && { name }) });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }) });
}
