import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import { VISITOR_ELEMENT_ID } from '#shared/pages.js';
import { api, ApiError } from '../../lib/api.js';

export const currentUserQueryKey = ['auth', 'user'] as const;

/**
 * The signed-in user, or null when signed out: the server answers 401, or 403 'Your account has been
 * suspended' once to a banned person's session, which it ends.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await api.get<User>('/api/auth/user', { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.code === 'account_suspended')) return null;
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }) => getCurrentUser(signal),
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

/**
 * Puts the user a mutation answered with into the cache, then re-reads it from the server. A visitor known to be
 * signed out (an emailed link opened in another browser) has no account to re-read: asking would only log a 401.
 */
export async function refreshCurrentUser(queryClient: QueryClient, user?: User): Promise<void> {
  if (user) queryClient.setQueryData(currentUserQueryKey, user);
  else if (queryClient.getQueryData(currentUserQueryKey) === null) return;
  await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
}

/**
 * Puts the visitor a page the browser renders itself was sent with into the cache (decision 068): the app then asks
 * no `GET /api/auth/user`, whose 401 a signed-out visitor's console would show. A document without it (the
 * development server's) leaves the question to the query.
 */
export function seedCurrentUserFromPage(queryClient: QueryClient): void {
  const text = document.getElementById(VISITOR_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    queryClient.setQueryData(currentUserQueryKey, JSON.parse(text) as User | null);
  } catch {
    // A document cut short: the query asks the server instead.
  }
}
