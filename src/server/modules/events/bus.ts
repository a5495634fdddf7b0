import type { LiveEvent } from '../../../shared/messaging.js';
import type { Database } from '../../db/client.js';
import { createPgEventBus } from './pg-bus.js';
import { createSubscribers } from './subscribers.js';

/** Where the live events go: a person's open streams, in whichever app process holds them (see docs/decisions/008). */
export interface EventBus {
  /**
   * Delivers the event to every open stream of each of these people, in every app process.
   * Best effort: it never rejects (a message is already committed when it is announced); a failure is logged,
   * and the client catches up on its next reconnect or poll.
   */
  publish(userIds: string[], event: LiveEvent): Promise<void>;
  /** Local subscription (used by the SSE route); returns the unsubscribe function. */
  subscribe(userId: string, listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

/** The two calls the bus logs with; Fastify's `app.log` (pino) fits. */
export interface EventsLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const consoleLogger: EventsLogger = {
  info: (details, message) => console.info(message, details),
  warn: (details, message) => console.warn(message, details),
};

/** One process holds every stream: an in-memory map of person → listeners is the whole fan-out. */
export function createLocalEventBus(logger: EventsLogger = consoleLogger): EventBus {
  const subscribers = createSubscribers(logger);
  let closed = false;
  return {
    async publish(userIds, event) {
      if (!closed) subscribers.deliver(userIds, event);
    },
    subscribe: subscribers.subscribe,
    async close() {
      closed = true;
    },
  };
}

/**
 * The embedded engine belongs to one process, so in-memory delivery is enough there;
 * on PostgreSQL several processes may serve one marketplace, and LISTEN/NOTIFY carries events between them.
 */
export async function createEventBus(database: Database, logger: EventsLogger = consoleLogger): Promise<EventBus> {
  if (database.kind === 'pglite') return createLocalEventBus(logger);
  if (!database.connectionString) throw new Error('Live events on PostgreSQL need the database connection string to LISTEN on');
  return createPgEventBus({ db: database.db, connectionString: database.connectionString, logger });
}
