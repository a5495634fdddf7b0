/** Categories and service types. The only file imported from outside this module (decision 034). */
export { catalogueRoutes } from './routes.js';
