import { and, count, eq, sql } from 'drizzle-orm';
import type { License } from '../../../src/domain/licenses';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { stores } from '../companies/companies.table';
import { resellers } from '../resellers/resellers.table';
import { systemIntegrators } from '../system-integrators/system-integrators.table';
import { licenses } from './licenses.table';

/** Which licences a list holds: each given id narrows it (the caller's scope, one studio). */
export interface LicenseFilter {
  systemIntegratorId?: string;
  companyId?: string;
  storeId?: string;
}

/** A licence's own columns: what the audit trail records and the access checks read. */
export interface LicenseState {
  id: string;
  key: string;
  storeId: string;
  companyId: string;
  systemIntegratorId: string;
  resellerId: string | null;
  postpaidAllowed: boolean;
  boundMachineId: string | null;
  suspended: boolean;
}

export type NewLicense = Omit<LicenseState, 'id'>;
export type LicenseChange = Pick<LicenseState, 'postpaidAllowed' | 'boundMachineId' | 'suspended'>;

const stateSelection = {
  id: licenses.id,
  key: licenses.key,
  storeId: licenses.storeId,
  companyId: licenses.companyId,
  systemIntegratorId: licenses.systemIntegratorId,
  resellerId: licenses.resellerId,
  postpaidAllowed: licenses.postpaidAllowed,
  boundMachineId: licenses.boundMachineId,
  suspended: licenses.suspended,
};

const viewSelection = {
  ...stateSelection,
  createdAt: licenses.createdAt,
  storeName: stores.name,
  systemIntegratorName: systemIntegrators.name,
  resellerName: resellers.name,
};

type LicenseView = LicenseState & {
  createdAt: Date;
  storeName: string;
  systemIntegratorName: string;
  resellerName: string | null;
};

function toLicense(row: LicenseView): License {
  return {
    id: row.id,
    key: row.key,
    companyId: row.companyId,
    store: { id: row.storeId, name: row.storeName },
    systemIntegrator: { id: row.systemIntegratorId, name: row.systemIntegratorName },
    reseller: row.resellerId && row.resellerName !== null ? { id: row.resellerId, name: row.resellerName } : null,
    postpaidAllowed: row.postpaidAllowed,
    boundMachineId: row.boundMachineId,
    suspended: row.suspended,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The API's sort fields → columns (licenseListQuery). */
const sortColumns = {
  key: licenses.key,
  boundMachineId: licenses.boundMachineId,
  postpaidAllowed: licenses.postpaidAllowed,
  suspended: licenses.suspended,
  createdAt: licenses.createdAt,
  'store.name': stores.name,
  'systemIntegrator.name': systemIntegrators.name,
  'reseller.name': resellers.name,
};

/** The free-text search: key and device id (the generated search_text column, trigram index). */
const searchable = { column: licenses.searchText, columns: [licenses.key, licenses.boundMachineId] };

/**
 * Licences (ARCHITECTURE.md "Licences, packages and identification processes"). Reads answer the
 * `License` shape with the names of studio, integrator and reseller; writes and locks work on the
 * licence's own row (`LicenseState`), never through an outer join, which PostgreSQL cannot lock.
 */
export function licenseRepository(db: DbOrTx) {
  const view = () =>
    db
      .select(viewSelection)
      .from(licenses)
      .innerJoin(stores, eq(stores.id, licenses.storeId))
      .innerJoin(systemIntegrators, eq(systemIntegrators.id, licenses.systemIntegratorId))
      .leftJoin(resellers, eq(resellers.id, licenses.resellerId));

  return {
    async list(q: PagingInput, filter: LicenseFilter) {
      const scope = and(
        filter.systemIntegratorId ? eq(licenses.systemIntegratorId, filter.systemIntegratorId) : undefined,
        filter.companyId ? eq(licenses.companyId, filter.companyId) : undefined,
        filter.storeId ? eq(licenses.storeId, filter.storeId) : undefined,
      );
      const plan = planList(q, sortColumns, searchable, licenses.id, 'createdAt desc', scope);
      const rows = await view()
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ total }] = await db.select({ total: count() }).from(licenses).where(plan.where);
      return { items: rows.map(toLicense), total };
    },

    async find(id: string): Promise<License | undefined> {
      const [row] = await view().where(eq(licenses.id, id)).limit(1);
      return row ? toLicense(row) : undefined;
    },

    /** The licence's own row, locked for this transaction (an edit and its audit row see one state). */
    async lock(id: string): Promise<LicenseState | undefined> {
      const [row] = await db.select(stateSelection).from(licenses).where(eq(licenses.id, id)).for('update');
      return row;
    },

    /**
     * The licence's own row, share-locked: its packages change while it cannot change or move
     * (a package's writes lock the package row itself).
     */
    async share(id: string): Promise<LicenseState | undefined> {
      const [row] = await db.select(stateSelection).from(licenses).where(eq(licenses.id, id)).for('share');
      return row;
    },

    /** Undefined when the key is taken already (the unique index decides, also under races). */
    async insert(values: NewLicense, boundAt: Date | null): Promise<LicenseState | undefined> {
      const [row] = await db
        .insert(licenses)
        .values({ ...values, boundAt })
        .onConflictDoNothing({ target: licenses.key })
        .returning(stateSelection);
      return row;
    },

    async update(id: string, change: LicenseChange, boundAt: Date | null | undefined): Promise<LicenseState> {
      const [row] = await db
        .update(licenses)
        .set({ ...change, ...(boundAt === undefined ? {} : { boundAt }), updatedAt: sql`now()` })
        .where(eq(licenses.id, id))
        .returning(stateSelection);
      return row;
    },

    /** The studio a new licence names, share-locked: it cannot be deleted or change its integrator meanwhile. */
    async shareStore(storeId: string) {
      const [row] = await db
        .select({ id: stores.id, companyId: stores.companyId, systemIntegratorId: stores.systemIntegratorId })
        .from(stores)
        .where(eq(stores.id, storeId))
        .for('share');
      return row;
    },

    /** The integrator's reseller, share-locked (it cannot be deleted meanwhile); undefined for another integrator's. */
    async shareReseller(systemIntegratorId: string, resellerId: string) {
      const [row] = await db
        .select({ id: resellers.id })
        .from(resellers)
        .where(and(eq(resellers.id, resellerId), eq(resellers.systemIntegratorId, systemIntegratorId)))
        .for('share');
      return row;
    },
  };
}
