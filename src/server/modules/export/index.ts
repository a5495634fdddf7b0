/**
 * "Download my data" (decision 062): the member's archive, built from what the registry of personal data (accounts)
 * says is exported, read across the owners' tables. The only file imported from outside this module (decision 034).
 */
export { dataExportRoutes } from './routes.js';
export { createDataExportService, type DataExportService } from './service.js';
