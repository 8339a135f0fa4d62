import { cleanupJob } from './cleanup.job';
import { dataExportFailedJob, dataExportJob } from './data-export.job';
import { identificationReportFailedJob, identificationReportJob } from './identification-report.job';
import type { RegisteredJob } from './job';
import { mailDeliveryJob } from './mail-delivery.job';
import { mailDispatchJob } from './mail-dispatch.job';
import { packageNoticesJob } from './package-notices.job';
import { passwordResetMailJob } from './password-reset-mail.job';
import { reportCleanupJob } from './report-cleanup.job';
import { retentionJob } from './retention.job';
import { statementIssueJob } from './statement-issue.job';
import { webhookDeliveryJob } from './webhook-delivery.job';

/**
 * Every background job, in one visible list: the queue creates their queues and schedules. A
 * dead-letter queue comes before the queue that names it (identification-report-failed).
 */
export const ALL_JOBS: readonly RegisteredJob[] = [
  mailDeliveryJob,
  mailDispatchJob,
  cleanupJob,
  packageNoticesJob,
  identificationReportFailedJob,
  identificationReportJob,
  reportCleanupJob,
  passwordResetMailJob,
  webhookDeliveryJob,
  statementIssueJob,
  retentionJob,
  dataExportFailedJob,
  dataExportJob,
];
