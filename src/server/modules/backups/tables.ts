import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** One SQL statement on either engine, answering its rows. Statements here take no user input. */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export const drizzleQuery =
  (db: Db): Query =>
  async (text, params = []) => {
    if (params.length > 0) throw new Error('drizzleQuery takes no parameters');
    const result = (await db.execute(sql.raw(text))) as { rows: Record<string, unknown>[] };
    return result.rows;
  };

export interface TableInfo {
  name: string;
  /** Primary key columns in key order (empty: the table has none, rows are ordered by their text). */
  primaryKey: string[];
  /** Columns a row is inserted with: generated columns are computed by the engine itself. */
  insertable: string[];
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The application's tables (schema public), parents before children along the foreign keys, so copying them
 * in this order never points at a row that is not there yet. Read from the catalogue, not from schema.ts, so a
 * later migration's table is copied and checked without a change here.
 */
export async function listTables(query: Query): Promise<TableInfo[]> {
  const tables = (await query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).map((r) => String(r.name));
  const keys = await query(`
    SELECT c.relname AS table, a.attname AS column
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
    WHERE i.indisprimary AND n.nspname = 'public'
    ORDER BY c.relname, k.ord`);
  const columns = await query(`
    SELECT table_name AS table, column_name AS column FROM information_schema.columns
    WHERE table_schema = 'public' AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`);
  const references = await query(`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint f
    JOIN pg_class child ON child.oid = f.conrelid
    JOIN pg_class parent ON parent.oid = f.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE f.contype = 'f' AND n.nspname = 'public'`);
  const of = (rows: Record<string, unknown>[], table: string) => rows.filter((r) => r.table === table).map((r) => String(r.column));
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const r of references) if (r.child !== r.parent) parents.get(String(r.child))?.add(String(r.parent));

  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter((t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)));
    if (next.length === 0) throw new Error(`The foreign keys between ${tables.filter((t) => !placed.has(t)).join(', ')} form a cycle`);
    for (const t of next) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered.map((name) => ({ name, primaryKey: of(keys, name), insertable: of(columns, name) }));
}

/** Rows in primary key order (or by their text when the table has no key): the same rows give the same order. */
export function orderBy(table: TableInfo, alias = 't'): string {
  return table.primaryKey.length > 0 ? table.primaryKey.map((c) => `${alias}.${quoteIdent(c)}`).join(', ') : `${alias}::text`;
}

export interface TableSummary {
  rows: number;
  /** md5 of every row's text in key order: equal on two databases when the rows are equal. */
  checksum: string;
}

/**
 * Row count and checksum of each table. Times are written in UTC so two engines in different time zones agree.
 * Runs in one transaction when the engine gives one (`query` on a single connection).
 */
export async function summarizeTables(query: Query, tables?: TableInfo[]): Promise<Map<string, TableSummary>> {
  await query(`SET TIME ZONE 'UTC'`);
  const result = new Map<string, TableSummary>();
  for (const table of tables ?? (await listTables(query))) {
    const [row] = await query(
      `SELECT count(*)::int AS rows, coalesce(md5(string_agg(t::text, E'\\n' ORDER BY ${orderBy(table)})), '') AS checksum FROM ${quoteIdent(table.name)} t`,
    );
    result.set(table.name, { rows: Number(row?.rows ?? 0), checksum: String(row?.checksum ?? '') });
  }
  return result;
}
