import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { privateFile, writeFileAtomically } from './files.js';

/** The embedded engine's handle as db/client.ts opens it: it can dump its own data folder. */
type DumpableDatabase = Database & { dump(): Promise<Blob> };

export function canDump(database: Database): database is DumpableDatabase {
  return database.kind === 'pglite' && typeof (database as Partial<DumpableDatabase>).dump === 'function';
}

/**
 * The whole embedded database as a gzipped tarball of its data folder in `path`, taken inside the running server.
 * PGlite runs one statement at a time, but a transaction's statements can interleave with a dump; holding a
 * transaction of our own while dumping waits for every other transaction to end and keeps new ones out, so
 * the copy holds whole transactions only. The checkpoint first writes everything to the data files, so the
 * restored database starts without replaying the log. PGlite builds the tarball in memory (and blocks the event
 * loop meanwhile, bench/README.md); it is streamed through gzip to the file rather than copied into one more
 * buffer, which would add the database's size again to the server's memory (0.5 GB at 100,000 listings).
 */
export async function dumpPglite(database: Database, path: string): Promise<void> {
  if (!canDump(database)) throw new Error('This database cannot dump its data folder');
  const tar = await database.db.transaction(async (tx) => {
    await tx.execute(sql`CHECKPOINT`);
    return database.dump();
  });
  await writeFileAtomically(path, (partial) => pipeline(Readable.fromWeb(tar.stream() as ReadableStream), createGzip(), privateFile(partial)));
}
