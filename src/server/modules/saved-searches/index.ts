/** Saved searches and their alerts (decision 053). The only file imported from outside this module (decision 034). */
export { createSavedSearchesRepository, matchStatement } from './repository.js';
export { savedSearchesRoutes } from './routes.js';
export { createSavedSearchesService, type SavedSearchesService } from './service.js';
