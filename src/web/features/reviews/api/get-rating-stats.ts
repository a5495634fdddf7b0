import { useQuery } from '@tanstack/react-query';
import type { RatingStats } from '#shared/reviews.js';
import { reviewKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

export function getRatingStats(serviceId: number, signal?: AbortSignal): Promise<RatingStats> {
  return api.get<RatingStats>(`/api/services/${serviceId}/rating-stats`, { signal });
}

export function useRatingStats(serviceId: number) {
  return useQuery({ queryKey: reviewKeys.stats(serviceId), queryFn: ({ signal }) => getRatingStats(serviceId, signal) });
}
