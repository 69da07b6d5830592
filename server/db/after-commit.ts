import type { Database, Transaction } from './client';

type Follow = () => Promise<void>;

const pending = new WeakMap<object, Follow[]>();

/**
 * Work to start once `tx` has committed (never on rollback): what a consumer wants done right away
 * with rows it just recorded, while a job sent in the same transaction stays the durable fallback.
 * Only a transaction opened by `transactionThenFollow` runs it; elsewhere it is a no-op.
 */
export function afterCommit(tx: Transaction, follow: Follow): void {
  pending.get(tx)?.push(follow);
}

/** `db.transaction`, then the follow-ups its work registered, awaited (each handles its own errors). */
export async function transactionThenFollow<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const follows: Follow[] = [];
  const result = await db.transaction(async (tx) => {
    follows.length = 0; // a retried transaction body starts over
    pending.set(tx, follows);
    return work(tx);
  });
  await Promise.all(follows.map((follow) => follow()));
  return result;
}
