/** Liveness and readiness probes (decision 023). The only file imported from outside this module (decision 034). */
export { createReadiness, type Readiness } from './readiness.js';
export { healthRoutes } from './routes.js';
