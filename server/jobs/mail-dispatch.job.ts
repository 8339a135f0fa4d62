import { z } from 'zod';
import { defineJob } from './job';

/**
 * The sweep of the mail outbox: dispatches every mail that was written but whose dispatch after
 * the commit never happened (the process died in between, or the dispatch failed). Every minute,
 * and once when a process's workers start, so that a restart after a crash sends at once.
 */
export const mailDispatchJob = defineJob({
  name: 'mail-dispatch',
  payload: z.object({}),
  queue: () => ({ policy: 'stately', retryLimit: 2, retryDelay: 10, expireInSeconds: 120 }),
  schedule: '* * * * *',
  runAtWorkerStart: true,
  async handler({ outbox, log }) {
    const dispatched = await outbox.dispatch();
    if (dispatched) log.info({ dispatched }, 'mails dispatched by the sweep');
  },
});
