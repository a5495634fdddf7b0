import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Database } from '../../db/client.js';
import { backupsDir, freshBackupPath, latestBackup, listBackups, pruneBackups, type BackupInfo } from './files.js';
import { newLocalToken } from './local-access.js';
import { pgDump } from './postgres.js';
import { dumpPglite } from './pglite.js';

export interface BackupService {
  /** A complete backup into DATA_DIR/backups now; older files beyond `keep` are deleted afterwards. */
  backUpNow(): Promise<BackupInfo>;
  /** The newest backup file, or null: what the dashboard and the metrics show. */
  latest(): BackupInfo | null;
  /** Every backup file, newest first. */
  list(): BackupInfo[];
  /** The token `npm run backup` presents from this machine; new at every start (local-access.ts). */
  localToken: string;
}

export interface BackupOptions {
  database: Database;
  dataDir: string;
  /** How many backup files to keep (BACKUP_KEEP); undefined keeps them all. */
  keep?: number;
  /** Told of each success (the metrics' last-backup time). */
  onSuccess?: (backup: BackupInfo) => void;
}

/** Writes one backup file of `database` to `path`: PGlite dumps itself, PostgreSQL goes through pg_dump. */
export async function writeBackup(database: Database, path: string): Promise<BackupInfo> {
  if (database.kind === 'postgres') {
    if (!database.connectionString) throw new Error('The PostgreSQL connection string is unknown');
    await pgDump(database.connectionString, path);
  } else {
    await dumpPglite(database, path);
  }
  return fileInfo(path);
}

export function fileInfo(path: string): BackupInfo {
  const stat = statSync(path);
  return { name: basename(path), size: stat.size, createdAt: stat.mtime };
}

export function createBackupService({ database, dataDir, keep, onSuccess }: BackupOptions): BackupService {
  const dir = backupsDir(dataDir);
  // One at a time: a second press of 'Back up now' (or the nightly run meeting a manual one) waits for the first.
  let running: Promise<BackupInfo> | null = null;
  const backUp = async () => {
    const backup = await writeBackup(database, freshBackupPath(dir, new Date()));
    if (keep !== undefined) pruneBackups(dir, keep);
    onSuccess?.(backup);
    return backup;
  };
  return {
    backUpNow() {
      running ??= backUp().finally(() => {
        running = null;
      });
      return running;
    },
    latest: () => latestBackup(dataDir),
    list: () => listBackups(dir),
    localToken: newLocalToken(),
  };
}
