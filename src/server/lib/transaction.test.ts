// engines: both — transactions, rollbacks and effects after commit
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers/app.js';
import type { Database } from '../db/client.js';
import { afterCommit, transaction } from './transaction.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A row count the effects can observe: an effect that runs before the commit would not see its own row from outside. */
async function countMarks(tag: string): Promise<number> {
  const result = (await database.db.execute(sql`select count(*)::int as n from transaction_marks where tag = ${tag}`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

describe('transaction() and afterCommit()', () => {
  beforeAll(async () => {
    await database.db.execute(sql`create table if not exists transaction_marks (tag text not null)`);
  });

  it('runs the effects once each, in order, after the commit, where the committed rows are visible', async () => {
    const seen: string[] = [];
    const result = await transaction(database.db, async (tx) => {
      await tx.execute(sql`insert into transaction_marks values ('committed')`);
      await afterCommit(tx, async () => {
        seen.push(`first sees ${await countMarks('committed')}`);
      });
      await afterCommit(tx, () => {
        seen.push('second');
      });
      expect(seen).toEqual([]);
      return 'answer';
    });
    expect(result).toBe('answer');
    expect(seen).toEqual(['first sees 1', 'second']);
  });

  it('runs none of them when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(
      transaction(database.db, async (tx) => {
        await tx.execute(sql`insert into transaction_marks values ('rolled back')`);
        await afterCommit(tx, () => {
          seen.push('effect');
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([]);
    expect(await countMarks('rolled back')).toBe(0);
  });

  it('keeps a released savepoint’s effects for the outer commit, and drops a rolled-back savepoint’s', async () => {
    const seen: string[] = [];
    await transaction(database.db, async (tx) => {
      await transaction(tx, async (inner) => {
        await afterCommit(inner, () => {
          seen.push('released');
        });
      });
      expect(seen).toEqual([]);
      await transaction(tx, async (inner) => {
        await afterCommit(inner, () => {
          seen.push('rolled back');
        });
        throw new Error('inner refused');
      }).catch(() => undefined);
      await afterCommit(tx, () => {
        seen.push('outer');
      });
    });
    expect(seen).toEqual(['released', 'outer']);
  });

  it('runs at once outside a transaction, and refuses a transaction begun without transaction()', async () => {
    const seen: string[] = [];
    await afterCommit(database.db, () => {
      seen.push('now');
    });
    expect(seen).toEqual(['now']);
    await expect(database.db.transaction((tx) => afterCommit(tx, () => undefined))).rejects.toThrow(/transaction\(\)/);
  });
});
