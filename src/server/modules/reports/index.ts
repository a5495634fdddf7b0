/** Reports of listings, members and messages. The only file imported from outside this module (decision 034). */
export { createReportsRepository } from './repository.js';
export { reportsRoutes } from './routes.js';
export { createReportsService, type DecidedReport, type ReportsService } from './service.js';
