import { useMutation } from '@tanstack/react-query';
import type { RecentSignInAnswer, RecentSignInInput } from '#shared/two-step.js';
import { api } from '#web/lib/api.js';

/**
 * POST /api/auth/recent-sign-in: the password again, which makes this session's sign-in recent (decision 061); 400
 * `wrong_password` on the `password` field, 429 when the sign-in limits refuse.
 */
export function recentSignIn(input: RecentSignInInput): Promise<RecentSignInAnswer> {
  return api.post<RecentSignInAnswer>('/api/auth/recent-sign-in', input);
}

/** Nothing cached changes: the session only counts as recent on the server. */
export function useRecentSignIn() {
  return useMutation({ mutationFn: recentSignIn });
}
