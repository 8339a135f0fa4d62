import { cleanupJob } from './cleanup.job';
import type { RegisteredJob } from './job';
import { mailDeliveryJob } from './mail-delivery.job';
import { mailDispatchJob } from './mail-dispatch.job';
import { packageNoticesJob } from './package-notices.job';

/** Every background job, in one visible list: the queue creates their queues and schedules. */
export const ALL_JOBS: readonly RegisteredJob[] = [mailDeliveryJob, mailDispatchJob, cleanupJob, packageNoticesJob];
