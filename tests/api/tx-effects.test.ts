import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import { afterCommit, assertTracked, onRollback, trackTransactionEffects } from '../../server/db/tx-effects';

/**
 * The journal of effects outside the database (server/db/tx-effects.ts) on a real transaction:
 * what the Keycloak IdP admin port relies on to undo its calls.
 */
describe('effects outside the database, per transaction', () => {
  let database: Database;
  let db: Db;
  const failures: { step: string; phase: string }[] = [];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    db = trackTransactionEffects(database.db, {
      error: (details) => failures.push(details as { step: string; phase: string }),
    });
  });
  afterAll(() => database.close());

  it('runs the after-commit steps once the transaction committed, and no undo', async () => {
    const events: string[] = [];
    await db.transaction(async (tx) => {
      onRollback(tx, 'undo', async () => void events.push('undo'));
      afterCommit(tx, 'after', async () => void events.push('after'));
      events.push('work');
    });
    expect(events).toEqual(['work', 'after']);
  });

  it('undoes newest first when the callback fails, before the caller sees the error, and skips after-commit', async () => {
    const events: string[] = [];
    const failure = new Error('the caller failed');
    await expect(
      db.transaction(async (tx) => {
        onRollback(tx, 'first', async () => void events.push('undo first'));
        onRollback(tx, 'second', async () => void events.push('undo second'));
        afterCommit(tx, 'after', async () => void events.push('after'));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(events).toEqual(['undo second', 'undo first']);
  });

  it('undoes when a statement of the transaction fails', async () => {
    const events: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        onRollback(tx, 'undo', async () => void events.push('undo'));
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toThrow();
    expect(events).toEqual(['undo']);
  });

  it('undoes a rolled-back savepoint at once, and hands a released one to the enclosing transaction', async () => {
    const events: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        await tx
          .transaction(async (savepoint) => {
            onRollback(savepoint, 'dropped', async () => void events.push('undo dropped'));
            throw new Error('savepoint fails');
          })
          .catch(() => events.push('caller caught it'));
        await tx.transaction(async (savepoint) => {
          onRollback(savepoint, 'kept', async () => void events.push('undo kept'));
          afterCommit(savepoint, 'after', async () => void events.push('after kept'));
        });
        throw new Error('the outer transaction fails too');
      }),
    ).rejects.toThrow('outer');
    expect(events).toEqual(['undo dropped', 'caller caught it', 'undo kept']);
  });

  it('runs every undo even when one fails, and reports the failing one', async () => {
    const events: string[] = [];
    failures.length = 0;
    await expect(
      db.transaction(async (tx) => {
        onRollback(tx, 'works', async () => void events.push('undo works'));
        onRollback(tx, 'breaks', async () => {
          throw new Error('Keycloak unreachable');
        });
        throw new Error('fail');
      }),
    ).rejects.toThrow('fail');
    expect(events).toEqual(['undo works']);
    expect(failures).toEqual([expect.objectContaining({ step: 'breaks', phase: 'rollback' })]);
  });

  it('refuses to record an effect on a transaction nobody tracks', async () => {
    const untracked = await openDatabase({ dataDir: 'memory://' });
    try {
      await expect(untracked.db.transaction(async (tx) => assertTracked(tx))).rejects.toThrow(/does not track/);
    } finally {
      await untracked.close();
    }
  });
});
