import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent, Message } from '../../../../shared/messaging.js';
import { currentUserQueryKey } from '../../auth/api/get-current-user.js';
import { markConversationRead } from '../api/get-messages.js';
import { appendCachedMessage, messageKeys, patchCachedConversation } from '../api/query-keys.js';
import { setStreamOpen } from './stream-status.js';

const EVENTS_URL = '/api/events';
// When the browser gives up on the stream (the server answered with an error), try again after a pause that grows.
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;

// Checked by hand rather than with the shared zod schema so zod stays out of the entry bundle (as in lib/api.ts).
function parse(data: unknown): unknown {
  try {
    return typeof data === 'string' ? JSON.parse(data) : null;
  } catch {
    return null;
  }
}

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  const from = m.fromUser as Record<string, unknown> | null | undefined;
  return (
    typeof m.id === 'number' &&
    typeof m.conversationId === 'number' &&
    typeof m.content === 'string' &&
    typeof m.createdAt === 'string' &&
    typeof from?.id === 'string'
  );
}

function toEvent(type: LiveEvent['type'], data: unknown): LiveEvent | null {
  const body = parse(data) as Record<string, unknown> | null;
  if (!body) return null;
  if (type === 'message' && isMessage(body.message)) return { type, message: body.message };
  if (type === 'unread' && typeof body.count === 'number') return { type, count: body.count };
  if (type === 'read' && typeof body.conversationId === 'number') return { type, conversationId: body.conversationId };
  return null;
}

function isViewing(queryClient: QueryClient, conversationId: number): boolean {
  return queryClient.getQueryCache().find({ queryKey: messageKeys.messages(conversationId), exact: true })?.isActive() ?? false;
}

/**
 * One server-sent event stream per tab while someone is signed in: new messages join the open chat and the
 * conversation list, the unread badge follows the server's count, and a conversation read in another tab is
 * cleared here too. Each (re)connection re-reads what may have been missed while the stream was down.
 */
export function useLiveEvents(userId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = RETRY_FIRST_MS;
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
        case 'unread':
          queryClient.setQueryData(messageKeys.unreadCount, { count: event.count });
          break;
        case 'read':
          patchCachedConversation(queryClient, event.conversationId, (c) => ({ ...c, unreadCount: 0 }));
          void queryClient.invalidateQueries({ queryKey: messageKeys.conversations, exact: true });
          break;
      }
    }

    function connect() {
      const stream = new EventSource(EVENTS_URL);
      source = stream;
      stream.onopen = () => {
        retryDelay = RETRY_FIRST_MS;
        setStreamOpen(true);
        // Whatever happened while the stream was down: the list, every open history and the badge re-read.
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
        void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount });
      };
      stream.onerror = () => {
        setStreamOpen(false);
        // CONNECTING: the browser reconnects by itself. CLOSED: it gave up (an error answer), so we retry later,
        // and check the session, since a signed-out person has no stream to wait for.
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        retryTimer = setTimeout(connect, retryDelay);
        retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
      };
      for (const type of ['message', 'unread', 'read'] as const) {
        stream.addEventListener(type, (event) => {
          const parsed = toEvent(type, event.data);
          if (parsed) handle(parsed);
        });
      }
    }

    connect();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearTimeout(retryTimer);
      source?.close();
      setStreamOpen(false);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [userId, queryClient]);
}
