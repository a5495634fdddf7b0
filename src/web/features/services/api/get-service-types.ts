import { useQuery } from '@tanstack/react-query';
import type { ServiceType } from '#shared/catalogue.js';
import { api, ApiError } from '#web/lib/api.js';

export const serviceTypesQueryKey = (categoryId: number) => ['categories', categoryId, 'service-types'] as const;

export async function getServiceTypes(categoryId: number, signal?: AbortSignal): Promise<ServiceType[]> {
  try {
    return await api.get<ServiceType[]>(`/api/categories/${categoryId}/service-types`, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    // The specification (§7): any failure reads 'Failed to fetch service types'.
    throw new ApiError(error instanceof ApiError ? error.status : 0, 'Failed to fetch service types');
  }
}

/** The service types of one category; idle until a category is chosen. */
export function useServiceTypes(categoryId: number | undefined) {
  return useQuery({
    queryKey: serviceTypesQueryKey(categoryId ?? 0),
    queryFn: ({ signal }) => getServiceTypes(categoryId ?? 0, signal),
    enabled: categoryId !== undefined && categoryId > 0,
  });
}
