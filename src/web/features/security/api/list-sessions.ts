import { useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '#shared/two-step.js';
import { api } from '#web/lib/api.js';

export const sessionKeys = { list: ['auth', 'sessions'] as const };

/** GET /api/auth/sessions: where the member is signed in, newest first, at most SESSIONS_LISTED_MAX (decision 054). */
export function useSessions() {
  return useQuery({
    queryKey: sessionKeys.list,
    queryFn: ({ signal }) => api.get<{ sessions: SessionInfo[] }>('/api/auth/sessions', { signal }),
  });
}
