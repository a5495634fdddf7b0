// `npm run move-to-postgres`: copies the embedded marketplace in DATA_DIR (server stopped) into the empty
// PostgreSQL database of DATABASE_URL, every table and sequence, then compares both sides (decision 027).
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { tryLockDataDir } from '../data-dir.js';
import { openPglite } from '../db/client.js';
import { loadDotEnv } from '../env-file.js';
import { MoveRefusal, moveToPostgres } from '../modules/backups/index.js';

async function main(): Promise<void> {
  if (process.argv.length > 2) throw new MoveRefusal('Usage: DATABASE_URL=postgres://… npm run move-to-postgres (DATA_DIR: the embedded marketplace to copy)');
  loadDotEnv();
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new MoveRefusal('Set DATABASE_URL to the new, empty PostgreSQL database, e.g. DATABASE_URL=postgres://marketplace:secret@localhost:5432/marketplace npm run move-to-postgres');
  }
  const dataDir = resolve(config.DATA_DIR);
  const dbDir = join(dataDir, 'pglite');
  if (!existsSync(dbDir) || readdirSync(dbDir).length === 0) throw new MoveRefusal(`There is no embedded database in ${dbDir} to copy (check DATA_DIR).`);
  const unlock = await tryLockDataDir(dataDir);
  if (!unlock) {
    throw new MoveRefusal(`The marketplace server is running on ${dataDir}. Stop it first: the copy must see a database nobody is changing.`);
  }
  const started = Date.now();
  const source = await openPglite(dbDir);
  try {
    const tables = await moveToPostgres(source, config.DATABASE_URL, (line) => console.log(line));
    console.log(`\n${'table'.padEnd(24)} ${'embedded'.padStart(9)} ${'postgres'.padStart(9)}  same rows`);
    for (const t of tables) {
      const same = t.source.rows === t.target.rows && t.source.checksum === t.target.checksum;
      console.log(`${t.name.padEnd(24)} ${String(t.source.rows).padStart(9)} ${String(t.target.rows).padStart(9)}  ${same ? 'yes' : 'NO'}`);
    }
    const different = tables.filter((t) => t.source.rows !== t.target.rows || t.source.checksum !== t.target.checksum);
    if (different.length > 0) throw new Error(`These tables differ after the copy: ${different.map((t) => t.name).join(', ')}`);
    console.log(`\nCopied in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server with this DATABASE_URL; keep ${dataDir} until you are happy.`);
  } finally {
    await source.close();
    await unlock();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof MoveRefusal || error instanceof ConfigError) console.error(error.message);
    else console.error('The move failed (the PostgreSQL database was left as it was):', error);
    process.exit(1);
  },
);
