import { subDays } from 'date-fns/subDays';
import { z } from 'zod';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { sweepStrayAttempts } from '../modules/reports/report-file-store';
import { reportRepository } from '../modules/reports/reports.repository';
import { defineJob } from './job';

/**
 * Deletes the reports last changed more than REPORT_RETENTION_DAYS ago (default 90), with their
 * files (the chunks go with the row), and the chunks of attempts no download can reach: a Completed
 * report's other attempts, a Failed report's (report-file-store.ts).
 */
export async function cleanupReports(db: Db, config: AppConfig, now = new Date()) {
  const expired = await reportRepository(db).deleteChangedBefore(subDays(now, config.reportRetentionDays));
  const strayChunks = await sweepStrayAttempts(db);
  return { expired: expired.length, strayChunks };
}

/** Hourly (issue 14: reports are kept for a configurable time, then deleted by a job). */
export const reportCleanupJob = defineJob({
  name: 'report-cleanup',
  payload: z.object({}),
  queue: () => ({ policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 }),
  schedule: '23 * * * *',
  async handler({ db, config, log }) {
    const { expired, strayChunks } = await cleanupReports(db, config);
    if (expired || strayChunks) log.info({ expired, strayChunks }, 'reports cleaned up');
  },
});
