import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '#shared/messaging-limits.js';
import { messageKeys } from '#web/core/cache/index.js';
import { unreadCountQueryOptions } from '../api/get-unread-count.js';
import { useStreamOpen } from './stream-status.js';

/**
 * The specification (§9) has the browser refresh the unread count every 30 seconds: here the fallback for while the
 * event stream is down.
 * Then the count is the only sign of new messages, so the conversation list and the open chat re-read too when it
 * changed since the last poll, or when anything is unread. Not only when it rose: a message that arrives while the open
 * chat is being marked read turns 2 unread into 1, and the same count can hide one read and one new.
 */
export function useUnreadPoll(): void {
  const queryClient = useQueryClient();
  const streamOpen = useStreamOpen();

  useEffect(() => {
    if (streamOpen) return;
    let last = queryClient.getQueryData(unreadCountQueryOptions.queryKey)?.count;
    const timer = setInterval(() => {
      // A hidden tab waits: the count is read again when it is shown (the query client's refetch on focus).
      if (document.visibilityState === 'hidden') return;
      queryClient.fetchQuery({ ...unreadCountQueryOptions, staleTime: 0 }).then(
        ({ count }) => {
          if (count > 0 || count !== last) void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
          last = count;
        },
        () => {
          // The server could not be reached: the next poll tries again, and the badge keeps its last count meanwhile.
        },
      );
    }, UNREAD_POLL_MS);
    return () => clearInterval(timer);
  }, [streamOpen, queryClient]);
}
