import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '#shared/messaging.js';
import { messageKeys, patchCachedConversation, showCompletion } from '#web/core/cache/index.js';
import { currentUserQueryKey } from '#web/core/session/index.js';
import { markConversationRead } from '../api/get-messages.js';
import { appendCachedMessage } from '../api/message-cache.js';
import { connectEventSource } from './event-source.js';
import { browserChannel, browserLock, shareStream, type StreamSignal } from './shared-stream.js';
import { setStreamOpen } from './stream-status.js';

function isViewing(queryClient: QueryClient, conversationId: number): boolean {
  return queryClient.getQueryCache().find({ queryKey: messageKeys.messages(conversationId), exact: true })?.isActive() ?? false;
}

/**
 * One server-sent event stream per browser while someone is signed in, shared by its tabs (decision 028): new
 * messages join the open chat and the conversation list, the unread badge follows the server's count, a
 * conversation read in another tab is cleared here too, and a job the other person marked complete shows at once. Each (re)connection re-reads what may have been missed.
 */
export function useLiveEvents(userId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    // Messages that arrived in an open chat while the tab was hidden: read once the person can see them.
    const unseen = new Set<number>();

    function markRead(conversationId: number) {
      if (document.visibilityState === 'hidden') {
        unseen.add(conversationId);
        return;
      }
      markConversationRead(conversationId).catch(() => {
        // The next visit to the conversation marks it read; the badge stays right meanwhile.
      });
    }

    function onVisibilityChange() {
      if (document.visibilityState === 'hidden') return;
      for (const conversationId of unseen) if (isViewing(queryClient, conversationId)) markRead(conversationId);
      unseen.clear();
    }

    function handle(event: LiveEvent) {
      switch (event.type) {
        case 'message': {
          const { message } = event;
          const result = appendCachedMessage(queryClient, message);
          if (result !== 'present' && isViewing(queryClient, message.conversationId)) {
            // The chat's first page was still loading: read it again so the message is not lost.
            if (result === 'missing') void queryClient.invalidateQueries({ queryKey: messageKeys.messages(message.conversationId), exact: true });
            else if (message.fromUser.id !== userId) markRead(message.conversationId);
          }
          void queryClient.invalidateQueries({ queryKey: messageKeys.conversations, exact: true });
          break;
        }
        case 'unread': {
          // A read of the badge already under way (the one a reopened stream starts, say) may have begun before this
          // count was taken: stopped first, so its older answer cannot land on top of the newer count.
          const unread = { count: event.count };
          void queryClient.cancelQueries({ queryKey: messageKeys.unreadCount, exact: true }).then(() => queryClient.setQueryData(messageKeys.unreadCount, unread));
          break;
        }
        case 'read':
          patchCachedConversation(queryClient, event.conversationId, (c) => ({ ...c, unreadCount: 0 }));
          void queryClient.invalidateQueries({ queryKey: messageKeys.conversations, exact: true });
          break;
        case 'completed':
          // The other person marked the job complete (decision 071): 'Completed' and the review prompt without a reload.
          void showCompletion(queryClient, event.completion);
          break;
      }
    }

    function receive(signal: StreamSignal) {
      if (signal.kind === 'event') return handle(signal.event);
      setStreamOpen(signal.status === 'open');
      if (signal.status === 'open') {
        // Whatever happened while the stream was down: the list, every open history and the badge re-read.
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
        void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount });
      } else if (signal.status === 'closed') {
        // The server refused the stream: a signed-out person has no stream to wait for, in any tab.
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }
    }

    const leave = shareStream({
      name: `csm-events-${userId}`,
      connect: connectEventSource,
      receive,
      requestLock: browserLock(),
      openChannel: browserChannel(),
    });
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      leave();
      setStreamOpen(false);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [userId, queryClient]);
}
