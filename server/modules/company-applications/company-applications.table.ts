import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { users } from '../users/users.table';

/**
 * Unconfirmed: submitted, confirmation link mailed; Open: confirmed by the applicant, waiting for
 * review; Approved / Rejected: decided by a LumioAdmin.
 */
export const APPLICATION_STATUSES = ['Unconfirmed', 'Open', 'Approved', 'Rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export interface ApplicationStore {
  name: string;
  address: string;
  country: string;
}

export const companyApplications = pgTable(
  'company_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').$type<ApplicationStatus>().notNull().default('Unconfirmed'),
    email: text('email').notNull(),
    salutation: text('salutation').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    companyName: text('company_name').notNull(),
    legalForm: text('legal_form').notNull(),
    address: text('address').notNull(),
    country: text('country').notNull(),
    phoneNumber: text('phone_number').notNull(),
    phoneNumber2: text('phone_number2'),
    website: text('website'),
    memberId: text('member_id'),
    /** The studios the approval creates; one made from the company data at submission. */
    stores: jsonb('stores').$type<ApplicationStore[]>().notNull(),
    /**
     * SHA-256 of the secret in the mailed confirmation link. The id alone confirms nothing: the
     * submit answers it to whoever submitted, who need not own the address.
     */
    confirmationTokenHash: text('confirmation_token_hash'),
    /** The confirmation link works until then (7 days after submission). */
    confirmUntil: timestamp('confirm_until', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_applications_status_idx').on(t.status, t.lastModifiedAt),
    index('company_applications_email_idx').on(t.email),
    index('company_applications_company_trgm').using('gin', t.companyName.op('gin_trgm_ops')),
  ],
);
export type CompanyApplicationRow = typeof companyApplications.$inferSelect;
