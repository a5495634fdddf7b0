/**
 * Members as other members meet them: blocks, owned here, and the member page (decision 045 and its addendum). The
 * only file imported from outside this module (decision 034).
 */
export { blockedBySql, blockStateSql, hasBlockedSql } from './blocks-sql.js';
export { createMembersRepository } from './repository.js';
export { membersRoutes } from './routes.js';
export { createMembersService, type MembersService } from './service.js';
