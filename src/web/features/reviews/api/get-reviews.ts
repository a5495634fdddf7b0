import { useQuery } from '@tanstack/react-query';
import type { Review } from '#shared/reviews.js';
import { reviewKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** A listing's reviews, newest first. */
export function getReviews(serviceId: number, signal?: AbortSignal): Promise<Review[]> {
  return api.get<Review[]>(`/api/services/${serviceId}/reviews`, { signal });
}

export function useReviews(serviceId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: reviewKeys.list(serviceId), queryFn: ({ signal }) => getReviews(serviceId, signal), ...options });
}
