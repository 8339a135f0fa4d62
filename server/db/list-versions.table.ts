import { bigint, pgSequence, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Versions are drawn from a sequence rather than counted up per row: nextval never hands out a
 * value twice, even when the transaction that drew it rolls back. A counter (`version + 1`) would
 * give the next committed write the number a rolled-back one had, and a total cached under that
 * number inside the rolled-back transaction would then be served as the new state's total.
 */
export const listVersionSequence = pgSequence('list_version_seq');

/**
 * One row per cached list (server/lib/count-cache.ts): a statement-level trigger on the list's
 * table sets `version` to a fresh value in the same transaction as every INSERT, UPDATE, DELETE
 * or TRUNCATE, so a changed version is the sign that a cached total may be stale, on every
 * server instance that shares the database. The rows and the triggers come from migrations.
 */
export const listVersions = pgTable('list_versions', {
  /** The table's name, as the trigger sees it (TG_TABLE_NAME). */
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
