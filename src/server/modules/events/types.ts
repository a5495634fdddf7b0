import type { LiveEvent } from '#shared/messaging.js';

/** Where the live events go: a person's open streams, in whichever app process holds them (see docs/decisions/008). */
export interface EventBus {
  /**
   * Delivers the event to every open stream of each of these people, in every app process.
   * Best effort: it never rejects (a message is already committed when it is announced); a failure is logged,
   * and the client catches up on its next reconnect or poll.
   */
  publish(userIds: string[], event: LiveEvent): Promise<void>;
  /** Local subscription (used by the SSE route); returns the unsubscribe function. */
  subscribe(userId: string, listener: (event: LiveEvent) => void, options?: SubscribeOptions): () => void;
  /**
   * Ends the streams `end` names, in every app process (decision 017): a session that ended, or a person who
   * was banned, stops receiving at once. Best effort like `publish`; the stream's own time limit is the backstop.
   */
  endStreams(end: StreamEnd): Promise<void>;
  /**
   * Tells the other app processes that listings changed, so their signed-out page caches forget at once
   * (decision 026). Best effort like `publish`; the cache's time limit is the backstop.
   */
  listingsChanged(): Promise<void>;
  /** Hears the other processes' `listingsChanged` (never this process's own); answers the unsubscribe. */
  onListingsChanged(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Which of a person's streams to end: all of them, the one session's, or all but the one session's. */
export interface StreamEnd {
  userId: string;
  sessionId?: string;
  keepSessionId?: string;
}

export interface SubscribeOptions {
  /** The session the stream was opened with, which `endStreams` names. */
  sessionId?: string;
  /** Called when `endStreams` names this subscription. */
  onEnd?: () => void;
}

/** The two calls the bus logs with; Fastify's `app.log` (pino) fits. */
export interface EventsLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
