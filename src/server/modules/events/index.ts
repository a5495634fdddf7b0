/** Live events: the bus and the event stream (decisions 008, 017, 026). The only file imported from outside this module (decision 034). */
export { createEventBus } from './bus.js';
export type { EventBus, EventsLogger } from './types.js';
export type { PgEventBus } from './pg-bus.js';
export { eventsRoutes } from './routes.js';
