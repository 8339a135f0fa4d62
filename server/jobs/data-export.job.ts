import { z } from 'zod';
import { PROFILE_MANAGEMENT_PATH } from '../../src/domain/routes';
import { removeChunkAttempt, removeOtherChunkAttempts } from '../lib/chunked-file-store';
import { MAIL_KINDS } from '../mail/outbox';
import { dataExportReadyMail } from '../mail/templates/data-export-ready';
import { buildDataExportFile, type BuiltDataExport } from '../modules/data-export/data-export-builder';
import { DATA_EXPORT_CHUNKS, dataExportRepository } from '../modules/data-export/data-export.repository';
import { users } from '../modules/users/users.table';
import { eq } from 'drizzle-orm';
import { defineJob, type JobContext } from './job';

/** Attempts after the first; then the export is failed (the dead-letter job below). */
export const DATA_EXPORT_RETRY_LIMIT = 3;

const payload = z.object({ exportId: z.uuid() });

/**
 * Marks an export failed once its build has used up every attempt (pg-boss moves the job here
 * whether the last attempt threw or its worker died); whatever its attempts stored goes. A ready
 * export stays ready.
 */
export const dataExportFailedJob = defineJob({
  name: 'data-export-failed',
  payload,
  queue: () => ({ retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 }),
  async handler({ db, log }, { exportId }) {
    if (!(await dataExportRepository(db).fail(exportId))) return;
    log.warn({ exportId }, 'data export failed after all attempts');
    await removeOtherChunkAttempts(db, DATA_EXPORT_CHUNKS, exportId);
  },
});

/** Marks the export ready with the attempt's file, removes other attempts, queues the mail: one transaction. */
async function complete(ctx: JobContext, exportId: string, file: BuiltDataExport, now: Date) {
  return ctx.outbox.transaction(ctx.db, async (tx, queueMail) => {
    const row = await dataExportRepository(tx).complete(exportId, file, now);
    if (!row?.expiresAt) return undefined;
    await removeOtherChunkAttempts(tx, DATA_EXPORT_CHUNKS, exportId, file.attempt);
    const [person] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (person) {
      await queueMail({
        kind: MAIL_KINDS.dataExportReady,
        reference: exportId,
        message: dataExportReadyMail(
          {
            to: person.email,
            salutation: person.salutation,
            firstName: person.firstName,
            lastName: person.lastName,
            expiresAt: row.expiresAt,
            pageUrl: `${ctx.config.publicUrl}${PROFILE_MANAGEMENT_PATH}`,
          },
          ctx.config.brandOwner,
        ),
      });
    }
    return row;
  });
}

/**
 * Builds one person's data export ('Meine Daten', issue 28 part 3): queued → running → the ZIP in
 * the database → ready and the mail. Any attempt starts from the beginning; a killed worker's
 * half-written attempt is never served (server/lib/chunked-file-store.ts), and the attempt that
 * completes removes it.
 */
export const dataExportJob = defineJob({
  name: 'data-export',
  payload,
  queue: (config) => ({
    retryLimit: DATA_EXPORT_RETRY_LIMIT,
    retryDelay: config.reportRetryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 15 * 60,
    expireInSeconds: 15 * 60,
    notify: true,
    deadLetter: dataExportFailedJob.name,
  }),
  async handler(ctx, { exportId }) {
    const repo = dataExportRepository(ctx.db);
    const row = await repo.start(exportId);
    if (!row) return;
    const started = Date.now();
    const now = new Date();
    const file = await buildDataExportFile(ctx.db, { exportId, userId: row.userId, now });
    // The account went meanwhile (the export goes with it).
    if (!file) return;
    const completed = await complete(ctx, exportId, file, now);
    if (!completed) {
      await removeChunkAttempt(ctx.db, DATA_EXPORT_CHUNKS, exportId, file.attempt);
      return;
    }
    ctx.log.info({ exportId, bytes: file.size, ms: Date.now() - started }, 'data export built');
  },
});
