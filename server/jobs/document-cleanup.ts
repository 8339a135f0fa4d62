import { subDays } from 'date-fns/subDays';
import type { DbOrTx } from '../db/client';
import { companyApplicationRepository } from '../modules/company-applications/company-applications.repository';
import { documentRepository } from '../modules/documents';

/** An upload no application took within this time is deleted (issue 7: after 2 hours, was 24). */
export const UNATTACHED_DOCUMENT_LIFETIME_MS = 2 * 60 * 60 * 1000;

export interface DocumentCleanupOptions {
  /** Days a rejected application's documents are kept after the decision (DOCUMENT_RETENTION_DAYS). */
  retentionDays: number;
  /** The current time; tests move it. */
  now?: Date;
}

export interface DocumentCleanupResult {
  /** Uploads older than UNATTACHED_DOCUMENT_LIFETIME_MS (2 hours) that no application took. */
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
  const rejected = await repo.deleteOfApplicationsRejectedBefore(subDays(now, options.retentionDays));
  const expiredApplications = await companyApplicationRepository(db).deleteUnconfirmedExpiredBefore(now);
  return { unattached, rejected, expiredApplications };
}
