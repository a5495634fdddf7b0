import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** What the administrator and the CLI learn about one backup file (never its full path on the server). */
export interface BackupInfo {
  name: string;
  size: number;
  createdAt: Date;
}

/** `marketplace-YYYYMMDD-HHMMSS.tar.gz`: fixed, so listing, sorting and pruning never parse anything else. */
const BACKUP_NAME = /^marketplace-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

const pad = (n: number) => String(n).padStart(2, '0');

/** Local time, as the organiser reads their clock and BACKUP_HOUR. */
export function timestamp(date: Date): string {
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

export function backupFileName(date: Date): string {
  return `marketplace-${timestamp(date)}.tar.gz`;
}

/** The backups in `dir`, newest first; an absent folder has none. */
export function listBackups(dir: string): BackupInfo[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .flatMap((name) => {
      // Pruned by another process between the listing and here: simply not there any more.
      const stat = statSync(join(dir, name), { throwIfNoEntry: false });
      return stat ? [{ name, size: stat.size, createdAt: stat.mtime }] : [];
    })
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
}

/** The last backup's time and size, for the administrator's dashboard and the metrics. */
export function latestBackup(dataDir: string): BackupInfo | null {
  return listBackups(backupsDir(dataDir))[0] ?? null;
}

/** Deletes all but the `keep` newest backups of `dir`; answers the names deleted. Only files named like ours. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(Math.max(0, keep));
  for (const backup of old) rmSync(join(dir, backup.name), { force: true });
  return old.map((b) => b.name);
}

/**
 * Writes through a temporary name and renames: a crash mid-way never leaves a truncated file that looks like
 * a backup (the listing only shows finished names). `write` fills the temporary file, created 0600 (it holds
 * every account's data); a failure removes it.
 */
export async function writeFileAtomically(path: string, write: (partial: string) => Promise<void>): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const partial = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    await write(partial);
    renameSync(partial, path);
  } catch (error) {
    try {
      unlinkSync(partial);
    } catch {
      // Nothing was written, or it is already gone.
    }
    throw error;
  }
}

/** A stream into a new file only its owner can read, as writeFileAtomically's `write` uses it. */
export const privateFile = (partial: string) => createWriteStream(partial, { mode: 0o600, flags: 'wx' });

/** A name not yet taken in `dir` for a backup made at `date` (two in one second get -2, -3…). */
export function freshBackupPath(dir: string, date: Date): string {
  const base = backupFileName(date);
  const taken = new Set(listBackups(dir).map((b) => b.name));
  if (!taken.has(base)) return join(dir, base);
  for (let n = 2; ; n += 1) {
    const name = base.replace('.tar.gz', `-${n}.tar.gz`);
    if (!taken.has(name)) return join(dir, name);
  }
}
