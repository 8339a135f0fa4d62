import { subDays } from 'date-fns/subDays';
import { and, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { deleteStaleLoginThrottles } from '../idp/login-throttle';
import { deleteExpiredRateLimitCounters } from '../lib/rate-limit-store';
import { mailOutbox } from '../mail/outbox.table';
import { eidSessionRepository } from '../modules/eid-binding/eid-binding.repository';
import { cleanupDocuments } from './document-cleanup';
import { defineJob } from './job';

/** Delivery records of mails that went out (or were given up) are kept this long for support. */
export const MAIL_RECORD_RETENTION_DAYS = 30;

/** Deletes the outbox's finished rows older than the retention; queued mails are never touched. */
export async function deleteOldMailRecords(db: DbOrTx, now = new Date()): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['sent', 'failed', 'superseded', 'withdrawn']),
        lt(mailOutbox.createdAt, subDays(now, MAIL_RECORD_RETENTION_DAYS)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** eID binding sessions are kept this long after their end, for status checks that come late. */
export const EID_SESSION_RETENTION_DAYS = 1;

/**
 * Deletes what must not be kept: documents no application took, documents of long-rejected
 * applications, applications never confirmed, old mail records, login throttles long quiet, ended
 * eID sessions, rate-limit counters whose window ended, files of expired data exports. Every step is one conditional
 * DELETE, so two runs at once (or a retry) delete each row once and nothing else. Every ten
 * minutes, so that unattached uploads go within their lifetime plus ten minutes.
 */
export const cleanupJob = defineJob({
  name: 'cleanup',
  payload: z.object({}),
  queue: () => ({ policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 }),
  schedule: '*/10 * * * *',
  async handler({ db, config, log }) {
    const documents = await cleanupDocuments(db, { retentionDays: config.documentRetentionDays });
    const mailRecords = await deleteOldMailRecords(db);
    const loginThrottles = await deleteStaleLoginThrottles(db, new Date());
    const eidSessions = await eidSessionRepository(db).deleteEndedBefore(
      subDays(new Date(), EID_SESSION_RETENTION_DAYS),
    );
    const rateLimitCounters = await deleteExpiredRateLimitCounters(db);
    if (
      documents.unattached ||
      documents.rejected ||
      documents.expiredApplications ||
      mailRecords ||
      loginThrottles ||
      eidSessions ||
      rateLimitCounters
    ) {
      log.info(
        {
          ...documents,
          mailRecords,
          loginThrottles,
          eidSessions,
          rateLimitCounters,
        },
        'cleanup done',
      );
    }
  },
});
