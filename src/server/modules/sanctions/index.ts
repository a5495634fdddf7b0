/**
 * Sanctions with reasons, and appeals: owns the bans and appeals tables (decision 047). The only file imported from
 * outside this module (decision 034).
 */
export { createSanctionsRepository } from './repository.js';
export { sanctionsRoutes } from './routes.js';
export { createSanctionsService, type SanctionedPerson, type SanctionsService } from './service.js';
