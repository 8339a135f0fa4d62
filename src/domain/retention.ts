/**
 * Retention (issue 28): the categories of personal data the retention job looks after, their German
 * names, and what GET /api/retention-run answers. The rules themselves (what goes, after which event,
 * after how long, on which legal ground) are in retentionRules.ts; docs/retention.md explains them.
 * No zod and no date library here: the 'Datenlöschung' screen imports this file.
 */
export const RETENTION_CATEGORIES = [
  'identificationProcesses',
  'closedAccounts',
  'closedCompanies',
  'rejectedApplications',
  'approvedApplicationDocuments',
  'endedRequests',
  'finishedReports',
  'dataExports',
  'auditRows',
] as const;
export type RetentionCategory = (typeof RETENTION_CATEGORIES)[number];

/** Each category in German, as the screen, the dry run and docs/retention.md name it. */
export const RETENTION_CATEGORY_TEXTS: Record<RetentionCategory, string> = {
  identificationProcesses: 'Identifikationsvorgänge und ihre Protokolle',
  closedAccounts: 'Gelöschte und abgelehnte Konten (Personendaten, eID-Pseudonym)',
  closedCompanies: 'Geschlossene Firmen',
  rejectedApplications: 'Abgelehnte oder nie bestätigte Anträge und ihre Unterlagen',
  approvedApplicationDocuments: 'Unterlagen genehmigter Anträge',
  endedRequests: 'Beendete Einladungen, E-Mail-Änderungen und eID-Sitzungen',
  finishedReports: 'Fertige Vorgangsauswertungen',
  dataExports: 'Datenauskünfte („Meine Daten“)',
  auditRows: 'Protokolleinträge',
};

/** A run's state: 'running' until its last category is done; 'failed' if it stopped half-way. */
export const RETENTION_RUN_STATUSES = ['running', 'finished', 'failed'] as const;
export type RetentionRunStatus = (typeof RETENTION_RUN_STATUSES)[number];

export const RETENTION_RUN_STATUS_TEXTS: Record<RetentionRunStatus, string> = {
  running: 'Läuft',
  finished: 'Abgeschlossen',
  failed: 'Abgebrochen',
};

/** What one run did in one category: rows looked at, deleted and anonymised. */
export interface RetentionCategoryCount {
  category: RetentionCategory;
  checked: number;
  deleted: number;
  anonymised: number;
}

/** One item of GET /api/retention-run (paged like every list, newest first). */
export interface RetentionRunView {
  id: string;
  /** ISO 8601 timestamps. */
  startedAt: string;
  finishedAt: string | null;
  status: RetentionRunStatus;
  /** Every category of RETENTION_CATEGORIES, in that order, also those with nothing to do. */
  categories: RetentionCategoryCount[];
}
