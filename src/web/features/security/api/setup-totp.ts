import { useMutation } from '@tanstack/react-query';
import type { TotpSetupAnswer, TotpSetupInput } from '#shared/two-step.js';
import { api } from '#web/lib/api.js';

/**
 * POST /api/auth/totp/setup: a new secret waiting to be confirmed, with its QR code. After a sign-in older than the
 * recent one it answers 403 `recent_sign_in_required` unless the password comes along (400 `wrong_password`).
 */
export function setupTotp(input: TotpSetupInput): Promise<TotpSetupAnswer> {
  return api.post<TotpSetupAnswer>('/api/auth/totp/setup', input);
}

/** Nothing cached changes until the code confirms the secret. */
export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
