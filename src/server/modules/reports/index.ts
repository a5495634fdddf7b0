/** Reports of listings. The only file imported from outside this module (decision 034). */
export { createReportsRepository } from './repository.js';
export { reportsRoutes } from './routes.js';
export { createReportsService } from './service.js';
