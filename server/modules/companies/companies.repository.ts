import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { companies, stores } from './companies.table';

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
}
export type NewStore = Omit<Store, 'id'>;

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
const storeSelection = { id: stores.id, name: stores.name, address: stores.address, country: stores.country };
const storeColumns = { name: stores.name, address: stores.address, country: stores.country };

export function companyRepository(db: DbOrTx) {
  return {
    /** A page of companies; `onlyId` narrows the list to one company (company users see their own). */
    async list(q: PagingInput, onlyId?: string) {
      const scope = onlyId ? eq(companies.id, onlyId) : undefined;
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

    async listStores(companyId: string, q: PagingInput) {
      const scope = eq(stores.companyId, companyId);
      const plan = planList(q, storeColumns, [stores.name, stores.address], stores.id, 'name', scope);
      const items = await db
        .select(storeSelection)
        .from(stores)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ total }] = await db.select({ total: count() }).from(stores).where(plan.where);
      return { items, total };
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
