import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Identification processes counted per Berlin calendar day and licence (issue 25): the dashboards'
 * figures read these few rows instead of counting up to a million processes per request. Kept by
 * statement-level triggers on identification_processes (migration 0024), in the transaction that
 * writes the processes, so the counts are never behind and every instance sees the same.
 *
 * Two rows per day and licence, so that no two writers lock one row in opposite orders: 'recorded'
 * counts every process when it is written (prepaid or postpaid), which the device API's
 * consumption touches after its package; 'cancelled' counts those cancelled later, which a
 * cancellation touches before it gives its unit back to the package. Completed prepaid processes
 * are recorded.prepaid − cancelled.prepaid; every process of a day is recorded.prepaid + .postpaid.
 * Company and integrator are the process's copies (a licence's history is never rewritten).
 */
export const identificationProcessDays = pgTable(
  'identification_process_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    licenseId: uuid('license_id').notNull(),
    companyId: uuid('company_id').notNull(),
    systemIntegratorId: uuid('system_integrator_id').notNull(),
    kind: text('kind', { enum: ['recorded', 'cancelled'] }).notNull(),
    prepaid: integer('prepaid').notNull().default(0),
    postpaid: integer('postpaid').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.licenseId, t.day, t.kind, t.companyId, t.systemIntegratorId] }),
    index('identification_process_days_company_idx').on(t.companyId, t.day),
    index('identification_process_days_integrator_idx').on(t.systemIntegratorId, t.day),
    index('identification_process_days_day_idx').on(t.day),
  ],
);
