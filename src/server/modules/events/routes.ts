import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/errors.js';
import type { LiveEvent } from '#shared/messaging.js';
import { mediaResponse } from '../../lib/responses.js';
import { requireUser } from '../../lib/viewer.js';
import type { EventBus } from './types.js';

export const EVENTS_PATH = '/api/events';
/** The `retry:` the browser waits before reconnecting a dropped stream. */
export const RECONNECT_MS = 3000;
/**
 * A stream closed to make room for a newer tab is told to wait this long before coming back, so that
 * a person with more tabs than the cap does not make them take turns every few seconds (the poll covers them).
 */
export const EVICTED_RECONNECT_MS = 5 * 60_000;
/** A client that stops reading is dropped once this much is waiting for it (it re-syncs when it reconnects). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  // nginx and similar proxies would otherwise hold events back in their buffers.
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

export interface EventsRoutesOptions {
  bus: EventBus;
  /** Sent first on every stream, so a reconnecting tab catches up (for instance `{ type: 'unread', count }`). */
  initialEvents?: (userId: string) => Promise<LiveEvent[]>;
  /** Open streams per person in this process; the oldest makes room for a new one. */
  maxStreamsPerUser?: number;
  /** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
  heartbeatMs?: number;
  /**
   * A stream is closed after this long and the browser reconnects, which checks the session again: a session
   * that merely expired stops receiving within this time (one that was ended is told at once, see `endStreams`).
   */
  maxStreamMs?: number;
  /**
   * Asked once the stream is subscribed: a session ended between the request's check and the subscription
   * (whose `endStreams` came too early to reach it) is closed then.
   */
  sessionIsLive?: (sessionId: string) => Promise<boolean>;
  path?: string;
}

/** One frame per event; the SSE `event:` is the event's type, `data:` the whole event as JSON (one line). */
export function formatEvent(id: number, event: LiveEvent): string {
  return `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

interface Stream {
  openedAt: number;
  send(text: string): void;
  /** Ends the response; `reconnectMs` first changes how long the browser waits to reconnect. */
  end(options?: { reconnectMs?: number; closeConnection?: boolean }): void;
}

/** Headers already set on the reply (a refreshed session cookie, for one) that a hijacked reply would lose. */
function replyHeaders(reply: FastifyReply): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined)) as OutgoingHttpHeaders;
}

/** GET /api/events: the signed-in person's live events as server-sent events (docs/decisions/008-live-events.md). */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, options) => {
  const { bus, initialEvents, sessionIsLive } = options;
  const maxStreamsPerUser = options.maxStreamsPerUser ?? 10;
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxStreamMs = options.maxStreamMs ?? 30 * 60_000;
  /** Open streams by person, oldest first (a Set keeps insertion order). */
  const open = new Map<string, Set<Stream>>();

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const streams of open.values()) {
      for (const stream of [...streams]) {
        if (now - stream.openedAt >= maxStreamMs) stream.end();
        else stream.send(': ping\n\n');
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  // Before the server stops accepting and waits for its connections: an open stream never finishes by itself,
  // so without this a graceful shutdown would hang until every browser went away.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const streams of [...open.values()]) {
      for (const stream of [...streams]) stream.end({ closeConnection: true });
    }
  });

  app.get(
    options.path ?? EVENTS_PATH,
    {
      config: { signedIn: true },
      // A HEAD would hold a stream open with nothing ever to send.
      exposeHeadRoute: false,
      schema: {
        response: {
          200: mediaResponse('text/event-stream', 'Server-sent events for the signed-in person, open until the session ends or the client leaves.'),
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const sessionId = request.session!.id;
      reply.hijack();
      const res = reply.raw;
      const socket = request.raw.socket;
      res.writeHead(200, { ...replyHeaders(reply), ...SSE_HEADERS });

      let ended = false;
      let lastId = 0;
      let caughtUp = false;
      const waiting: LiveEvent[] = [];
      const stream: Stream = {
        openedAt: Date.now(),
        send(text) {
          if (ended) return;
          res.write(text);
          if (res.writableLength > MAX_BUFFERED_BYTES) stream.end();
        },
        end({ reconnectMs, closeConnection } = {}) {
          if (ended) return;
          if (reconnectMs !== undefined) res.write(`retry: ${reconnectMs}\n\n`);
          forget();
          res.end();
          // On shutdown the connection must go too: kept alive, or stuck behind a client that stopped reading, it
          // would hold the server's close open. The browser takes it as any dropped stream and reconnects.
          if (closeConnection) socket.destroy();
        },
      };
      const deliver = (event: LiveEvent) => stream.send(formatEvent(++lastId, event));
      // Subscribed before the initial events are read, so nothing published meanwhile is missed; held back until then.
      // A session that ends (sign-out, password change or reset, account deletion) or a ban ends the stream at once.
      const unsubscribe = bus.subscribe(user.id, (event) => (caughtUp ? deliver(event) : waiting.push(event)), {
        sessionId,
        onEnd: () => stream.end(),
      });
      function forget() {
        ended = true;
        unsubscribe();
        const streams = open.get(user.id);
        streams?.delete(stream);
        if (streams?.size === 0) open.delete(user.id);
      }
      res.on('close', () => {
        if (!ended) forget();
      });
      res.on('error', () => {});

      let streams = open.get(user.id);
      if (!streams) open.set(user.id, (streams = new Set()));
      streams.add(stream);
      for (const oldest of [...streams].slice(0, Math.max(0, streams.size - maxStreamsPerUser))) oldest.end({ reconnectMs: EVICTED_RECONNECT_MS });

      stream.send(`retry: ${RECONNECT_MS}\n\n`);
      const live = await sessionIsLive?.(sessionId).catch((err: unknown) => {
        // The database is away: the stream's time limit remains the backstop.
        request.log.warn({ err }, 'Could not check the session of a live event stream');
        return true;
      });
      if (live === false) {
        stream.end();
        return;
      }
      if (initialEvents) {
        try {
          for (const event of await initialEvents(user.id)) deliver(event);
        } catch (err) {
          // The stream still carries what comes next; the client's poll fills the gap.
          request.log.error({ err }, 'Could not read the initial live events');
        }
      }
      caughtUp = true;
      for (const event of waiting.splice(0)) deliver(event);
    },
  );
};
