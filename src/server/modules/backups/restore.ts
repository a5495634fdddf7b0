import { createReadStream, existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../../db/client.js';
import { recordBackupAction } from '../admin/index.js';
import { timestamp } from './files.js';
import { integrityProblems } from './integrity.js';
import { pgRestore } from './postgres.js';
import { drizzleQuery, summarizeTables, type Query, type TableSummary } from './tables.js';

/** A refusal with a sentence for the organiser: nothing was changed. */
export class RestoreRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusal';
  }
}

export interface RestoreResult {
  /** Where the folder that was there before went (only with --force). */
  movedAside?: string;
  tables: Map<string, TableSummary>;
  problems: string[];
}

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Loads a backup of the embedded database into `dbDir` (DATA_DIR/pglite). A folder already holding a database is
 * refused, or with `force` renamed aside with a timestamp, never deleted. The restored database is brought up to
 * this version's migrations, then checked, then told in its audit log which file it came from.
 */
export async function restorePglite(file: string, dbDir: string, { force = false } = {}): Promise<RestoreResult> {
  const backup = readFileSync(file);
  let movedAside: string | undefined;
  if (!isEmptyFolder(dbDir)) {
    if (!force) {
      throw new RestoreRefusal(
        `The database folder ${dbDir} is not empty: restoring would replace the marketplace in it.\n` +
          'Run again with --force to move it aside first (it is renamed with the date, never deleted), or point DATA_DIR at an empty folder.',
      );
    }
    movedAside = `${dbDir}-before-restore-${timestamp(new Date())}`;
    renameSync(dbDir, movedAside);
  }
  const database = await openPglite(dbDir, new Blob([backup]));
  try {
    await database.migrate();
    const query = drizzleQuery(database.db);
    const result = { movedAside, tables: await summarizeTables(query), problems: await integrityProblems(query) };
    await recordRestore(database.db, file);
    return result;
  } finally {
    await database.close();
  }
}

/**
 * The restore's one entry in the restored database's audit log, by nobody's account (a command run on the server),
 * naming the file (decision 027). Written after the checks, so their counts are the backup's own rows; written
 * whatever they found, since the database was replaced either way.
 */
const recordRestore = (db: Db, file: string) => recordBackupAction(db, null, { action: 'backup.restore', file: basename(file) });

/**
 * Loads a pg_dump backup into the PostgreSQL database at `url`, which must have no tables yet, and brings it up to
 * this version's migrations as the embedded engine's restore does: the server would at its next start, and the
 * restore's audit entry needs this version's checks on the log (a backup from before them refuses 'backup.restore').
 */
export async function restorePostgres(file: string, url: string): Promise<RestoreResult> {
  await withClient(url, async (query) => {
    const [row] = await query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    if (Number(row?.n) > 0) {
      throw new RestoreRefusal(
        'The PostgreSQL database in DATABASE_URL already has tables: restore into a new, empty database (createdb marketplace_restored), then point DATABASE_URL at it.',
      );
    }
  });
  await pgRestore(url, file);
  const database = await openPostgres(url, 1);
  try {
    await database.exclusively(() => database.migrate());
    const result = await withClient(url, async (query) => ({ tables: await summarizeTables(query), problems: await integrityProblems(query) }));
    await recordRestore(database.db, file);
    return result;
  } finally {
    await database.close();
  }
}

/** One connection of its own (not a pool), so session settings such as the time zone hold for every statement. */
export async function withClient<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}

/**
 * Which engine a backup file is from, by its first tar entry: pg_dump's tar format starts with toc.dat, a
 * PGlite dump with its data folder. Reads the first block only.
 */
export async function backupKind(file: string): Promise<'pglite' | 'postgres' | 'unknown'> {
  const gunzip = createReadStream(file, { end: 64 * 1024 }).pipe(createGunzip());
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of gunzip) {
      head = Buffer.concat([head, chunk as Buffer]);
      if (head.length >= 512) break;
    }
  } catch {
    return 'unknown';
  } finally {
    gunzip.destroy();
  }
  if (head.length < 512) return 'unknown';
  const name = head.subarray(0, 100).toString('latin1').replace(/\0.*$/s, '');
  if (name === 'toc.dat') return 'postgres';
  return name.length > 0 ? 'pglite' : 'unknown';
}
