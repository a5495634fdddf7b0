import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSavedSearchInput, SavedSearch, SavedSearchList, UpdateSavedSearch } from '#shared/saved-searches.js';
import { api } from '#web/lib/api.js';

export const savedSearchKeys = { list: ['saved-searches'] as const };

/** GET /api/saved-searches: the member's saved searches, oldest first, each with its new count. */
export function useSavedSearches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: savedSearchKeys.list, queryFn: ({ signal }) => api.get<SavedSearchList>('/api/saved-searches', { signal }), enabled });
}

function useInvalidatingMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.list }) });
}

/** POST /api/saved-searches: browse's filters as they are, and how often to be told. */
export const useCreateSavedSearch = () => useInvalidatingMutation((input: CreateSavedSearchInput) => api.post<SavedSearch>('/api/saved-searches', input));

/** PATCH /api/saved-searches/{id}: a new name or frequency. */
export const useUpdateSavedSearch = () =>
  useInvalidatingMutation(({ id, changes }: { id: number; changes: UpdateSavedSearch }) => api.patch<SavedSearch>(`/api/saved-searches/${id}`, changes));

/** DELETE /api/saved-searches/{id}. */
export const useDeleteSavedSearch = () => useInvalidatingMutation((id: number) => api.delete<void>(`/api/saved-searches/${id}`));

/** POST /api/saved-searches/{id}/opened: what matched until now is no longer new. */
export const useMarkOpened = () => useInvalidatingMutation((id: number) => api.post<void>(`/api/saved-searches/${id}/opened`));

/** POST /api/saved-searches/unsubscribe: an alert email's link, with no session needed. */
export const unsubscribe = (token: string) => api.post<void>('/api/saved-searches/unsubscribe', { token });
