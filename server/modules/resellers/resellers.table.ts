import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { systemIntegrators } from '../system-integrators/system-integrators.table';

/**
 * A system integrator's resellers (spec "Reseller"; ARCHITECTURE.md: a licence names its system
 * integrator and, optionally, a reseller of it). Issue 13's licences reference this table with
 * `reseller_id … ON DELETE RESTRICT`: a reseller named on a licence cannot be deleted, and the
 * delete route answers that foreign-key violation with 409 'Reseller in use'.
 */
export const resellers = pgTable(
  'resellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    systemIntegratorId: uuid('system_integrator_id')
      .notNull()
      .references(() => systemIntegrators.id),
    /** Stored trimmed (src/domain/reseller.ts). */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's free-text search looks at: the name in lower case, so the search is one
     * case-sensitive LIKE on one trigram index, as for system integrators (server/lib/paging.ts).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
  },
  (t) => [
    // One name once per system integrator, whatever its case (409 'Reseller name already in use').
    uniqueIndex('resellers_integrator_name_key').on(t.systemIntegratorId, sql`lower(${t.name})`),
    // The list's order within one integrator: by name, the id keeping pages stable.
    index('resellers_integrator_name_id').on(t.systemIntegratorId, t.name, t.id),
    index('resellers_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
export type ResellerRow = typeof resellers.$inferSelect;
