import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MAIL_KINDS } from '../mail/outbox';
import { reportReadyMail } from '../mail/templates/report-ready';
import { buildReportFile, type BuiltReport } from '../modules/reports/report-builder';
import { removeAttempt, removeOtherAttempts } from '../modules/reports/report-file-store';
import { reportRepository } from '../modules/reports/reports.repository';
import { users } from '../modules/users/users.table';
import { defineJob, type JobContext } from './job';

/** The route of the report page (src/domain/routes.ts): the ready mail links there, never to the file. */
const REPORT_PAGE = 'identification-process-reports';

/** Attempts after the first; then the report is Failed (the dead-letter job below). */
export const REPORT_RETRY_LIMIT = 3;
/**
 * A worker that dies stops its heartbeat; after this long without one, the queue's monitor (every
 * 15 s, server/jobs/queue.ts) hands the report to the next attempt. A live build renews it every
 * 10 s.
 */
export const REPORT_HEARTBEAT_SECONDS = 20;

const payload = z.object({ reportId: z.uuid() });

/**
 * Marks a report Failed once its build has used up every attempt: pg-boss moves the job here (its
 * dead-letter queue) whether the last attempt threw or its worker died. A report that was completed
 * meanwhile stays Completed.
 */
export const identificationReportFailedJob = defineJob({
  name: 'identification-report-failed',
  payload,
  queue: () => ({ retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 }),
  async handler({ db, log }, { reportId }) {
    if (!(await reportRepository(db).fail(reportId))) return;
    log.warn({ reportId }, 'report failed after all attempts');
    // A Failed report has no file: whatever its attempts stored goes (never a Completed one's).
    await removeOtherAttempts(db, reportId);
  },
});

/**
 * Completes the report with the attempt's file, removes what other attempts stored, and queues the
 * mail to its requester, in one transaction.
 */
async function complete(ctx: JobContext, reportId: string, file: BuiltReport) {
  return ctx.outbox.transaction(ctx.db, async (tx, queueMail) => {
    const report = await reportRepository(tx).complete(reportId, file);
    if (!report) return report;
    await removeOtherAttempts(tx, reportId, file.attempt);
    if (!report.requestedBy) return report;
    const [requester] = await tx.select().from(users).where(eq(users.id, report.requestedBy));
    if (requester) {
      await queueMail({
        kind: MAIL_KINDS.reportReady,
        reference: reportId,
        message: reportReadyMail(
          {
            to: requester.email,
            salutation: requester.salutation,
            firstName: requester.firstName,
            lastName: requester.lastName,
            startDate: report.startDate,
            endDate: report.endDate,
            pageUrl: `${ctx.config.publicUrl}/${REPORT_PAGE}`,
          },
          ctx.config.brandOwner,
        ),
      });
    }
    return report;
  });
}

/**
 * Builds one report (issue 14, ARCHITECTURE.md "Background jobs"): Pending → InProgress → the ZIP
 * in the database → Completed and the mail. Any attempt starts from the beginning: a killed
 * worker's half-written attempt is never visible to a download
 * (server/modules/reports/report-file-store.ts), and the attempt that completes removes it. Up to REPORT_RETRY_LIMIT retries with growing waits from
 * REPORT_RETRY_DELAY_SECONDS; a dead worker is noticed by its missing heartbeat.
 */
export const identificationReportJob = defineJob({
  name: 'identification-report',
  payload,
  queue: (config) => ({
    retryLimit: REPORT_RETRY_LIMIT,
    retryDelay: config.reportRetryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 15 * 60,
    // The heartbeat notices a dead worker; this only bounds a build that hangs while alive.
    expireInSeconds: 60 * 60,
    heartbeatSeconds: REPORT_HEARTBEAT_SECONDS,
    // A worker waiting for jobs hears of a new report at once, not at its next poll.
    notify: true,
    deadLetter: identificationReportFailedJob.name,
  }),
  async handler(ctx, { reportId }, attempt) {
    const repo = reportRepository(ctx.db);
    const report = await repo.start(reportId);
    // Completed, Failed or deleted meanwhile: nothing to build.
    if (!report) return;
    const started = Date.now();
    const file = await buildReportFile(ctx.db, {
      reportId,
      selection: report,
      createdAt: report.createdAt,
      signal: attempt.signal,
    });
    const completed = await complete(ctx, reportId, file);
    if (!completed) {
      // Deleted while it was built (its company went, or the retention ran), or completed by another
      // attempt whose worker was wrongly taken for dead: this attempt's file goes, never the other's.
      await removeAttempt(ctx.db, reportId, file.attempt);
      return;
    }
    ctx.log.info(
      {
        reportId,
        processes: file.processCount,
        bytes: file.size,
        ms: Date.now() - started,
        attempt: attempt.retryCount,
      },
      'report built',
    );
  },
});
