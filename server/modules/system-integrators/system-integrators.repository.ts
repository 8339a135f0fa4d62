import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { CountCache } from '../../lib/count-cache';
import { pageOfMatches, planList, type PagingInput } from '../../lib/paging';
import { systemIntegrators } from './system-integrators.table';

export interface SystemIntegrator {
  id: string;
  name: string;
  code: string;
}

const columns = { name: systemIntegrators.name, code: systemIntegrators.code };
const selection = { id: systemIntegrators.id, name: systemIntegrators.name, code: systemIntegrators.code };

/** The name of the list's row in `list_versions`, bumped by the trigger on the table. */
const LIST_NAME = 'system_integrators';

/**
 * Up to this total, a filtered page collects the matches first (trigram index, then a sort of
 * all matches); above it, the page walks the (name, id) or code btree in order until it is full,
 * which is fast unless the matches cluster far down the order. Measured 2026-11-21 on the
 * benchmark's 100,000 rows (bench/README.md, "Choosing the page query"), when the search still ran
 * ILIKE on both columns: at about 1,200 matches the CTE won by up to 7 ms (PostgreSQL) and 15 ms
 * (PGlite) and lost at most 1 ms; at about 2,450 it was even; from about 3,500 on it always lost.
 * With the lower-cased search-text column both ways got cheaper per row: on PostgreSQL, at
 * about 1,250 matches, they are within about 0.2 ms of each other in every order. The CTE keeps
 * the time independent of where the matches sit in the sort order.
 */
const SMALL_TOTAL = 2_000;

/** `countCache` spares the list its `count(*)` while the table is unchanged; without it every list counts. */
export function systemIntegratorRepository(db: DbOrTx, countCache?: CountCache) {
  return {
    async list(q: PagingInput, onlyId?: string) {
      const scope = onlyId ? eq(systemIntegrators.id, onlyId) : undefined;
      const plan = planList(
        q,
        columns,
        { column: systemIntegrators.searchText, columns: [systemIntegrators.name, systemIntegrators.code] },
        systemIntegrators.id,
        'name',
        scope,
      );
      const countRows = async () => {
        const [{ total }] = await db.select({ total: count() }).from(systemIntegrators).where(plan.where);
        return total;
      };
      // The key holds everything the count's WHERE depends on; page, size and order do not change it.
      const key = JSON.stringify([onlyId ?? null, q.filter || null]);
      const total = countCache ? await countCache.count(db, LIST_NAME, key, countRows) : await countRows();
      const items =
        q.filter && total <= SMALL_TOTAL
          ? await pageOfMatches(db, systemIntegrators, selection, plan)
          : await db
              .select(selection)
              .from(systemIntegrators)
              .where(plan.where)
              .orderBy(...plan.orderBy)
              .limit(plan.limit)
              .offset(plan.offset);
      return { items, total };
    },

    async find(id: string): Promise<SystemIntegrator | undefined> {
      const [row] = await db.select(selection).from(systemIntegrators).where(eq(systemIntegrators.id, id)).limit(1);
      return row;
    },

    async findByCode(code: string): Promise<SystemIntegrator | undefined> {
      const [row] = await db.select(selection).from(systemIntegrators).where(eq(systemIntegrators.code, code)).limit(1);
      return row;
    },

    /** Returns undefined when the code is taken (the unique index decides, also under races). */
    async create(input: { name: string; code: string }): Promise<SystemIntegrator | undefined> {
      const [row] = await db
        .insert(systemIntegrators)
        .values(input)
        .onConflictDoNothing({ target: systemIntegrators.code })
        .returning(selection);
      return row;
    },

    async rename(id: string, name: string): Promise<SystemIntegrator | undefined> {
      const [row] = await db
        .update(systemIntegrators)
        .set({ name })
        .where(eq(systemIntegrators.id, id))
        .returning(selection);
      return row;
    },
  };
}
