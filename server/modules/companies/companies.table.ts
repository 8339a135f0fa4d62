import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { systemIntegrators } from '../system-integrators/system-integrators.table';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    legalForm: text('legal_form').notNull(),
    address: text('address').notNull(),
    country: text('country').notNull(),
    phoneNumber: text('phone_number').notNull(),
    phoneNumber2: text('phone_number2'),
    website: text('website'),
    memberId: text('member_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);

/** A company's branch studio ("Studio", "store" in the API). */
export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    country: text('country').notNull(),
    /** The system integrator that serves the studio (its licences belong to that integrator). */
    systemIntegratorId: uuid('system_integrator_id').references(() => systemIntegrators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stores_company_idx').on(t.companyId), index('stores_system_integrator_idx').on(t.systemIntegratorId)],
);
export type CompanyRow = typeof companies.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;
