import { useQuery } from '@tanstack/react-query';
import type { ReviewEligibility } from '#shared/reviews.js';
import { reviewKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

export function getReviewEligibility(serviceId: number, signal?: AbortSignal): Promise<ReviewEligibility> {
  return api.get<ReviewEligibility>(`/api/services/${serviceId}/review-eligibility`, { signal });
}

/** The specification (§7): always fetched fresh, never answered from the cache alone. */
export function useReviewEligibility(serviceId: number) {
  return useQuery({
    queryKey: reviewKeys.eligibility(serviceId),
    queryFn: ({ signal }) => getReviewEligibility(serviceId, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
