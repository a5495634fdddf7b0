import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Nightly backups come from the schedule (or `npm run backup -- --nightly` from cron); manual ones from the
 * dashboard or `npm run backup`. Each kind is pruned on its own, so no number of manual backups can push out a
 * nightly one (decision 027).
 */
export type BackupKind = 'nightly' | 'manual';

/** Manual backups kept beside the BACKUP_KEEP nightly ones: enough to undo this afternoon's mistake. */
export const MANUAL_BACKUPS_KEPT = 3;

/** What the administrator and the CLI learn about one backup file (never its full path on the server). */
export interface BackupInfo {
  name: string;
  size: number;
  createdAt: Date;
  kind: BackupKind;
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

/**
 * A manual backup's mark: an empty hidden file beside it, so the backup keeps the name it always had. A file
 * without one is nightly, which is also what every backup made before the kinds existed counts as: they were
 * kept under BACKUP_KEEP before, and stay there until as many newer nightly ones replace them.
 */
const manualMark = (name: string) => `.${name}.manual`;

/** The entries of `dir`; an absent folder has none. */
function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

/** The backups in `dir`, newest first; an absent folder has none. */
export function listBackups(dir: string): BackupInfo[] {
  const names = entries(dir);
  const marks = new Set(names);
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .flatMap((name) => {
      // Pruned by another process between the listing and here: simply not there any more.
      const stat = statSync(join(dir, name), { throwIfNoEntry: false });
      const kind: BackupKind = marks.has(manualMark(name)) ? 'manual' : 'nightly';
      return stat ? [{ name, size: stat.size, createdAt: stat.mtime, kind }] : [];
    })
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
}

/** One backup file's name, size, time and kind (a file outside the backups folder has no mark: never pruned). */
export function fileInfo(path: string): BackupInfo {
  const stat = statSync(path);
  const kind: BackupKind = existsSync(join(dirname(path), manualMark(basename(path)))) ? 'manual' : 'nightly';
  return { name: basename(path), size: stat.size, createdAt: stat.mtime, kind };
}

/**
 * Writes a backup of `kind` at `path` through `write` (null: a file outside the backups folder, never listed or
 * pruned). A manual one is marked before its file appears, so no finished manual backup is ever taken for a
 * nightly one (which could push a nightly one out); a failure takes the mark away again.
 */
export async function writeBackupAs(path: string, kind: BackupKind | null, write: (path: string) => Promise<void>): Promise<BackupInfo> {
  const mark = join(dirname(path), manualMark(basename(path)));
  if (kind === 'manual') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(mark, '', { mode: 0o600 });
  }
  try {
    await write(path);
  } catch (error) {
    rmSync(mark, { force: true });
    throw error;
  }
  return fileInfo(path);
}

/** For a backup moved out of the folder (`npm run backup -- --out`): its mark goes too, or a later file of that name would inherit it. */
export function forgetMark(path: string): void {
  rmSync(join(dirname(path), manualMark(basename(path))), { force: true });
}

/** The last backup's time and size, for the administrator's dashboard and the metrics. */
export function latestBackup(dataDir: string): BackupInfo | null {
  return listBackups(backupsDir(dataDir))[0] ?? null;
}

/**
 * Deletes all but the `keepNightly` newest nightly backups of `dir` and, apart from them, all but the
 * `keepManual` newest manual ones; answers the names deleted. Only files named like ours, and their marks.
 */
export function pruneBackups(dir: string, keepNightly: number, keepManual = MANUAL_BACKUPS_KEPT): string[] {
  const backups = listBackups(dir);
  const old = [
    ...backups.filter((b) => b.kind === 'nightly').slice(Math.max(0, keepNightly)),
    ...backups.filter((b) => b.kind === 'manual').slice(Math.max(0, keepManual)),
  ];
  for (const backup of old) {
    rmSync(join(dir, backup.name), { force: true });
    // After the file: a crash between the two leaves a mark without a file, which marks nothing.
    rmSync(join(dir, manualMark(backup.name)), { force: true });
  }
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

/**
 * A name not yet taken in `dir` for a backup made at `date` (two in one second get -2, -3…). A mark left without
 * its file (a crash mid-write or mid-prune) takes its name too, so it never marks a new backup.
 */
export function freshBackupPath(dir: string, date: Date): string {
  const base = backupFileName(date);
  const names = new Set(entries(dir));
  const taken = (name: string) => names.has(name) || names.has(manualMark(name));
  if (!taken(base)) return join(dir, base);
  for (let n = 2; ; n += 1) {
    const name = base.replace('.tar.gz', `-${n}.tar.gz`);
    if (!taken(name)) return join(dir, name);
  }
}
