import { z } from 'zod';

/** One backup file as the administrator sees it: the name in the server's DATA_DIR/backups, its size and time. */
export const backupSchema = z.object({
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  createdAt: z.iso.datetime(),
});
export type Backup = z.infer<typeof backupSchema>;

/** GET /api/admin/backups: newest first. */
export const backupListSchema = z.object({ backups: z.array(backupSchema) });

export const BACKUP_TEXTS = {
  tooMany: 'Too many backups in a short time. Please wait a few minutes and try again.',
  failed: 'The backup could not be written. The server log says why.',
  pgDumpMissing: 'pg_dump is not installed on the server, so the PostgreSQL database cannot be backed up from here. Install the PostgreSQL client tools, or back up with your database host.',
  badToken: 'This backup token is not valid',
} as const;
