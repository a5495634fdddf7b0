import type { Database } from '../../db/client.js';
import { createPgEventBus } from './pg-bus.js';
import { createSubscribers } from './subscribers.js';
import type { EventBus, EventsLogger } from './types.js';

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
    async endStreams(end) {
      if (!closed) subscribers.end(end);
    },
    subscribe: subscribers.subscribe,
    // One process: its own cache is the only one, and the caller already forgot it.
    async listingsChanged() {},
    onListingsChanged: () => () => {},
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
