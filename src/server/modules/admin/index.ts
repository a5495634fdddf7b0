/** The administrator's API and the Overview. The only file imported from outside this module (decision 034). */
export { recordBackupAction, type BackupAuditEvent } from './backup-audit.js';
export { healthWarnings, warningBanner } from './health-warnings.js';
export { createOverviewService } from './overview.js';
export { createOverviewRepository } from './overview-repository.js';
export { createAdminRepository } from './repository.js';
export { adminRoutes } from './routes.js';
export { createAdminService } from './service.js';
