import { useQuery } from '@tanstack/react-query';
import type { RatingStats } from '../../../../shared/reviews.js';
import { api } from '../../../lib/api.js';
import { reviewKeys } from './query-keys.js';

export function getRatingStats(serviceId: number, signal?: AbortSignal): Promise<RatingStats> {
  return api.get<RatingStats>(`/api/services/${serviceId}/rating-stats`, { signal });
}

export function useRatingStats(serviceId: number) {
  return useQuery({ queryKey: reviewKeys.stats(serviceId), queryFn: ({ signal }) => getRatingStats(serviceId, signal) });
}
