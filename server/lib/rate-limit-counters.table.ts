import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The request counters of every per-address and per-licence rate limit (server/lib/rate-limit-store.ts),
 * one row per limit and client: in the database, not in process memory, so that N API instances
 * enforce the configured limit and not N times it. Keys are SHA-256 hashes of the limit's name and
 * the client's key: no licence key and no IP address is stored in clear.
 *
 * UNLOGGED (the migration): a counter is worth nothing after a crash, and an unlogged table
 * writes no WAL for the one upsert every limited request makes. Rows whose window ended are reused
 * by the next hit of the same key and deleted by the cleanup job (server/jobs/cleanup.job.ts), so
 * the table holds the keys of the last minutes only.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  keyHash: text('key_hash').primaryKey(),
  /** Requests counted in the current window, this one included. */
  hits: integer('hits').notNull(),
  /** The window started with its first hit and ends here; the next hit after it starts a new one. */
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
