import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '#shared/messaging-limits.js';
import { messageKeys } from '#web/app/cache/index.js';
import { unreadCountQueryOptions } from '../api/get-unread-count.js';
import { useStreamOpen } from './stream-status.js';

/**
 * Spec section 9 refreshes the unread count every 30 seconds: here the fallback for while the event stream is down.
 * Then a rising count is the only sign of new messages, so the conversation list and the open chat re-read too
 * (reading the open chat lowers the count again, which needs nothing more).
 */
export function useUnreadPoll(): void {
  const queryClient = useQueryClient();
  const streamOpen = useStreamOpen();
  const { data } = useQuery({ ...unreadCountQueryOptions, refetchInterval: streamOpen ? false : UNREAD_POLL_MS });
  const count = data?.count;
  const previous = useRef(count);

  useEffect(() => {
    const rose = count !== undefined && previous.current !== undefined && count > previous.current;
    previous.current = count;
    if (rose && !streamOpen) void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
  }, [count, streamOpen, queryClient]);
}
