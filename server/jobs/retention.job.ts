import { z } from 'zod';
import { idpAdminPortForJobs } from '../idp/admin-port-for-jobs';
import { runRetention } from '../modules/retention/retention-run';
import { defineJob } from './job';

/**
 * The daily retention run (issue 28): every rule of src/domain/retentionRules.ts in batches of
 * short transactions, with a run record per category (GET /api/retention-run). Two workers at once
 * never handle a row twice (FOR UPDATE SKIP LOCKED); a run stopped half-way leaves every row kept or
 * fully handled, and the next continues. At 02:40 in Germany, after the night's other jobs.
 */
export const retentionJob = defineJob({
  name: 'retention',
  payload: z.object({}),
  queue: () => ({ policy: 'stately', retryLimit: 2, retryDelay: 600, expireInSeconds: 4 * 60 * 60 }),
  schedule: '40 2 * * *',
  async handler({ db, config, log }, _payload, attempt) {
    const port = idpAdminPortForJobs(config, db, log);
    const { id, categories } = await runRetention(db, {
      reportRetentionDays: config.reportRetentionDays,
      deleteAccount: (tx, userId) => port.deleteUser(tx, userId),
      afterBatch: () => {
        // A stopping worker gives up between batches: what is done stays done, the next run continues.
        if (attempt.signal.aborted) throw new Error('retention run stopped with the worker');
      },
    });
    const changed = categories.filter((c) => c.deleted || c.anonymised);
    log.info(
      {
        runId: id,
        ...Object.fromEntries(changed.map((c) => [c.category, { deleted: c.deleted, anonymised: c.anonymised }])),
      },
      'retention run done',
    );
  },
});
