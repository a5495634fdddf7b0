import { z } from 'zod';

/**
 * One backup file as the administrator sees it: the name in the server's DATA_DIR/backups, its size and time, and
 * its kind: `nightly` (the schedule's; BACKUP_KEEP are kept) or `manual` (the dashboard's and `npm run backup`'s;
 * the last 3 are kept apart from them, decision 027).
 */
export const backupSchema = z.object({
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  createdAt: z.iso.datetime(),
  kind: z.enum(['nightly', 'manual']),
});
export type Backup = z.infer<typeof backupSchema>;

/** GET /api/admin/backups: newest first. */
export const backupListSchema = z.object({ backups: z.array(backupSchema) });
export type BackupList = z.infer<typeof backupListSchema>;

export const BACKUP_TEXTS = {
  tooMany: 'Too many backups in a short time. Please wait a few minutes and try again.',
  failed: 'The backup could not be written. The server log says why.',
  pgDumpMissing: 'pg_dump is not installed on the server, so the PostgreSQL database cannot be backed up from here. Install the PostgreSQL client tools, or back up with your database host.',
  badToken: 'This backup token is not valid',
  panelTitle: 'Backups',
  none: 'No backup yet',
  listFailure: 'The backups could not be loaded.',
  backUpNow: 'Back up now',
  backingUp: 'Backing up...',
  backUpFailure: 'Backup failed',
} as const;

/** The dashboard's line about the newest backup, e.g. 'Last backup: Nov 24, 2026 at 3:00 AM, 5.8 MB'. */
export const lastBackupLabel = (time: string, size: string) => `Last backup: ${time}, ${size}`;

/** The toast after 'Back up now'. */
export const backupSavedLabel = (name: string) => `Backup saved: ${name}`;

/** Bytes as megabytes (MiB) with one decimal; never '0.0 MB' for a file that exists. */
export const megabytes = (bytes: number) => `${Math.max(bytes / (1024 * 1024), 0.1).toFixed(1)} MB`;
