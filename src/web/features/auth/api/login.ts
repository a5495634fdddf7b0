import { useMutation } from '@tanstack/react-query';
import type { LoginInput, User } from '#shared/auth.js';
import { api } from '#web/lib/api.js';

export function login(input: LoginInput): Promise<User> {
  return api.post<User>('/api/auth/login', input);
}

/** Success is followed by a full page load, which reads the new session afresh; no cache to update here. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
