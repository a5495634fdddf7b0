/** Prometheus metrics (decision 023). The only file imported from outside this module (decision 034). */
export { createMetrics, recordBackupSuccess } from './metrics.js';
export { metricsRoutes } from './routes.js';
