// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back (decision 027). The embedded
// database is restored into DATA_DIR/pglite, which must be empty unless --force (the old folder is renamed aside,
// never deleted); with DATABASE_URL, a pg_dump backup is restored into that (empty) PostgreSQL database.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { ensureDataDir, tryLockDataDir } from '../data-dir.js';
import { loadDotEnv } from '../env-file.js';
import { backupKind, MissingToolError, restorePglite, restorePostgres, RestoreRefusal, type RestoreResult } from '../modules/backups/index.js';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores the backup FILE into DATA_DIR (the embedded database), or into the empty PostgreSQL database of
DATABASE_URL. --force first moves an existing embedded database aside (renamed with the date and time).`;

function parseArgs(args: string[]): { file: string; force: boolean } {
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) throw new RestoreRefusal(USAGE);
  return { file: resolve(rest[0]!), force };
}

function report(result: RestoreResult): void {
  if (result.movedAside) console.log(`The previous database was moved to ${result.movedAside} (delete it yourself once you are sure).`);
  console.log('Rows restored:');
  for (const [table, summary] of result.tables) console.log(`  ${table.padEnd(24)} ${String(summary.rows).padStart(9)}`);
  if (result.problems.length > 0) {
    console.error(`The restored database has problems:\n${result.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  const { file, force } = parseArgs(process.argv.slice(2));
  if (!existsSync(file)) throw new RestoreRefusal(`${file}: no such file.`);
  loadDotEnv();
  const config = loadConfig();
  const kind = await backupKind(file);
  if (config.DATABASE_URL) {
    if (kind !== 'postgres') {
      throw new RestoreRefusal('This is a backup of the embedded database; DATABASE_URL is set. Unset DATABASE_URL to restore it, then use `npm run move-to-postgres`.');
    }
    report(await restorePostgres(file, config.DATABASE_URL));
    console.log('Restored. Start the server.');
    return;
  }
  if (kind !== 'pglite') throw new RestoreRefusal('This is a PostgreSQL backup (pg_dump): set DATABASE_URL to an empty PostgreSQL database to restore it.');
  const dataDir = resolve(config.DATA_DIR);
  ensureDataDir(dataDir);
  const unlock = await tryLockDataDir(dataDir);
  if (!unlock) {
    throw new RestoreRefusal(`The marketplace server is running on ${dataDir}. Stop it first, run this again, then start the server.`);
  }
  try {
    report(await restorePglite(file, join(dataDir, 'pglite'), { force }));
    console.log('Restored. Start the server.');
  } finally {
    await unlock();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    if (error instanceof RestoreRefusal || error instanceof ConfigError || error instanceof MissingToolError) console.error(error.message);
    else console.error('The restore failed:', error);
    process.exit(1);
  },
);
