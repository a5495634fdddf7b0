import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

const gzipAsync = promisify(gzip);

/** The embedded engine's handle as db/client.ts opens it: it can dump its own data folder. */
type DumpableDatabase = Database & { dump(): Promise<Blob> };

export function canDump(database: Database): database is DumpableDatabase {
  return database.kind === 'pglite' && typeof (database as Partial<DumpableDatabase>).dump === 'function';
}

/**
 * The whole embedded database as a gzipped tarball of its data folder, taken inside the running server.
 * PGlite runs one statement at a time, but a transaction's statements can interleave with a dump; holding a
 * transaction of our own while dumping waits for every other transaction to end and keeps new ones out, so
 * the copy holds whole transactions only. The checkpoint first writes everything to the data files, so the
 * restored database starts without replaying the log.
 */
export async function dumpPglite(database: Database): Promise<Buffer> {
  if (!canDump(database)) throw new Error('This database cannot dump its data folder');
  const tar = await database.db.transaction(async (tx) => {
    await tx.execute(sql`CHECKPOINT`);
    return database.dump();
  });
  return gzipAsync(Buffer.from(await tar.arrayBuffer()));
}
