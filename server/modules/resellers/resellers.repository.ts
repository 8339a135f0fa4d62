import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { CountCache } from '../../lib/count-cache';
import { pageOfMatches, planList, type PagingInput } from '../../lib/paging';
import { resellers } from './resellers.table';

export interface Reseller {
  id: string;
  name: string;
}

const columns = { name: resellers.name };
const selection = { id: resellers.id, name: resellers.name };

/** The name of the list's row in `list_versions`, bumped by the trigger on the table (migration 0015). */
const LIST_NAME = 'resellers';

/**
 * Up to this total a filtered page collects the matches first (trigram index, then a sort of all
 * matches), above it the page walks the (system_integrator_id, name, id) btree in order: the
 * system-integrator list's measured threshold (system-integrators.repository.ts), the same
 * shape of query on the same kind of column.
 */
const SMALL_TOTAL = 2_000;

/**
 * A system integrator's resellers. Every read and write names the integrator: a reseller of
 * another integrator is simply not found. `countCache` spares the list its `count(*)` while the
 * table is unchanged.
 */
export function resellerRepository(db: DbOrTx, countCache?: CountCache) {
  const ofIntegrator = (systemIntegratorId: string, id: string) =>
    and(eq(resellers.id, id), eq(resellers.systemIntegratorId, systemIntegratorId));

  return {
    async list(systemIntegratorId: string, q: PagingInput) {
      const plan = planList(
        q,
        columns,
        { column: resellers.searchText, columns: [resellers.name] },
        resellers.id,
        'name',
        eq(resellers.systemIntegratorId, systemIntegratorId),
      );
      const countRows = async () => {
        const [{ total }] = await db.select({ total: count() }).from(resellers).where(plan.where);
        return total;
      };
      // The key holds everything the count's WHERE depends on; page, size and order do not change it.
      const key = JSON.stringify([systemIntegratorId, q.filter || null]);
      const total = countCache ? await countCache.count(db, LIST_NAME, key, countRows) : await countRows();
      const items =
        q.filter && total <= SMALL_TOTAL
          ? await pageOfMatches(db, resellers, selection, plan)
          : await db
              .select(selection)
              .from(resellers)
              .where(plan.where)
              .orderBy(...plan.orderBy)
              .limit(plan.limit)
              .offset(plan.offset);
      return { items, total };
    },

    /** The reseller, if it belongs to the integrator. */
    async find(systemIntegratorId: string, id: string): Promise<Reseller | undefined> {
      const [row] = await db.select(selection).from(resellers).where(ofIntegrator(systemIntegratorId, id)).limit(1);
      return row;
    },

    /** The same, locked for this transaction, so a rename or delete and its audit row see one state. */
    async lock(systemIntegratorId: string, id: string): Promise<Reseller | undefined> {
      const [row] = await db
        .select(selection)
        .from(resellers)
        .where(ofIntegrator(systemIntegratorId, id))
        .for('update');
      return row;
    },

    /** Undefined when the integrator already has a reseller of that name (the unique index decides, also under races). */
    async create(systemIntegratorId: string, name: string): Promise<Reseller | undefined> {
      const [row] = await db
        .insert(resellers)
        .values({ systemIntegratorId, name })
        .onConflictDoNothing()
        .returning(selection);
      return row;
    },

    /** Throws the unique index's violation (23505) when another reseller of the integrator has the name. */
    async rename(systemIntegratorId: string, id: string, name: string): Promise<Reseller | undefined> {
      const [row] = await db
        .update(resellers)
        .set({ name })
        .where(ofIntegrator(systemIntegratorId, id))
        .returning(selection);
      return row;
    },

    /** Throws a foreign-key violation (23503) while a row that restricts deletion (a licence) names it. */
    async delete(systemIntegratorId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(resellers)
        .where(ofIntegrator(systemIntegratorId, id))
        .returning({ id: resellers.id });
      return rows.length === 1;
    },
  };
}
