import { subDays } from 'date-fns/subDays';
import { z } from 'zod';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { removeReportFiles, sweepOrphanFiles } from '../modules/reports/report-files';
import { reportRepository } from '../modules/reports/reports.repository';
import { defineJob } from './job';

/** A file no report row names (or a part no attempt writes any more) goes after this long. */
export const ORPHAN_FILE_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the reports last changed more than REPORT_RETENTION_DAYS ago (default 90), rows and
 * files, and files that belong to no report any more. The row goes first: from then on no download
 * can open the file.
 */
export async function cleanupReports(db: Db, config: AppConfig, now = new Date()) {
  const repo = reportRepository(db);
  const expired = await repo.deleteChangedBefore(subDays(now, config.reportRetentionDays));
  for (const id of expired) await removeReportFiles(config.reportsDir, id);
  const orphans = await sweepOrphanFiles(
    config.reportsDir,
    (ids) => repo.existing(ids),
    ORPHAN_FILE_AGE_MS,
    now.getTime(),
  );
  return { expired: expired.length, orphans };
}

/** Hourly (issue 14: reports are kept for a configurable time, then deleted by a job). */
export const reportCleanupJob = defineJob({
  name: 'report-cleanup',
  payload: z.object({}),
  queue: () => ({ policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 }),
  schedule: '23 * * * *',
  async handler({ db, config, log }) {
    const { expired, orphans } = await cleanupReports(db, config);
    if (expired || orphans) log.info({ expired, orphans }, 'reports cleaned up');
  },
});
