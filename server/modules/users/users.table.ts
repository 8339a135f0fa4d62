import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role, UserStatus } from '../../../src/domain/roles';
import { companies } from '../companies/companies.table';
import { systemIntegrators } from '../system-integrators/system-integrators.table';

/**
 * Every portal user. The id is the identity provider's subject (`sub`): the embedded provider
 * issues it, a real Keycloak's user id is stored here when the IdP-admin port creates the user.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    salutation: text('salutation'),
    birthDate: date('birth_date', { mode: 'string' }),
    role: text('role').$type<Role>().notNull().default('Employee'),
    status: text('status').$type<UserStatus>().notNull().default('Unverified'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    systemIntegratorId: uuid('system_integrator_id').references(() => systemIntegrators.id),
    /** Embedded identity provider only: scrypt hash; null until the user has set a password. */
    passwordHash: text('password_hash'),
    /**
     * When all the user's sessions were last ended (e-mail changed): access tokens issued up to
     * then are refused, although their signature and lifetime would still pass (plugins/auth.ts).
     */
    sessionsEndedAt: timestamp('sessions_ended_at', { withTimezone: true }),
    /**
     * The session (its `sid` claim) that ended the others by changing the password (issue 24): its
     * tokens stay valid although issued before `sessionsEndedAt`. Null when all sessions ended.
     */
    sessionKeptSid: text('session_kept_sid'),
    /**
     * Embedded identity provider only, its counterpart of Keycloak's `enabled: false`: set when the
     * account was disabled (the company rejected the person); the login refuses it from then on.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * When the company rejected the person (status Rejected): the closure the retention job counts
     * its 6 months from (issue 28); the row stays until then.
     */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_company_idx').on(t.companyId), index('users_email_lower_idx').on(sql`lower(${t.email})`)],
);
export type UserRow = typeof users.$inferSelect;
