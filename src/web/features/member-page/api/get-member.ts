import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MemberProfile } from '#shared/members.js';
import type { ReviewAbout } from '#shared/review-texts.js';
import type { ReceivedReviewsPage } from '#shared/reviews.js';
import type { BrowseResult } from '#shared/services.js';
import { memberKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

const memberPath = (username: string) => `/api/users/${encodeURIComponent(username)}`;
const withCursor = (cursor: string | null, query: Record<string, string> = {}) => {
  const search = new URLSearchParams({ ...query, ...(cursor && { cursor }) }).toString();
  return search ? `?${search}` : '';
};

/** GET /api/users/{username}: the member as others meet them; 404 for an unknown, deleted or banned one. */
export function useMember(username: string) {
  return useQuery({
    queryKey: memberKeys.profile(username),
    queryFn: ({ signal }) => api.get<MemberProfile>(memberPath(username), { signal }),
    retryOnMount: false,
  });
}

/** GET /api/users/{username}/services: their public listings, newest first, a page at a time. */
export function useMemberListings(username: string, options: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: memberKeys.listings(username),
    queryFn: ({ pageParam, signal }) => api.get<BrowseResult>(`${memberPath(username)}/services${withCursor(pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    ...options,
  });
}

/** GET /api/users/{username}/reviews?about=…: the reviews of their listings, or of them as a neighbour, newest first. */
export function useMemberReviews(username: string, about: ReviewAbout, options: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: memberKeys.reviews(username, about),
    queryFn: ({ pageParam, signal }) => api.get<ReceivedReviewsPage>(`${memberPath(username)}/reviews${withCursor(pageParam, { about })}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    ...options,
  });
}
