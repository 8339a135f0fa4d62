import type { Db, DbOrTx } from './client';

/**
 * Effects outside the database that belong to a database transaction (the Keycloak IdP admin
 * port's calls, server/idp/keycloak/admin-port.ts). Keycloak is not part of the transaction, so
 * every call that changed something there registers how to undo it (`onRollback`), and a change
 * that cannot be undone registers itself to run once the transaction committed (`afterCommit`).
 *
 * `trackTransactionEffects(db)` makes every transaction of `db` keep such a journal: when the
 * transaction fails (the callback throws, or COMMIT fails) the undo steps run newest first before
 * the error reaches the caller; when it commits, the after-commit steps run. A savepoint
 * (`tx.transaction`) has its own journal: rolled back, its undo steps run at once; released, its
 * steps join the enclosing transaction's, which may still roll back. Registering on a transaction
 * that is not tracked throws: an effect that could never be compensated must not happen silently.
 */

interface Step {
  what: string;
  run: () => Promise<void>;
}

interface Journal {
  undo: Step[];
  afterCommit: Step[];
}

/** Where a failed undo or after-commit step is reported (the app's logger). */
export interface EffectsLog {
  error(details: object, message: string): void;
}

const journals = new WeakMap<object, Journal>();
const TRACKED = Symbol('lumio.trackedTransactions');

type TransactionFn = (callback: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;
interface HasTransaction {
  transaction: TransactionFn;
  [TRACKED]?: true;
}

function journalOf(tx: DbOrTx): Journal {
  const journal = journals.get(tx);
  if (!journal)
    throw new Error('this transaction does not track effects outside the database (trackTransactionEffects)');
  return journal;
}

/** Throws unless `tx` keeps a journal: checked before an outside change, not after it. */
export function assertTracked(tx: DbOrTx): void {
  journalOf(tx);
}

/** Undoes an outside change if `tx` (or the savepoint it is) rolls back. */
export function onRollback(tx: DbOrTx, what: string, undo: () => Promise<void>): void {
  journalOf(tx).undo.push({ what, run: undo });
}

/** Runs an outside change that cannot be undone once the whole transaction committed. */
export function afterCommit(tx: DbOrTx, what: string, effect: () => Promise<void>): void {
  journalOf(tx).afterCommit.push({ what, run: effect });
}

/** Runs every step, each on its own: one failing step does not keep the others from running. */
async function runAll(steps: Step[], log: EffectsLog, phase: string): Promise<void> {
  for (const step of steps) {
    try {
      await step.run();
    } catch (err) {
      log.error(
        { err, step: step.what, phase },
        'an effect outside the database failed; the log line names what is left over',
      );
    }
  }
}

function wrap(owner: HasTransaction, parent: Journal | undefined, log: EffectsLog): void {
  const original = owner.transaction.bind(owner);
  owner.transaction = async (callback, config) => {
    const journal: Journal = { undo: [], afterCommit: [] };
    let result: unknown;
    try {
      result = await original(async (tx: never) => {
        journals.set(tx, journal);
        wrap(tx as HasTransaction, journal, log);
        return callback(tx);
      }, config);
    } catch (err) {
      await runAll([...journal.undo].reverse(), log, 'rollback');
      throw err;
    }
    if (parent) {
      parent.undo.push(...journal.undo);
      parent.afterCommit.push(...journal.afterCommit);
    } else {
      await runAll(journal.afterCommit, log, 'after commit');
    }
    return result;
  };
}

/** Makes every transaction (and savepoint) of `db` keep a journal of outside effects; idempotent. */
export function trackTransactionEffects(db: Db, log: EffectsLog): Db {
  const target = db as unknown as HasTransaction;
  if (target[TRACKED]) return db;
  wrap(target, undefined, log);
  target[TRACKED] = true;
  return db;
}
