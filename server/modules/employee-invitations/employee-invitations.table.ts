import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { users } from '../users/users.table';

/**
 * An invitation of a person to register as an employee of a company (spec section 2, "Employee
 * registration by invitation"). The link's id (/employee-invitation/{token}) is a secret token of
 * server/lib/secret-token.ts; only its SHA-256 is stored, so a copy of the database registers
 * nobody. An invitation is open while it is neither used, replaced nor withdrawn and `expiresAt` lies ahead;
 * inviting the same address again in the same company replaces the open one (a renewed link).
 */
export const employeeInvitations = pgTable(
  'employee_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-cased, as every login name; the only address the invitation can register. */
    email: text('email').notNull(),
    /** Who invited (kept when that user is deleted later, as the audit trail keeps them). */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The person registered through it: single use. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A newer invitation of the same address in the same company took its place. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    /** The company took the invitation back (issue 25): its link no longer works. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    index('employee_invitations_company_idx').on(t.companyId),
    index('employee_invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);
export type EmployeeInvitationRow = typeof employeeInvitations.$inferSelect;
