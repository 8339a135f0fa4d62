import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hashSecretToken, SECRET_TOKEN_PATTERN } from '../../lib/secret-token';
import { companies } from '../companies/companies.table';
import { employeeInvitations, type EmployeeInvitationRow } from './employee-invitations.table';

/** Open: neither used, replaced nor withdrawn, and not yet expired at `now` (employee-invitations.table.ts). */
const open = (now: Date) =>
  and(
    isNull(employeeInvitations.usedAt),
    isNull(employeeInvitations.replacedAt),
    isNull(employeeInvitations.withdrawnAt),
    gt(employeeInvitations.expiresAt, now),
  );

const sameEmail = (email: string) => sql`lower(${employeeInvitations.email}) = ${email.trim().toLowerCase()}`;

export type NewEmployeeInvitation = Omit<EmployeeInvitationRow, 'id' | 'usedAt' | 'replacedAt' | 'withdrawnAt'>;

export function employeeInvitationRepository(db: DbOrTx) {
  return {
    /** Whether another company has an open invitation of the address: it is theirs to register. */
    async openInAnotherCompany(email: string, companyId: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: employeeInvitations.id })
        .from(employeeInvitations)
        .where(and(sameEmail(email), ne(employeeInvitations.companyId, companyId), open(now)))
        .limit(1);
      return Boolean(row);
    },

    /** Whether any company has an open invitation of the address (an administrator may not take it). */
    async openForEmail(email: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: employeeInvitations.id })
        .from(employeeInvitations)
        .where(and(sameEmail(email), open(now)))
        .limit(1);
      return Boolean(row);
    },

    /** The company's open invitations of the address are replaced: their links stop working. */
    async replaceOpen(email: string, companyId: string, now: Date): Promise<EmployeeInvitationRow[]> {
      return db
        .update(employeeInvitations)
        .set({ replacedAt: now })
        .where(and(sameEmail(email), eq(employeeInvitations.companyId, companyId), open(now)))
        .returning();
    },

    async insert(values: NewEmployeeInvitation): Promise<EmployeeInvitationRow> {
      const [row] = await db.insert(employeeInvitations).values(values).returning();
      return row;
    },

    /**
     * The open invitation of a link's token with its company's name; undefined for anything else
     * (malformed, unknown, expired, used, replaced). `lock` holds the invitation until the
     * transaction ends, so a link registers one person only.
     */
    async findOpen(token: string, now: Date, { lock = false } = {}) {
      if (!SECRET_TOKEN_PATTERN.test(token)) return undefined;
      const query = db
        .select({ invitation: employeeInvitations, companyName: companies.name })
        .from(employeeInvitations)
        .innerJoin(companies, eq(companies.id, employeeInvitations.companyId))
        .where(and(eq(employeeInvitations.tokenHash, hashSecretToken(token)), open(now)))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: employeeInvitations }) : await query;
      return row;
    },

    /** The company's open invitations, oldest first (the employees page lists them). */
    async listOpen(companyId: string, now: Date): Promise<EmployeeInvitationRow[]> {
      return db
        .select()
        .from(employeeInvitations)
        .where(and(eq(employeeInvitations.companyId, companyId), open(now)))
        .orderBy(asc(employeeInvitations.createdAt), asc(employeeInvitations.id));
    },

    /** One open invitation of the company by its id (never by token); undefined for any other. */
    async findOpenById(companyId: string, id: string, now: Date): Promise<EmployeeInvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(employeeInvitations)
        .where(and(eq(employeeInvitations.id, id), eq(employeeInvitations.companyId, companyId), open(now)))
        .limit(1)
        .for('update');
      return row;
    },

    /** Takes the invitation back: true when it was still open (a parallel withdraw finds it closed). */
    async withdraw(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(employeeInvitations)
        .set({ withdrawnAt: now })
        .where(and(eq(employeeInvitations.id, id), open(now)))
        .returning({ id: employeeInvitations.id });
      return rows.length > 0;
    },

    async markUsed(id: string, now: Date): Promise<void> {
      await db.update(employeeInvitations).set({ usedAt: now }).where(eq(employeeInvitations.id, id));
    },
  };
}
