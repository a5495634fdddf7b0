import type { Database } from '../../db/client.js';
import { backupsDir, freshBackupPath, latestBackup, listBackups, pruneBackups, writeBackupAs, type BackupInfo, type BackupKind } from './files.js';
import { newLocalToken } from './local-access.js';
import { pgDump } from './postgres.js';
import { dumpPglite } from './pglite.js';

export interface BackupService {
  /**
   * A complete backup of `kind` into DATA_DIR/backups now; afterwards each kind is pruned to its own number
   * (BACKUP_KEEP nightly, MANUAL_BACKUPS_KEPT manual).
   */
  backUpNow(kind: BackupKind): Promise<BackupInfo>;
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
  /** How many nightly backup files to keep (BACKUP_KEEP); undefined keeps every file of either kind. */
  keep?: number;
  /** Told of each success (the metrics' last-backup time). */
  onSuccess?: (backup: BackupInfo) => void;
}

/** Dumps `database` into `path`: PGlite dumps itself, PostgreSQL goes through pg_dump. */
async function dump(database: Database, path: string): Promise<void> {
  if (database.kind === 'postgres') {
    if (!database.connectionString) throw new Error('The PostgreSQL connection string is unknown');
    await pgDump(database.connectionString, path);
  } else {
    await dumpPglite(database, path);
  }
}

/**
 * Writes one backup file of `database` to `path`, marked as `kind` when it goes into the backups folder; a file
 * written elsewhere (`npm run backup -- --out`) has no kind and is never pruned.
 */
export function writeBackup(database: Database, path: string, kind: BackupKind | null): Promise<BackupInfo> {
  return writeBackupAs(path, kind, (target) => dump(database, target));
}

export function createBackupService({ database, dataDir, keep, onSuccess }: BackupOptions): BackupService {
  const dir = backupsDir(dataDir);
  // One dump at a time. A second request of the same kind while one is under way gets that one ('Back up now'
  // pressed twice); a request of the other kind waits for it and then takes its own, so a manual backup running
  // at BACKUP_HOUR never stands in for the night's backup.
  const running = new Map<BackupKind, Promise<BackupInfo>>();
  let last: Promise<unknown> = Promise.resolve();
  const backUp = async (kind: BackupKind) => {
    const backup = await writeBackup(database, freshBackupPath(dir, new Date()), kind);
    if (keep !== undefined) pruneBackups(dir, keep);
    onSuccess?.(backup);
    return backup;
  };
  return {
    backUpNow(kind) {
      let job = running.get(kind);
      if (!job) {
        const started = last.catch(() => {}).then(() => backUp(kind));
        job = started.finally(() => running.delete(kind));
        running.set(kind, job);
        last = job;
      }
      return job;
    },
    latest: () => latestBackup(dataDir),
    list: () => listBackups(dir),
    localToken: newLocalToken(),
  };
}
