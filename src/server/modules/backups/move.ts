import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type Database } from '../../db/client.js';
import { withClient } from './restore.js';
import { drizzleQuery, listTables, orderBy, quoteIdent, summarizeTables, type TableInfo, type TableSummary } from './tables.js';

/** Tables the migrations themselves fill (the catalogue and its search words): a fresh database has rows there. */
const FILLED_BY_MIGRATIONS = new Set(['categories', 'service_types', 'search_words']);

/** Rows per round trip: small enough that a batch of pictures stays a few megabytes. */
const BATCH = 50;

export class MoveRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveRefusal';
  }
}

export interface MovedTable {
  name: string;
  source: TableSummary;
  target: TableSummary;
}

/** Refuses a target that holds a marketplace (or anything else) already: the copy must never mix two. */
async function assertEmptyTarget(url: string): Promise<void> {
  await withClient(url, async (query) => {
    const tables = await query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
    for (const { name } of tables) {
      if (FILLED_BY_MIGRATIONS.has(String(name))) continue;
      const [row] = await query(`SELECT EXISTS (SELECT 1 FROM ${quoteIdent(String(name))}) AS taken`);
      if (row?.taken) {
        throw new MoveRefusal(
          `The PostgreSQL database in DATABASE_URL is not empty (table ${String(name)} has rows): nothing was copied.\n` +
            'Create a new, empty database for the marketplace (createdb marketplace) and point DATABASE_URL at it. Do not start the server on it before the move.',
        );
      }
    }
  });
}

/** Copies one table's rows, in key order and in batches, through JSON: every type (pictures' bytes included) round-trips. */
async function copyTable(source: Database, target: pg.ClientBase, table: TableInfo): Promise<void> {
  const columns = table.insertable.map(quoteIdent).join(', ');
  const insert = `INSERT INTO ${quoteIdent(table.name)} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${quoteIdent(table.name)}, $1::jsonb)`;
  // A cursor reads the embedded database once, front to back, whatever the table's size.
  await source.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`DECLARE move_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t) AS row FROM ${quoteIdent(table.name)} t ORDER BY ${orderBy(table)}`));
    for (;;) {
      const { rows } = (await tx.execute(sql.raw(`FETCH ${BATCH} FROM move_rows`))) as { rows: Array<{ row: unknown }> };
      if (rows.length === 0) break;
      await target.query(insert, [JSON.stringify(rows.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row)))]);
    }
    await tx.execute(sql.raw('CLOSE move_rows'));
  });
}

/** Each sequence continues where the embedded database's stopped, so new rows never collide with copied ones. */
async function copySequences(source: Database, target: pg.ClientBase): Promise<void> {
  const sequences = await drizzleQuery(source.db)(`SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public'`);
  for (const seq of sequences) {
    const name = `public.${quoteIdent(String(seq.name))}`;
    if (seq.last_value === null || seq.last_value === undefined) {
      await target.query(`SELECT setval($1, start_value, false) FROM pg_sequences WHERE schemaname = 'public' AND sequencename = $2`, [name, seq.name]);
    } else {
      await target.query('SELECT setval($1, $2, true)', [name, String(seq.last_value)]);
    }
  }
}

/**
 * Copies the embedded marketplace `source` (migrated, no server on it) into the empty PostgreSQL database at
 * `url`: the migrations there first, then every table parents first and every sequence, in one transaction, so
 * a failure leaves the target as it was. The target's own triggers are off during the copy: the search words are
 * copied as they are rather than recomputed, and the audit log's append-only rule has nothing to guard. Answers
 * both sides' row counts and checksums per table.
 */
export async function moveToPostgres(source: Database, url: string, progress: (line: string) => void = () => {}): Promise<MovedTable[]> {
  await assertEmptyTarget(url);
  await source.migrate();
  const migrated = await openPostgres(url, 1);
  try {
    await migrated.migrate();
  } finally {
    await migrated.close();
  }
  const tables = await listTables(drizzleQuery(source.db));
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    await target.query('BEGIN');
    for (const table of [...tables].reverse()) {
      await target.query(`ALTER TABLE ${quoteIdent(table.name)} DISABLE TRIGGER USER`);
      await target.query(`DELETE FROM ${quoteIdent(table.name)}`);
    }
    for (const table of tables) {
      progress(`Copying ${table.name}…`);
      await copyTable(source, target, table);
    }
    await copySequences(source, target);
    for (const table of tables) await target.query(`ALTER TABLE ${quoteIdent(table.name)} ENABLE TRIGGER USER`);
    await target.query('COMMIT');
  } catch (error) {
    await target.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await target.end();
  }
  const before = await summarizeTables(drizzleQuery(source.db), tables);
  const after = await withClient(url, (query) => summarizeTables(query, tables));
  return tables.map((t) => ({ name: t.name, source: before.get(t.name)!, target: after.get(t.name)! }));
}
