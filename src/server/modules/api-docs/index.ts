/** The OpenAPI document and its viewer (decision 039). The only file imported from outside this module (decision 034). */
export { apiDocsRoutes, registerOpenApi } from './routes.js';
export { DOCS_PATH, OPENAPI_PATH, stableJson } from './openapi.js';
