import type { Db, Tx } from './database.js';

export interface TransactionHooks {
  /** Runs after the transaction commits; never when it rolls back. */
  onCommit(callback: () => void): void;
}

/** `db.transaction` plus after-commit hooks, so side effects (kicking the outbox relay) follow a commit only. */
export async function inTransaction<T>(db: Db, fn: (tx: Tx, hooks: TransactionHooks) => Promise<T>): Promise<T> {
  const callbacks: Array<() => void> = [];
  const result = await db.transaction((tx) => fn(tx as Tx, { onCommit: (cb) => callbacks.push(cb) }));
  for (const cb of callbacks) {
    try {
      cb();
    } catch {
      // An after-commit hook is best effort; the committed work stands regardless.
    }
  }
  return result;
}
