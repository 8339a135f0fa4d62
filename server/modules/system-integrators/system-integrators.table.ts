import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const systemIntegrators = pgTable(
  'system_integrators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Unique short code ("Kennung"); compared case-sensitively as entered, stored trimmed. */
    code: text('code').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's free-text search looks at: name and code in lower case, joined by the
     * SEARCH_SEPARATOR character (U+001F) of server/lib/paging.ts. One case-sensitive LIKE on one
     * trigram index finds what `name ILIKE p OR code ILIKE p` finds, without lower-casing every
     * candidate row and the pattern again for each column (half the time of the "schmidt" page,
     * bench/README.md).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name) || chr(31) || lower(code)`),
  },
  (t) => [
    // The trigram index makes the list's substring search an index scan (bench/README.md).
    index('system_integrators_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('system_integrators_name_id').on(t.name, t.id),
  ],
);
export type SystemIntegratorRow = typeof systemIntegrators.$inferSelect;
