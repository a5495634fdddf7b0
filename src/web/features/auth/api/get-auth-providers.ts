import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '#shared/auth.js';
import { api } from '#web/lib/api.js';

export const authProvidersQueryKey = ['auth', 'providers'] as const;

/** The ways in this marketplace offers: local accounts, an OpenID Connect provider, or both. */
export function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return api.get<AuthProviders>('/api/auth/providers', { signal });
}

export const authProvidersQueryOptions = queryOptions({
  queryKey: authProvidersQueryKey,
  queryFn: ({ signal }) => getAuthProviders(signal),
});

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions);
}
