/** Categories and service types. The only file imported from outside this module (decision 034). */
export { type Catalogue, createCatalogue } from './catalogue.js';
export { createCatalogueRepository, type CatalogueRepository } from './repository.js';
export { catalogueRoutes } from './routes.js';
