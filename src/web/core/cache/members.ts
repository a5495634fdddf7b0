import type { QueryClient } from '@tanstack/react-query';
import type { ReviewAbout } from '#shared/review-texts.js';

/** A member's page (decision 049): their profile, listings and received reviews, keyed by username as the address writes it, in any case. */
export const memberKeys = {
  all: ['members'] as const,
  page: (username: string) => [...memberKeys.all, username.toLowerCase()] as const,
  profile: (username: string) => [...memberKeys.page(username), 'profile'] as const,
  listings: (username: string) => [...memberKeys.page(username), 'listings'] as const,
  reviews: (username: string, about: ReviewAbout) => [...memberKeys.page(username), 'reviews', about] as const,
};

/** After a block, a review or a change of someone's listings: every member page read is read again. */
export function invalidateMemberQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: memberKeys.all });
}
