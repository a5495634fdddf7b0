import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateMemberReview, ReceivedReview, ReviewEligibility } from '#shared/reviews.js';
import { invalidateMemberQueries, reviewKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

const memberPath = (memberId: string) => `/api/users/${encodeURIComponent(memberId)}`;

/** GET /api/users/{id}/review-eligibility (decision 048): fetched fresh, as the listing's is. */
export function useMemberReviewEligibility(memberId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: reviewKeys.memberEligibility(memberId),
    queryFn: ({ signal }) => api.get<ReviewEligibility>(`${memberPath(memberId)}/review-eligibility`, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
    ...options,
  });
}

interface Variables extends CreateMemberReview {
  memberId: string;
}

export function createMemberReview({ memberId, ...review }: Variables): Promise<ReceivedReview> {
  return api.post<ReceivedReview>(`${memberPath(memberId)}/reviews`, review);
}

/** POST /api/users/{id}/reviews; then the eligibility and the member's page are read again (not awaited, as for listing reviews). */
export function useCreateMemberReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMemberReview,
    onSuccess: (_review, { memberId }) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.memberEligibility(memberId) });
      void invalidateMemberQueries(queryClient);
    },
  });
}
