import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Statement } from '../../../src/domain/statements';
import { companies } from '../companies/companies.table';

/**
 * An issued monthly statement (issue 27): the company's month as it was built at issue, kept as it
 * is (`content`) so it never changes afterwards; later cancellations become corrections of a later
 * month. One row per company and month: the unique index is what keeps two workers (or the job and
 * an on-demand request) from issuing a month twice (INSERT … ON CONFLICT DO NOTHING). A company's
 * deletion takes its statements with it, as it does its reports.
 */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** "yyyy-MM", a calendar month in Germany. */
    month: text('month').notNull(),
    status: text('status', { enum: ['issued'] })
      .notNull()
      .default('issued'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The statement as issued (src/domain/statements.ts Statement, status 'issued'). */
    content: jsonb('content').$type<Statement>().notNull(),
  },
  (t) => [
    uniqueIndex('statements_company_month').on(t.companyId, t.month),
    index('statements_month_idx').on(t.month),
    check('statements_month_shape', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
export type StatementRow = typeof statements.$inferSelect;
