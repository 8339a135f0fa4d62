import { asc, count, eq, and, inArray, type AnyColumn } from 'drizzle-orm';
import type { Administrator, AdministratorColumn } from '../../../src/domain/administrators';
import { ADMINISTRATOR_ROLES } from '../../../src/domain/roles';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { users } from '../users/users.table';

/** Each column of the table sorts it (src/domain/administrators.ts ADMINISTRATOR_COLUMNS). */
const sortable = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
} satisfies Record<AdministratorColumn, AnyColumn>;
const selection = { id: users.id, ...sortable, systemIntegratorId: users.systemIntegratorId };
const searchable = [users.firstName, users.lastName, users.email];

/** The three administrator roles; company users are never administrators. */
const isAdministrator = inArray(users.role, [...ADMINISTRATOR_ROLES]);
const administratorWithId = (id: string) => and(eq(users.id, id), isAdministrator);

/** The row's role is one of ADMINISTRATOR_ROLES: the queries select only those. */
const asAdministrator = (row: Omit<Administrator, 'role'> & { role: string }) => row as Administrator;

/** The administrator accounts among the portal's users; a company user is never found through it. */
export function administratorRepository(db: DbOrTx) {
  return {
    async list(q: PagingInput) {
      const plan = planList(q, sortable, searchable, users.id, 'lastName', isAdministrator);
      const items = await db
        .select(selection)
        .from(users)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ total }] = await db.select({ total: count() }).from(users).where(plan.where);
      return { items: items.map(asAdministrator), total };
    },

    async find(id: string): Promise<Administrator | undefined> {
      const [row] = await db.select(selection).from(users).where(administratorWithId(id)).limit(1);
      return row && asAdministrator(row);
    },

    /** The administrator's row locked for this transaction: changes of one account apply one after the other. */
    async lock(id: string): Promise<Administrator | undefined> {
      const [row] = await db.select(selection).from(users).where(administratorWithId(id)).for('update');
      return row && asAdministrator(row);
    },

    /**
     * Every SystemAdmin's row, locked in the order of their ids (so two deletions never wait for
     * each other crosswise), and their ids. A deletion that finds one SystemAdmin here deletes no
     * SystemAdmin: two SystemAdmins deleting each other at once run one after the other, and the
     * second finds only itself left.
     */
    async lockSystemAdmins(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'SystemAdmin'))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((row) => row.id);
    },
  };
}
