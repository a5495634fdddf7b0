/** The offline US ZIP lookup. The only file imported from outside this module (decision 034). */
export { locateZip } from './lookup.js';
export { zipParamsSchema, zipRoutes } from './routes.js';
