import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RetentionCategory, RetentionRunStatus } from '../../../src/domain/retention';
import type { Role } from '../../../src/domain/roles';
import { bytea } from '../../db/types';

/**
 * What the law keeps of an account after it is closed (issue 28, PassDEÜV § 1d Abs. 2): the users
 * row goes at once (the person vanishes from every list, the IdP account is deleted), this row holds
 * the personal data and the eID pseudonym until the retention job erases them, 6 months after the
 * closure or 10 years and 6 months if the person carried out identifications. Written in the
 * deletion's own transaction (server/modules/retention/closed-accounts.ts). No foreign keys: the
 * company may be gone too.
 */
export const closedAccounts = pgTable(
  'closed_accounts',
  {
    /** The user id the account had (audit rows name it as actor or entity). */
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id'),
    role: text('role').$type<Role>().notNull(),
    status: text('status').notNull(),
    email: text('email').notNull(),
    salutation: text('salutation'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    /** The bound card: the pseudonym's HMAC, the document type, when it was bound. */
    pseudonymHash: text('pseudonym_hash'),
    documentType: text('document_type'),
    eidBoundAt: timestamp('eid_bound_at', { withTimezone: true }),
    reason: text('reason', { enum: ['deleted', 'rejected'] }).notNull(),
    /** The deletion, or for a rejected person the rejection. */
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    /** See docs/retention.md: a bound eID while a member of a company that recorded processes then. */
    carriedOutIdentifications: boolean('carried_out_identifications').notNull(),
    accountCreatedAt: timestamp('account_created_at', { withTimezone: true }),
  },
  (t) => [index('closed_accounts_closed_idx').on(t.carriedOutIdentifications, t.closedAt)],
);
export type ClosedAccountRow = typeof closedAccounts.$inferSelect;

/**
 * A company its Owner deleted (company-deletion.ts): its data and the approved application's
 * documents are kept 6 months after the closure, then the retention job deletes them. A company
 * with licences (and so processes) cannot be deleted, so nothing here is needed for the processes.
 */
export const closedCompanies = pgTable(
  'closed_companies',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    legalForm: text('legal_form').notNull(),
    address: text('address').notNull(),
    country: text('country').notNull(),
    phoneNumber: text('phone_number').notNull(),
    phoneNumber2: text('phone_number2'),
    website: text('website'),
    memberId: text('member_id'),
    /** The approved application the company came from (the row itself is deleted with the company). */
    applicationId: uuid('application_id'),
    companyCreatedAt: timestamp('company_created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('closed_companies_closed_idx').on(t.closedAt)],
);

/** The approved application's documents of a closed company, still encrypted as they were. */
export const closedCompanyDocuments = pgTable(
  'closed_company_documents',
  {
    id: uuid('id').primaryKey(),
    closedCompanyId: uuid('closed_company_id')
      .notNull()
      .references(() => closedCompanies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    iv: bytea('iv').notNull(),
    authTag: bytea('auth_tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('closed_company_documents_closed_idx').on(t.closedAt)],
);

/** One run of the retention job; `heartbeatAt` moves with every batch, so a dead run shows as failed. */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
    status: text('status').$type<RetentionRunStatus>().notNull(),
  },
  (t) => [index('retention_runs_started_idx').on(t.startedAt)],
);

/** A run's counts per category, added to in each batch's own transaction. */
export const retentionRunCounts = pgTable(
  'retention_run_counts',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => retentionRuns.id, { onDelete: 'cascade' }),
    category: text('category').$type<RetentionCategory>().notNull(),
    checked: integer('checked').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
    anonymised: integer('anonymised').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.runId, t.category] })],
);
