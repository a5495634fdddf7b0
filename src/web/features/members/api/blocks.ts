import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockList } from '#shared/members.js';
import { invalidateMemberQueries, invalidateServiceQueries, messageKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

export const blockKeys = { list: ['blocks'] as const };

/** GET /api/blocks: the members the signed-in person blocked, newest first. */
export function useBlockedMembers() {
  return useQuery({ queryKey: blockKeys.list, queryFn: ({ signal }) => api.get<BlockList>('/api/blocks', { signal }) });
}

export interface BlockChange {
  memberId: string;
  blocked: boolean;
}

/** POST or DELETE /api/users/{id}/block (both idempotent, 204). */
export function setBlocked({ memberId, blocked }: BlockChange): Promise<void> {
  const path = `/api/users/${encodeURIComponent(memberId)}/block`;
  return blocked ? api.post<void>(path) : api.delete<void>(path);
}

/**
 * Blocks or unblocks a member. What a block changes is read again: the list, the conversations (whose composer gives
 * way to the notice), every list of listings (the blocked member's leave them) and the member pages.
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blockKeys.list }),
        queryClient.invalidateQueries({ queryKey: messageKeys.conversations }),
        invalidateServiceQueries(queryClient),
        invalidateMemberQueries(queryClient),
      ]),
  });
}
