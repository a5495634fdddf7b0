import { useQuery } from '@tanstack/react-query';
import type { ListingDistance } from '#shared/services.js';
import { serviceKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** How far a listing is from a ZIP code's centre (decision 052): null for a virtual listing. */
export function getListingDistance(id: number, near: string, signal?: AbortSignal): Promise<ListingDistance> {
  return api.get<ListingDistance>(`/api/services/${id}/distance?near=${encodeURIComponent(near)}`, { signal });
}

/**
 * The listing page's '≈ 3.2 mi away' from `near`, or nothing to ask while there is no reference place. A refusal (a
 * ZIP the dataset does not know) is kept as it came with a server-rendered page: the page then simply shows no distance.
 */
export function useListingDistance(id: number, near: string | null) {
  return useQuery({
    queryKey: serviceKeys.distance(id, near ?? ''),
    queryFn: ({ signal }) => getListingDistance(id, near ?? '', signal),
    enabled: near !== null,
    retryOnMount: false,
  });
}
