import { useMutation } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import type { SecondFactorRequired } from '#shared/two-step.js';
import { api } from '#web/lib/api.js';

/** POST /api/auth/login/second-factor: a time code or a recovery code, for the account whose password was right. */
export function loginSecondFactor(code: string): Promise<User> {
  return api.post<User>('/api/auth/login/second-factor', { code });
}

/**
 * The answer of a first step (sign-in, password reset) that needs the second: no session yet, only the pending
 * cookie (decision 054).
 */
export function needsSecondFactor(answer: User | SecondFactorRequired): answer is SecondFactorRequired {
  return 'secondFactorRequired' in answer && answer.secondFactorRequired;
}

/** Success is followed by a full page load, which reads the new session afresh; no cache to update here. */
export function useLoginSecondFactor() {
  return useMutation({ mutationFn: loginSecondFactor });
}
