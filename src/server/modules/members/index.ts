/**
 * Members as other members meet them (issue 18): blocks, owned here (decision 045). The only file imported from
 * outside this module (decision 034).
 */
export { blockedBySql, blockStateSql, createMembersRepository } from './repository.js';
export { membersRoutes } from './routes.js';
export { createMembersService, type MembersService } from './service.js';
