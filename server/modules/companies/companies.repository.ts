import { and, count, eq, exists } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { systemIntegrators } from '../system-integrators/system-integrators.table';
import { companies, stores } from './companies.table';

/**
 * The companies a user reads: all (LumioAdmin), the own one (company users), or those with at least
 * one studio served by the user's system integrator (SystemIntegratorAdmin). The repository takes it
 * as a parameter; ./access.ts decides it from the caller (so access imports the repository, not back).
 */
export type CompanyReadScope =
  { kind: 'all' } | { kind: 'company'; companyId: string } | { kind: 'servedBy'; systemIntegratorId: string };

export interface Company {
  id: string;
  name: string;
  address: string;
  country: string;
  legalForm: string;
  phoneNumber: string;
  phoneNumber2: string | null;
  website: string | null;
  memberId: string | null;
}
export type NewCompany = Omit<Company, 'id'>;

export interface Store {
  id: string;
  name: string;
  address: string;
  country: string;
  systemIntegratorId: string | null;
  /** The serving system integrator, as the studio lists show it ('name (code)'). */
  systemIntegrator: { id: string; name: string; code: string } | null;
}
export type NewStore = Pick<Store, 'name' | 'address' | 'country'> & { systemIntegratorId?: string | null };

const companySelection = {
  id: companies.id,
  name: companies.name,
  address: companies.address,
  country: companies.country,
  legalForm: companies.legalForm,
  phoneNumber: companies.phoneNumber,
  phoneNumber2: companies.phoneNumber2,
  website: companies.website,
  memberId: companies.memberId,
};
const companyColumns = {
  name: companies.name,
  legalForm: companies.legalForm,
  address: companies.address,
  country: companies.country,
};
const storeOwnColumns = {
  id: stores.id,
  name: stores.name,
  address: stores.address,
  country: stores.country,
  systemIntegratorId: stores.systemIntegratorId,
};
const storeSelection = {
  ...storeOwnColumns,
  integratorId: systemIntegrators.id,
  integratorName: systemIntegrators.name,
  integratorCode: systemIntegrators.code,
};

/** A studio row with its left-joined system integrator (null columns when it has none). */
interface StoreJoined extends Omit<Store, 'systemIntegrator'> {
  integratorId: string | null;
  integratorName: string | null;
  integratorCode: string | null;
}

function toStore({ integratorId, integratorName, integratorCode, ...store }: StoreJoined): Store {
  const systemIntegrator =
    integratorId && integratorName !== null && integratorCode !== null
      ? { id: integratorId, name: integratorName, code: integratorCode }
      : null;
  return { ...store, systemIntegrator };
}
const storeColumns = { name: stores.name, address: stores.address, country: stores.country };

export function companyRepository(db: DbOrTx) {
  return {
    /**
     * A page of the companies in `readScope`: all, one (company users see their own), or those
     * with a studio served by the integrator.
     */
    async list(q: PagingInput, readScope: CompanyReadScope) {
      const scope =
        readScope.kind === 'company'
          ? eq(companies.id, readScope.companyId)
          : readScope.kind === 'servedBy'
            ? exists(
                db
                  .select({ id: stores.id })
                  .from(stores)
                  .where(
                    and(
                      eq(stores.companyId, companies.id),
                      eq(stores.systemIntegratorId, readScope.systemIntegratorId),
                    ),
                  ),
              )
            : undefined;
      const plan = planList(q, companyColumns, [companies.name, companies.address], companies.id, 'name', scope);
      const items = await db
        .select(companySelection)
        .from(companies)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ total }] = await db.select({ total: count() }).from(companies).where(plan.where);
      return { items, total };
    },

    async find(id: string): Promise<Company | undefined> {
      const [row] = await db.select(companySelection).from(companies).where(eq(companies.id, id)).limit(1);
      return row;
    },

    /** A page of the company's studios; `servedBy` narrows it to the studios that integrator serves. */
    async listStores(companyId: string, q: PagingInput, servedBy?: string) {
      const scope = and(
        eq(stores.companyId, companyId),
        servedBy ? eq(stores.systemIntegratorId, servedBy) : undefined,
      );
      const plan = planList(q, storeColumns, [stores.name, stores.address], stores.id, 'name', scope);
      const rows = await db
        .select(storeSelection)
        .from(stores)
        .leftJoin(systemIntegrators, eq(systemIntegrators.id, stores.systemIntegratorId))
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ total }] = await db.select({ total: count() }).from(stores).where(plan.where);
      return { items: rows.map(toStore), total };
    },

    /** One studio of the company; undefined when it does not exist or belongs to another one. */
    async findStore(companyId: string, storeId: string): Promise<Store | undefined> {
      const [row] = await db
        .select(storeSelection)
        .from(stores)
        .leftJoin(systemIntegrators, eq(systemIntegrators.id, stores.systemIntegratorId))
        .where(and(eq(stores.id, storeId), eq(stores.companyId, companyId)))
        .limit(1);
      return row ? toStore(row) : undefined;
    },

    /** The company row locked for this transaction, so concurrent edits apply one after the other. */
    async lock(id: string): Promise<Company | undefined> {
      const [row] = await db.select(companySelection).from(companies).where(eq(companies.id, id)).for('update');
      return row;
    },

    async update(id: string, values: NewCompany): Promise<Company> {
      const [row] = await db.update(companies).set(values).where(eq(companies.id, id)).returning(companySelection);
      return row;
    },

    async createStore(companyId: string, values: NewStore): Promise<string> {
      const [row] = await db
        .insert(stores)
        .values({ ...values, companyId })
        .returning({ id: stores.id });
      return row.id;
    },

    async updateStore(companyId: string, storeId: string, values: NewStore): Promise<boolean> {
      const rows = await db
        .update(stores)
        .set(values)
        .where(and(eq(stores.id, storeId), eq(stores.companyId, companyId)))
        .returning({ id: stores.id });
      return rows.length === 1;
    },

    async deleteStore(companyId: string, storeId: string): Promise<boolean> {
      const rows = await db
        .delete(stores)
        .where(and(eq(stores.id, storeId), eq(stores.companyId, companyId)))
        .returning({ id: stores.id });
      return rows.length === 1;
    },

    /** Whether the integrator serves at least one of the company's studios. */
    async isServedBy(companyId: string, systemIntegratorId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.companyId, companyId), eq(stores.systemIntegratorId, systemIntegratorId)))
        .limit(1);
      return Boolean(row);
    },

    async systemIntegratorExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: systemIntegrators.id })
        .from(systemIntegrators)
        .where(eq(systemIntegrators.id, id))
        .limit(1);
      return Boolean(row);
    },

    /** The company and its studios, as an approval creates them (call inside its transaction). */
    async createWithStores(company: NewCompany, newStores: NewStore[]): Promise<Company> {
      const [created] = await db.insert(companies).values(company).returning(companySelection);
      if (newStores.length) {
        await db.insert(stores).values(newStores.map((store) => ({ ...store, companyId: created.id })));
      }
      return created;
    },
  };
}
