// `npm run backup [-- --out PATH | --nightly]`: one file holding the whole marketplace (decision 027). The embedded
// database is dumped by the running server (asked through DATA_DIR/backup-token, from this machine), or by this
// command when no server holds the data folder; PostgreSQL (DATABASE_URL) goes through pg_dump. Same settings as the
// server. A backup in DATA_DIR/backups is manual (the last 3 kept) unless --nightly says cron takes it as the
// night's (BACKUP_KEEP kept), where the server's schedule does not: on PostgreSQL, or with the server stopped.
import { copyFileSync, existsSync, renameSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { ensureDataDir, tryLockDataDir } from '../data-dir.js';
import { openPglite } from '../db/client.js';
import { loadDotEnv } from '../env-file.js';
import {
  type BackupInfo,
  type BackupKind,
  backupsDir,
  forgetMark,
  freshBackupPath,
  MissingToolError,
  pgDump,
  pruneBackups,
  readLocalAccess,
  writeBackup,
  writeBackupAs,
} from '../modules/backups/index.js';

const USAGE = `Usage: npm run backup [-- --out PATH | --nightly]

Writes a backup of the whole marketplace (accounts, listings, messages, pictures) to one file:
DATA_DIR/backups/marketplace-YYYYMMDD-HHMMSS.tar.gz, or PATH. There the last 3 manual backups are kept, apart
from the BACKUP_KEEP nightly ones; --nightly (for cron, on PostgreSQL or with the server stopped) counts this one
as the night's.`;

/** Fails with a sentence for the organiser, and no stack trace. */
class Refusal extends Error {}

function parseArgs(args: string[]): { out?: string; kind: BackupKind } {
  if (args.length === 0) return { kind: 'manual' };
  if (args.length === 1 && args[0] === '--nightly') return { kind: 'nightly' };
  if (args.length === 2 && args[0] === '--out' && args[1]) return { out: resolve(args[1]), kind: 'manual' };
  throw new Refusal(USAGE);
}

/** Moves the server's file to where the organiser asked (a copy when PATH is on another disk). */
function moveTo(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EXDEV') throw error;
    copyFileSync(from, to);
    unlinkSync(from);
  }
}

/** The running server takes the dump: only it may open the embedded database now. */
async function askServer(dataDir: string): Promise<BackupInfo> {
  const access = readLocalAccess(dataDir);
  if (!access) {
    throw new Refusal(
      `A marketplace server is running on ${dataDir} but did not leave its local backup token (it listens on a public address only, or is older).\n` +
        "Use the dashboard's backup instead (POST /api/admin/backups as an administrator), or stop the server and run this again.",
    );
  }
  let res: Response;
  try {
    res = await fetch(`${access.url}/api/admin/backups`, { method: 'POST', headers: { authorization: `Bearer ${access.token}` } });
  } catch {
    throw new Refusal(`The server at ${access.url} did not answer. Is it still starting or stopping? Try again in a moment.`);
  }
  const body = (await res.json().catch(() => ({}))) as { name?: string; size?: number; createdAt?: string; kind?: BackupKind; message?: string };
  if (res.status !== 201 || !body.name) throw new Refusal(`The server refused the backup (${res.status}): ${body.message ?? 'no reason given'}`);
  return { name: body.name, size: body.size ?? 0, createdAt: new Date(body.createdAt ?? Date.now()), kind: body.kind ?? 'manual' };
}

async function main(): Promise<void> {
  const { out, kind } = parseArgs(process.argv.slice(2));
  loadDotEnv();
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  const started = Date.now();
  if (out && existsSync(out)) throw new Refusal(`${out} already exists: choose a new file name.`);

  let path: string;
  let backup: BackupInfo;
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    path = out ?? freshBackupPath(backupsDir(dataDir), new Date());
    backup = await writeBackupAs(path, out ? null : kind, (target) => pgDump(url, target));
    if (!out) pruneBackups(backupsDir(dataDir), config.BACKUP_KEEP);
  } else {
    ensureDataDir(dataDir);
    const unlock = await tryLockDataDir(dataDir);
    if (unlock) {
      // No server: this command opens the database itself, for as long as the dump takes.
      const database = await openPglite(join(dataDir, 'pglite'));
      try {
        path = out ?? freshBackupPath(backupsDir(dataDir), new Date());
        backup = await writeBackup(database, path, out ? null : kind);
        if (!out) pruneBackups(backupsDir(dataDir), config.BACKUP_KEEP);
      } finally {
        await database.close();
        await unlock();
      }
    } else {
      // The server's schedule takes the night's backup; one asked of it is manual, as the dashboard's are.
      if (kind === 'nightly') throw new Refusal(`The marketplace server running on ${dataDir} takes the nightly backup itself (BACKUP_HOUR). Leave out --nightly for a manual one.`);
      backup = await askServer(dataDir);
      path = join(backupsDir(dataDir), backup.name);
      if (out) {
        moveTo(path, out);
        forgetMark(path);
        path = out;
      }
    }
  }
  const megabytes = (backup.size / 1024 / 1024).toFixed(1);
  console.log(`Backup written: ${path} (${megabytes} MB, ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  console.log('Keep a copy on another machine or disk: a backup on the same disk does not survive that disk.');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof Refusal || error instanceof ConfigError || error instanceof MissingToolError) console.error(error.message);
    else console.error('The backup failed:', error);
    process.exit(1);
  },
);
