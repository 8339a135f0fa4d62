import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { REPORT_STATES, type ReportState } from '../../../src/domain/reports';
import { bytea } from '../../db/types';
import { companies } from '../companies/companies.table';
import { systemIntegrators } from '../system-integrators/system-integrators.table';
import { users } from '../users/users.table';

/**
 * An identification-process report (spec sections 2, 3, 4: 'Vorgangsauswertung'): requested in the
 * portal, built by the job server/jobs/identification-report.job.ts into a ZIP stored in the database
 * (`report_file_chunks`, server/modules/reports/report-file-store.ts), downloaded once Completed
 * through any API instance, deleted after REPORT_RETENTION_DAYS.
 *
 * Who sees it is the requester's scope, fixed when it is requested: `scope_company_id` for an
 * Owner's, `scope_system_integrator_id` for a SystemIntegratorAdmin's, neither for a LumioAdmin's
 * (who sees every report). The filters (`company_id`, `system_integrator_id`, `reseller_id`) are
 * already narrowed to that scope, and kept with the names they had when the report was requested:
 * a report describes what was asked, whatever is renamed or deleted later. So the filter ids carry
 * no foreign keys (a reseller named in a report may still be deleted); the scope ids do, and a
 * company's deletion takes its reports with it.
 */
export const identificationReports = pgTable(
  'identification_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who asked for it: the mail goes to them. Null once that account is deleted. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    scopeCompanyId: uuid('scope_company_id').references(() => companies.id, { onDelete: 'cascade' }),
    scopeSystemIntegratorId: uuid('scope_system_integrator_id').references(() => systemIntegrators.id, {
      onDelete: 'cascade',
    }),
    /** Calendar days in Germany, both inclusive. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    postPaidOnly: boolean('post_paid_only').notNull().default(false),
    companyId: uuid('company_id'),
    companyName: text('company_name'),
    systemIntegratorId: uuid('system_integrator_id'),
    systemIntegratorName: text('system_integrator_name'),
    resellerId: uuid('reseller_id'),
    resellerName: text('reseller_name'),
    state: text('state').$type<ReportState>().notNull().default('Pending'),
    /** Set when Completed: the file's size in bytes and the number of processes in it. */
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Set when Completed: the attempt whose chunks are the file; every other attempt's are never served. */
    fileAttempt: uuid('file_attempt'),
    processCount: integer('process_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'lastModified' of the API: every change of state sets it; the list is sorted by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('identification_reports_updated_idx').on(t.updatedAt, t.id),
    index('identification_reports_company_updated_idx').on(t.scopeCompanyId, t.updatedAt, t.id),
    index('identification_reports_integrator_updated_idx').on(t.scopeSystemIntegratorId, t.updatedAt, t.id),
    index('identification_reports_requested_by_idx').on(t.requestedBy),
    check(
      'identification_reports_state',
      sql.raw(`state IN (${REPORT_STATES.map((state) => `'${state}'`).join(', ')})`),
    ),
    check('identification_reports_period', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
export type IdentificationReportRow = typeof identificationReports.$inferSelect;

/**
 * A report's ZIP in pieces of REPORT_CHUNK_BYTES, in the order the build wrote them (`seq` from 0),
 * per attempt of the build: a download reads only the attempt the report names (`file_attempt`),
 * so the chunks of a half-written or killed attempt are never served. In the database, so every
 * API instance serves every report without a shared disk; a report's deletion takes its chunks.
 * `data` is stored uncompressed (STORAGE EXTERNAL in the migration): a ZIP does not shrink again.
 */
export const reportFileChunks = pgTable(
  'report_file_chunks',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => identificationReports.id, { onDelete: 'cascade' }),
    attempt: uuid('attempt').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.attempt, t.seq] })],
);
