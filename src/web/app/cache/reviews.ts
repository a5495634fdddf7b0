import type { QueryClient } from '@tanstack/react-query';

export const reviewKeys = {
  all: ['reviews'] as const,
  eligibility: (serviceId: number) => [...reviewKeys.all, serviceId, 'eligibility'] as const,
  list: (serviceId: number) => [...reviewKeys.all, serviceId, 'list'] as const,
  stats: (serviceId: number) => [...reviewKeys.all, serviceId, 'stats'] as const,
};

/** Spec section 7: after a completion or a review, eligibility, reviews and rating stats are read again. */
export function invalidateReviewQueries(queryClient: QueryClient, serviceId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...reviewKeys.all, serviceId] });
}
