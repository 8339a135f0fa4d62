import { z } from 'zod';
import { YEAR_MONTH_PATTERN } from '../../src/domain/usage';
import { issueMonthStatements } from '../modules/statements/issue-statement';
import { defineJob } from './job';

/**
 * Issues last month's statements (issue 27) on the 1st at 03:00 in Germany (the schedule's time
 * zone is Europe/Berlin, server/jobs/queue.ts). Idempotent: a month already issued for a company
 * is left as it is, so a retry or a second worker running at the same time issues (and mails the
 * company's Owners) nothing twice.
 * `month` lets an operator issue a given month by hand (the default is the month before now).
 */
export const statementIssueJob = defineJob({
  name: 'statement-issue',
  payload: z.object({ month: z.string().regex(YEAR_MONTH_PATTERN).optional() }),
  queue: () => ({ policy: 'stately', retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 60 * 60 }),
  schedule: '0 3 1 * *',
  async handler({ db, outbox, config, log }, payload) {
    const { month, issued } = await issueMonthStatements({ db, outbox, config }, new Date(), payload.month);
    log.info({ month, issued }, 'statements issued');
  },
});
