import { megabytes } from '#shared/backups.js';
import type { Db } from '../../db/client.js';
import { insertAuditEntry } from './repository.js';

/** What happened to which backup file: one entry of the audit log each (decision 027). */
export type BackupAuditEvent =
  | { action: 'backup.create'; file: string; size: number }
  /** The files as listed, newest first. */
  | { action: 'backup.list'; files: readonly string[] }
  | { action: 'backup.restore'; file: string };

const summaryOf = (event: BackupAuditEvent): string => {
  switch (event.action) {
    case 'backup.create':
      return `${event.file}, ${megabytes(event.size)}`;
    case 'backup.list':
      return event.files.length === 0 ? 'no backups yet' : `${event.files.length} ${event.files.length === 1 ? 'backup' : 'backups'}, newest ${event.files[0]}`;
    case 'backup.restore':
      return event.file;
  }
};

/**
 * Writes a backup's entry in the audit log: the only way the backups module reaches the log, which this module
 * alone writes (decision 034). `actorId` is the administrator's on the dashboard, null for a command run on the
 * server itself (`npm run backup` with the local token, `npm run restore`). The target is the file's name; a
 * listing's is the newest file's, empty when there is none.
 */
export async function recordBackupAction(db: Db, actorId: string | null, event: BackupAuditEvent): Promise<void> {
  const file = event.action === 'backup.list' ? (event.files[0] ?? '') : event.file;
  await insertAuditEntry(db, { actorId, action: event.action, targetType: 'backup', targetId: file, summary: summaryOf(event) });
}
