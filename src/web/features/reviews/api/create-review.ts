import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReview, Review } from '#shared/reviews.js';
import { invalidateReviewQueries, invalidateServiceQueries } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

interface Variables extends CreateReview {
  serviceId: number;
}

export function createReview({ serviceId, ...review }: Variables): Promise<Review> {
  return api.post<Review>(`/api/services/${serviceId}/reviews`, review);
}

/**
 * After a review: eligibility, the reviews and the stats, and every listing's rating on the cards (the specification, §7).
 * Not awaited: the fresh eligibility removes the review form, and a form gone before the mutation settles would
 * never hear of its success (TanStack Query skips the callbacks of an unmounted `mutate`), nor say thank you.
 */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (_review, { serviceId }) => {
      void invalidateReviewQueries(queryClient, serviceId);
      void invalidateServiceQueries(queryClient, { refetch: false });
    },
  });
}
