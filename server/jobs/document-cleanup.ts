import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { companyApplicationRepository } from '../modules/company-applications/company-applications.repository';
import { documentRepository } from '../modules/documents';

/** An upload no application took within this time is deleted (issue 7: after 2 hours, was 24). */
export const UNATTACHED_DOCUMENT_LIFETIME_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const INTERVAL_MS = 60 * 60 * 1000;

export interface DocumentCleanupOptions {
  /** Days a rejected application's documents are kept after the decision (DOCUMENT_RETENTION_DAYS). */
  retentionDays: number;
  /** The current time; tests move it. */
  now?: Date;
}

export interface DocumentCleanupResult {
  /** Uploads older than 24 hours that no application took. */
  unattached: number;
  /** Documents of applications rejected longer ago than the retention period. */
  rejected: number;
  /** Applications never confirmed before their link ran out (their documents go with them). */
  expiredApplications: number;
}

/**
 * Deletes the documents that must not be kept. Each step is one conditional DELETE, so running it
 * twice, or on several replicas at once, deletes each document once and never anything else.
 */
export async function cleanupDocuments(db: DbOrTx, options: DocumentCleanupOptions): Promise<DocumentCleanupResult> {
  const now = options.now ?? new Date();
  const repo = documentRepository(db);
  const unattached = await repo.deleteUnattachedUploadedBefore(
    new Date(now.getTime() - UNATTACHED_DOCUMENT_LIFETIME_MS),
  );
  const rejected = await repo.deleteOfApplicationsRejectedBefore(
    new Date(now.getTime() - options.retentionDays * DAY_MS),
  );
  const expiredApplications = await companyApplicationRepository(db).deleteUnconfirmedExpiredBefore(now);
  return { unattached, rejected, expiredApplications };
}

/**
 * Runs the cleanup when the server starts and then hourly. The timer does not keep the process
 * alive, and closing the app stops it and waits for a run in progress, so the database is never
 * closed under a running DELETE.
 */
export const documentCleanupJob = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ job: 'document-cleanup' });
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;

    function runOnce() {
      if (running) return;
      running = cleanupDocuments(app.db, { retentionDays: app.config.documentRetentionDays })
        .then(
          (result) => {
            if (result.unattached || result.rejected || result.expiredApplications) log.info(result, 'cleanup done');
          },
          (err: unknown) => log.error({ err }, 'document cleanup failed'),
        )
        .finally(() => {
          running = undefined;
        });
    }

    app.addHook('onReady', async () => {
      runOnce();
      timer = setInterval(runOnce, INTERVAL_MS);
      timer.unref();
    });
    // preClose: before any onClose hook (one of them closes the database).
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'document-cleanup' },
);
