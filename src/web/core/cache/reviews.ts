import type { QueryClient } from '@tanstack/react-query';

export const reviewKeys = {
  all: ['reviews'] as const,
  eligibility: (serviceId: number) => [...reviewKeys.all, serviceId, 'eligibility'] as const,
  list: (serviceId: number) => [...reviewKeys.all, serviceId, 'list'] as const,
  stats: (serviceId: number) => [...reviewKeys.all, serviceId, 'stats'] as const,
  /** Whether the signed-in person may review this member (decision 048: the listing's owner, after a job with them). */
  memberEligibility: (memberId: string) => [...reviewKeys.all, 'member', memberId, 'eligibility'] as const,
};

/**
 * A completion or a review changes eligibility, the reviews and the rating stats, so they are read again; so is whether
 * the owner may now review the other member (a completion makes them eligible).
 */
export async function invalidateReviewQueries(queryClient: QueryClient, serviceId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...reviewKeys.all, serviceId] }),
    queryClient.invalidateQueries({ queryKey: [...reviewKeys.all, 'member'] }),
  ]);
}
