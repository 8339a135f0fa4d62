import { and, count, eq, inArray, type AnyColumn } from 'drizzle-orm';
import type { EMPLOYEE_COLUMNS } from '../../../src/domain/employees';
import { PENDING_APPROVAL_STATUSES } from '../../../src/domain/userStatus';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import type { Employee } from './employees.schemas';
import { users } from './users.table';

/** Each column of the list sorts it (src/domain/employees.ts EMPLOYEE_COLUMNS). */
const sortable = {
  salutation: users.salutation,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  birthDate: users.birthDate,
  role: users.role,
  status: users.status,
} satisfies Record<(typeof EMPLOYEE_COLUMNS)[number], AnyColumn>;
/** What the list and the detail answer: the id and every column. */
const employeeSelection = { id: users.id, ...sortable };
const searchable = [users.firstName, users.lastName, users.email];

const ofCompany = (companyId: string, userId: string) => and(eq(users.id, userId), eq(users.companyId, companyId));

/** The people of one company; a user of another company is never found through it. */
export function employeeRepository(db: DbOrTx) {
  return {
    /** A page of the company's users; `pendingOnly` narrows it to 'Zu prüfende Mitarbeitende'. */
    async list(companyId: string, q: PagingInput, pendingOnly: boolean) {
      const scope = and(
        eq(users.companyId, companyId),
        pendingOnly ? inArray(users.status, [...PENDING_APPROVAL_STATUSES]) : undefined,
      );
      const plan = planList(q, sortable, searchable, users.id, 'lastName', scope);
      const items = await db
        .select(employeeSelection)
        .from(users)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ total }] = await db.select({ total: count() }).from(users).where(plan.where);
      return { items, total };
    },

    async find(companyId: string, userId: string): Promise<Employee | undefined> {
      const [row] = await db.select(employeeSelection).from(users).where(ofCompany(companyId, userId)).limit(1);
      return row;
    },

    /** The person's row locked for this transaction, so two decisions about them apply one after the other. */
    async lock(companyId: string, userId: string): Promise<Employee | undefined> {
      const [row] = await db.select(employeeSelection).from(users).where(ofCompany(companyId, userId)).for('update');
      return row;
    },

    async setStatus(userId: string, status: Employee['status'], now: Date): Promise<void> {
      // A rejection is the closure the retention job counts its 6 months from (issue 28).
      await db
        .update(users)
        .set({ status, updatedAt: now, ...(status === 'Rejected' ? { rejectedAt: now } : {}) })
        .where(eq(users.id, userId));
    },
  };
}
