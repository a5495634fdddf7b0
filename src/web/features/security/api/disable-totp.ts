import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import type { TotpDisableInput } from '#shared/two-step.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { api } from '#web/lib/api.js';

/** POST /api/auth/totp/disable with a code (time or recovery) or the password, exactly one; answers the User. */
export function disableTotp(input: TotpDisableInput): Promise<User> {
  return api.post<User>('/api/auth/totp/disable', input);
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableTotp, onSuccess: (user) => refreshCurrentUser(queryClient, user) });
}
