import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service } from '#shared/services.js';
import { invalidateServiceQueries, patchCachedService } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

export interface LikeResult {
  liked: boolean;
  likeCount: number;
}

/** Both calls are idempotent: liking twice leaves one like. */
export function setLiked(id: number, liked: boolean): Promise<LikeResult> {
  const path = `/api/services/${id}/like`;
  return liked ? api.post<LikeResult>(path) : api.delete<LikeResult>(path);
}

interface Variables {
  service: Pick<Service, 'id' | 'isLikedByUser' | 'likeCount'>;
  liked: boolean;
}

/**
 * The specification (§4): the like count changes at once and goes back if the call fails.
 * The answer is written into every cached copy of the listing; the lists are only marked stale
 * (refetched on their next visit) so a like does not reload every page of an open browse grid.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ service, liked }: Variables) => setLiked(service.id, liked),
    onMutate: ({ service, liked }: Variables) => {
      const before = { isLikedByUser: service.isLikedByUser, likeCount: service.likeCount };
      const delta = liked === service.isLikedByUser ? 0 : liked ? 1 : -1;
      patchCachedService(queryClient, service.id, (s) => ({ ...s, isLikedByUser: liked, likeCount: Math.max(0, s.likeCount + delta) }));
      return { before };
    },
    onError: (_error, { service }, context) => {
      if (context) patchCachedService(queryClient, service.id, (s) => ({ ...s, ...context.before }));
    },
    onSuccess: ({ liked, likeCount }, { service }) => {
      patchCachedService(queryClient, service.id, (s) => ({ ...s, isLikedByUser: liked, likeCount }));
      return invalidateServiceQueries(queryClient, { refetch: false });
    },
  });
}
