/** Backups, restore and the move to PostgreSQL (decision 027). The only file imported from outside this module (decision 034). */
export { backupsDir, fileInfo, forgetMark, freshBackupPath, pruneBackups, writeBackupAs, type BackupInfo, type BackupKind } from './files.js';
export { readLocalAccess } from './local-access.js';
export { MoveRefusal, moveToPostgres } from './move.js';
export { registerBackups, startBackupDuties } from './plugin.js';
export { MissingToolError, pgDump } from './postgres.js';
export { backupKind, restorePglite, restorePostgres, RestoreRefusal, withClient, type RestoreResult } from './restore.js';
export { writeBackup } from './service.js';
export { drizzleQuery, summarizeTables, type Query, type TableSummary } from './tables.js';
