import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { listVersions } from '../db/list-versions.table';

export interface CountCache {
  /**
   * The list's total for `key` (everything that narrows the count: scope and filter). `compute`
   * runs the `count(*)` and is only called when no total is cached for the list's current version.
   */
  count(db: DbOrTx, listName: string, key: string, compute: () => Promise<number>): Promise<number>;
}

export interface CountCacheOptions {
  /** Totals kept at most; the least recently used one goes first. */
  maxEntries?: number;
}

/**
 * Totals of paged lists, so a list request does not scan every matching row for `count(*)`
 * (the largest cost of the system-integrator list, bench/README.md). One cache per app instance:
 * several apps in one process (tests) never share totals.
 *
 * Never a wrong total, also with several servers on one database: every change to a list's table
 * sets a new version in `list_versions` in the same transaction (a statement-level trigger, see
 * migration 0004). A total is cached under the version it belongs to, and each request first reads
 * the current version (one primary-key lookup). A write on any server gives a new version, so the
 * next request on every server misses and counts again; nothing has to be told to drop anything.
 * Versions come from a sequence and never repeat, not even after a rollback; they are only
 * compared for equality. (Restoring a backup resets the sequence: restart the servers with it.)
 *
 * The race: a write may commit between the version read and the count. The count then sees the
 * new rows, but the version in hand is the old one. Storing under the old version anyway would
 * mostly be harmless, since every request that starts after the write reads the new version and
 * misses. But the old version is still read by a request that began before the write, and by a
 * transaction whose snapshot predates it (REPEATABLE READ): that one would get a total that does
 * not match the rows it sees (tests/api/count-cache.test.ts shows it on PostgreSQL). Storing under
 * the version read after the count would be worse: a count that ran just before a write would be
 * served as the new state's total. So the version is read again after the count, and the total is
 * stored only when both reads agree. Versions never return to an earlier value, so agreement means
 * no write committed in between, and the count (a statement between the two reads) saw exactly
 * that version; an entry is always "the total at version v". When the reads differ, the total is
 * still returned (the count saw a state that existed during this request) but not stored. The
 * second read costs one lookup on a miss only.
 *
 * A list whose count depends on another table needs the trigger on that table too, bumping the
 * list's name (the trigger function takes it as its argument).
 */
export function createCountCache({ maxEntries = 1000 }: CountCacheOptions = {}): CountCache {
  // A Map iterates in insertion order; re-inserting on every hit makes the first key the least
  // recently used one.
  const totals = new Map<string, number>();

  async function versionOf(db: DbOrTx, listName: string): Promise<number | undefined> {
    const [row] = await db
      .select({ version: listVersions.version })
      .from(listVersions)
      .where(eq(listVersions.name, listName))
      .limit(1);
    return row?.version;
  }

  return {
    async count(db, listName, key, compute) {
      const before = await versionOf(db, listName);
      // Without a version row nothing would tell us about writes: count every time.
      if (before === undefined) return compute();
      const entry = JSON.stringify([listName, before, key]);
      const cached = totals.get(entry);
      if (cached !== undefined) {
        totals.delete(entry);
        totals.set(entry, cached);
        return cached;
      }
      const total = await compute();
      if ((await versionOf(db, listName)) === before) {
        totals.set(entry, total);
        if (totals.size > maxEntries) totals.delete(totals.keys().next().value!);
      }
      return total;
    },
  };
}
