/** Direct messages and conversations. The only file imported from outside this module (decision 034). */
export { createMessagingRepository } from './repository.js';
export { messagingRoutes } from './routes.js';
export { createMessagingService } from './service.js';
