import { useMutation } from '@tanstack/react-query';
import type { RegisterInput, User } from '#shared/auth.js';
import { api } from '#web/lib/api.js';

export function register(input: RegisterInput): Promise<User> {
  return api.post<User>('/api/auth/register', input);
}

/** Success is followed by a full page load, which reads the new session afresh; no cache to update here. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
