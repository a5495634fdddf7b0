import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

export function getUnreadCount(signal?: AbortSignal): Promise<{ count: number }> {
  return api.get<{ count: number }>('/api/messages/unread-count', { signal });
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: messageKeys.unreadCount,
  queryFn: ({ signal }) => getUnreadCount(signal),
});

/**
 * The navigation bar's badge: 0 for anyone who is not a signed-in member. The event stream keeps it current,
 * and live/use-unread-poll.ts re-reads it every 30 seconds while the stream is down.
 */
export function useUnreadCount(enabled: boolean): number {
  const { data } = useQuery({ ...unreadCountQueryOptions, enabled });
  return enabled ? (data?.count ?? 0) : 0;
}
