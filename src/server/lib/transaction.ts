import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** Something to do once the writes that asked for it are committed: wake the mail worker, tell open tabs, forget a cache. */
export type Effect = () => void | Promise<void>;

/** The effects registered in each open transaction, by its drizzle transaction object. */
const pending = new WeakMap<Db, Effect[]>();

/**
 * Runs `work` in a transaction, then, once it has committed, the effects registered in it with `afterCommit`, in
 * order, each once. A transaction that rolls back runs none of them. Inside another such transaction it becomes a
 * savepoint whose effects join the outer transaction's when the savepoint is released, and run when that commits.
 */
export async function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const effects: Effect[] = [];
  const result = await db.transaction(async (tx) => {
    pending.set(tx, effects);
    return work(tx);
  });
  const outer = pending.get(db);
  if (outer) {
    outer.push(...effects);
    return result;
  }
  for (const effect of effects) await effect();
  return result;
}

/**
 * Registers `effect` to run after `tx` commits (see `transaction`). Outside any transaction (`tx` is the database
 * itself, whose each statement commits on its own) it runs at once. A transaction begun without `transaction()` is a
 * mistake that would run the effect too early or never, and is refused.
 */
export async function afterCommit(tx: Db, effect: Effect): Promise<void> {
  const effects = pending.get(tx);
  if (effects) {
    effects.push(effect);
    return;
  }
  if (tx instanceof PgTransaction) throw new Error('afterCommit() needs a transaction begun with transaction() (src/server/lib/transaction.ts)');
  await effect();
}
