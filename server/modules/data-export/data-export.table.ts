import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DATA_EXPORT_STATUSES, type DataExportStatus } from '../../../src/domain/dataExport';
import { bytea } from '../../db/types';
import { users } from '../users/users.table';

/**
 * A person's own data export ('Meine Daten', issue 28 part 3): asked for on the profile, built by
 * the job server/jobs/data-export.job.ts into a ZIP stored in the database
 * (`data_export_file_chunks`, through server/lib/chunked-file-store.ts), downloadable by that
 * person alone until `expires_at` (DATA_EXPORT_RETENTION_DAYS after it was ready); then the retention job
 * purges its file (`purged_at`) and the row stays as a record that one was made. The person's
 * deletion takes their exports with it.
 *
 * One in preparation at a time per person: the partial unique index on `user_id` over queued and
 * running rows holds it also against two requests at once.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<DataExportStatus>().notNull().default('queued'),
    /** Set when ready: the attempt whose chunks are the file; every other attempt's are never served. */
    fileAttempt: uuid('file_attempt'),
    fileSize: bigint('file_size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the cleanup deleted the file of an expired (or failed) export. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('data_exports_one_in_preparation')
      .on(t.userId)
      .where(sql`status IN ('queued', 'running')`),
    index('data_exports_expires_idx')
      .on(t.expiresAt)
      .where(sql`purged_at IS NULL`),
    check(
      'data_exports_status',
      sql.raw(`status IN (${DATA_EXPORT_STATUSES.map((status) => `'${status}'`).join(', ')})`),
    ),
  ],
);
export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * An export's ZIP in pieces (server/lib/chunked-file-store.ts), per attempt of the build; the
 * export's deletion takes them. `data` is stored uncompressed (STORAGE EXTERNAL): a ZIP does not
 * shrink again.
 */
export const dataExportFileChunks = pgTable(
  'data_export_file_chunks',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => dataExports.id, { onDelete: 'cascade' }),
    attempt: uuid('attempt').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.attempt, t.seq] })],
);
