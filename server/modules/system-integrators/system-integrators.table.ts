import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const systemIntegrators = pgTable(
  'system_integrators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Unique short code ("Kennung"); compared case-sensitively as entered, stored trimmed. */
    code: text('code').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Trigram indexes make the list's ILIKE search an index scan (bench/README.md).
    index('system_integrators_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('system_integrators_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    index('system_integrators_name_id').on(t.name, t.id),
  ],
);
export type SystemIntegratorRow = typeof systemIntegrators.$inferSelect;
