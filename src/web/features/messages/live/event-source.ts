import type { LiveEvent, Message } from '#shared/messaging.js';
import type { Completion } from '#shared/reviews.js';
import type { Connect } from './shared-stream.js';

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

function isCompletion(value: unknown): value is Completion {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return typeof c.id === 'number' && typeof c.serviceId === 'number' && typeof c.conversationId === 'number' && typeof c.createdAt === 'string';
}

function toEvent(type: LiveEvent['type'], data: unknown): LiveEvent | null {
  const body = parse(data) as Record<string, unknown> | null;
  if (!body) return null;
  if (type === 'message' && isMessage(body.message)) return { type, message: body.message };
  if (type === 'unread' && typeof body.count === 'number') return { type, count: body.count };
  if (type === 'read' && typeof body.conversationId === 'number') return { type, conversationId: body.conversationId };
  if (type === 'completed' && isCompletion(body.completion)) return { type, completion: body.completion };
  return null;
}

/** The server-sent event stream itself (decision 008), reconnecting after the server refuses it. */
export const connectEventSource: Connect = (emit) => {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RETRY_FIRST_MS;

  function connect() {
    const stream = new EventSource(EVENTS_URL);
    source = stream;
    stream.onopen = () => {
      retryDelay = RETRY_FIRST_MS;
      emit({ kind: 'status', status: 'open' });
    };
    stream.onerror = () => {
      // CONNECTING: the browser reconnects by itself. CLOSED: it gave up (an error answer), so we retry later.
      if (stream.readyState !== EventSource.CLOSED) return emit({ kind: 'status', status: 'down' });
      stream.close();
      emit({ kind: 'status', status: 'closed' });
      retryTimer = setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
    };
    for (const type of ['message', 'unread', 'read', 'completed'] as const) {
      stream.addEventListener(type, (event) => {
        const parsed = toEvent(type, event.data);
        if (parsed) emit({ kind: 'event', event: parsed });
      });
    }
  }

  connect();
  return () => {
    clearTimeout(retryTimer);
    source?.close();
  };
};
