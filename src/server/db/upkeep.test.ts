// engines: both — the embedded database's own upkeep, and none on PostgreSQL
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, rowsOf, type Database } from './client.js';
import { createDatabaseUpkeep, UPKEEP_HOUR } from './upkeep.js';

/** The embedded engine's own upkeep, whichever engine the other tests run on: PGlite has no autovacuum. */
let database: Database;

beforeAll(async () => {
  database = await openPglite();
  await database.db.execute(sql.raw('CREATE TABLE upkept (id int PRIMARY KEY, note text)'));
});

afterAll(async () => {
  await database.close();
});

const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);

const one = async <T>(query: string): Promise<T> => rowsOf<{ value: T }>(await database.db.execute(sql.raw(query)))[0]!.value;
const tableBytes = () => one<number>(`SELECT pg_relation_size('upkept')::int AS value`);
const plannerRows = () => one<number>(`SELECT reltuples::int AS value FROM pg_class WHERE relname = 'upkept'`);

describe('the embedded database upkeep', () => {
  it('vacuums and analyzes once a day, on the first call in its hour', async () => {
    const upkeep = createDatabaseUpkeep(database);
    // The later half deleted: its pages hold only dead rows, which VACUUM frees and cuts off the end of the table.
    await database.db.execute(sql.raw(`INSERT INTO upkept SELECT n, repeat('note ', 20) FROM generate_series(1, 2000) n`));
    await database.db.execute(sql.raw('DELETE FROM upkept WHERE id > 1000'));
    const bloated = await tableBytes();
    expect(await plannerRows()).toBe(-1); // never analyzed

    expect(await upkeep(at(27, UPKEEP_HOUR - 1, 59))).toBe(false);
    expect(await tableBytes()).toBe(bloated);

    expect(await upkeep(at(27, UPKEEP_HOUR, 10))).toBe(true);
    expect(await tableBytes()).toBeLessThan(bloated * 0.6);
    expect(await plannerRows()).toBe(1000);

    // Once that day, whatever else calls in the hour; the next day again.
    expect(await upkeep(at(27, UPKEEP_HOUR, 50))).toBe(false);
    expect(await upkeep(at(27, UPKEEP_HOUR + 1, 5))).toBe(false);
    expect(await upkeep(at(28, UPKEEP_HOUR, 5))).toBe(true);
  });

  it('leaves PostgreSQL to its autovacuum', async () => {
    let statements = 0;
    const postgres = { kind: 'postgres' as const, db: { execute: async () => void statements++ } as unknown as Database['db'] };
    expect(await createDatabaseUpkeep(postgres)(at(27, UPKEEP_HOUR, 10))).toBe(false);
    expect(statements).toBe(0);
  });
});
