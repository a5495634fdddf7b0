import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#shared/catalogue.js';
import { api } from '#web/lib/api.js';

export const categoriesQueryKey = ['categories'] as const;

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get<Category[]>('/api/categories', { signal });
}

export const categoriesQueryOptions = queryOptions({
  queryKey: categoriesQueryKey,
  queryFn: ({ signal }) => getCategories(signal),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
