import { useMutation } from '@tanstack/react-query';
import type { LoginInput, User } from '#shared/auth.js';
import type { SecondFactorRequired } from '#shared/two-step.js';
import { api } from '#web/lib/api.js';

/** The User and a session, or, for an account with two-step sign-in on, `{ secondFactorRequired: true, methods }` (decisions 054 and 061). */
export function login(input: LoginInput): Promise<User | SecondFactorRequired> {
  return api.post<User | SecondFactorRequired>('/api/auth/login', input);
}

/** Success is followed by a full page load, which reads the new session afresh; no cache to update here. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
