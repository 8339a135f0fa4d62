import { fromIsoDate, todayInGermany } from './dates';
import type { Role } from './roles';

/**
 * Identification-process reports ('Vorgangsauswertung', spec sections 2, 3, 4, 5, 6; issue 14):
 * who requests them with which fields, the period rule, the states. Pure and without zod, so the
 * request form reads it without loading the schemas (src/domain/reportRequest.ts has the zod
 * schema of the API, built on the same rules).
 */

/** Spec section 3 "Identification report" state, plus Failed: the job gave up (issue 14). */
export const REPORT_STATES = ['Pending', 'InProgress', 'Completed', 'Failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** A report not yet finished: the list refreshes itself while one is shown. */
export function isReportUnfinished(state: ReportState): boolean {
  return state === 'Pending' || state === 'InProgress';
}

/** Spec section 2: Owner, LumioAdmin and SystemIntegratorAdmin (with finished registration) request reports. */
export const REPORT_ROLES = ['Owner', 'LumioAdmin', 'SystemIntegratorAdmin'] as const satisfies readonly Role[];

export function canRequestReports(role: Role): boolean {
  return (REPORT_ROLES as readonly Role[]).includes(role);
}

/** The most a report may cover: 10 years, both end days included (issue 14 "Bad input"). */
export const REPORT_MAX_YEARS = 10;

/**
 * The request form's selects by role (spec section 6 "Reports"): SystemIntegratorAdmin selects
 * company and reseller; LumioAdmin system integrator and company; Owner the system integrator
 * (among those serving its studios) and sees an empty placeholder block; the Post-Paid checkbox is
 * for SystemIntegratorAdmin and LumioAdmin.
 */
export interface ReportFormFields {
  systemIntegrator: boolean;
  company: boolean;
  reseller: boolean;
  postPaid: boolean;
  ownerPlaceholder: boolean;
}

export function reportFormFields(role: Role): ReportFormFields {
  return {
    systemIntegrator: role === 'LumioAdmin' || role === 'Owner',
    company: role === 'LumioAdmin' || role === 'SystemIntegratorAdmin',
    reseller: role === 'SystemIntegratorAdmin',
    postPaid: role === 'LumioAdmin' || role === 'SystemIntegratorAdmin',
    ownerPlaceholder: role === 'Owner',
  };
}

export const REPORT_VALIDATION_TEXTS = {
  dateRequired: 'Bitte geben Sie ein Datum ein.',
  dateInvalid: 'Bitte geben Sie ein gültiges Datum ein (TT.MM.JJJJ).',
  endBeforeStart: 'Das Enddatum darf nicht vor dem Startdatum liegen.',
  tooLong: `Der Zeitraum darf höchstens ${REPORT_MAX_YEARS} Jahre umfassen.`,
} as const;

/** The first day after a period of REPORT_MAX_YEARS years starting at `startIso` (yyyy-MM-dd). */
function firstDayBeyondMaximum(startIso: string): string {
  const year = Number(startIso.slice(0, 4)) + REPORT_MAX_YEARS;
  // 29 February + 10 years is 1 March (no 29 February then): the period still spans 10 years.
  const candidate = `${String(year).padStart(4, '0')}${startIso.slice(4)}`;
  return fromIsoDate(candidate) ? candidate : `${String(year).padStart(4, '0')}-03-01`;
}

/**
 * The period rule of spec section 5 and issue 14 for two ISO dates: the end not before the start
 * (one day is a period), at most REPORT_MAX_YEARS years. Null when the period is fine (or a date
 * is missing or no date: that is the fields' own message).
 */
export function reportPeriodError(startIso: string, endIso: string): string | null {
  if (!fromIsoDate(startIso) || !fromIsoDate(endIso)) return null;
  if (endIso < startIso) return REPORT_VALIDATION_TEXTS.endBeforeStart;
  if (endIso >= firstDayBeyondMaximum(startIso)) return REPORT_VALIDATION_TEXTS.tooLong;
  return null;
}

/** Spec section 3 "Report request": empty values are omitted. */
export interface ReportRequest {
  startDate: string;
  endDate: string;
  postPaidOnly?: boolean;
  companyId?: string;
  systemIntegratorId?: string;
  resellerId?: string;
}

/** The form's values (ISO dates; '' or null for an empty select) → the request, empty values left out. */
export function toReportRequest(values: {
  startDate: string;
  endDate: string;
  postPaidOnly?: boolean | null;
  companyId?: string | null;
  systemIntegratorId?: string | null;
  resellerId?: string | null;
}): ReportRequest {
  const request: ReportRequest = { startDate: values.startDate, endDate: values.endDate };
  if (values.postPaidOnly) request.postPaidOnly = true;
  if (values.companyId) request.companyId = values.companyId;
  if (values.systemIntegratorId) request.systemIntegratorId = values.systemIntegratorId;
  if (values.resellerId) request.resellerId = values.resellerId;
  return request;
}

/** Spec section 5: the end date defaults to today (Germany's calendar day). */
export function defaultReportPeriod(now: Date = new Date()): { startDate: string; endDate: string } {
  return { startDate: '', endDate: todayInGermany(now) };
}

export interface ReportRef {
  id: string;
  name: string;
}

/** Spec section 3 "Identification report", as GET /api/identification-process/reports answers it. */
export interface IdentificationReport {
  id: string;
  /** ISO timestamp of the last change of state. */
  lastModified: string;
  startDate: string;
  endDate: string;
  postPaidOnly: boolean;
  company: ReportRef | null;
  systemIntegrator: ReportRef | null;
  reseller: ReportRef | null;
  state: ReportState;
}

/** The request that asks for the same report again (a failed one: 'Erneut anfordern'). */
export function requestOf(report: IdentificationReport): ReportRequest {
  return toReportRequest({
    startDate: report.startDate,
    endDate: report.endDate,
    postPaidOnly: report.postPaidOnly,
    companyId: report.company?.id,
    systemIntegratorId: report.systemIntegrator?.id,
    resellerId: report.reseller?.id,
  });
}

/** Without a file name in content-disposition, the download is saved under this (spec section 7). */
export const DEFAULT_REPORT_FILE_NAME = 'report.zip';

/**
 * The download's file name: 'Vorgangsauswertung_01012025-31122025.zip' for 1 January to
 * 31 December 2025 (German dates without dots, as the CSV export of spec section 9 names its file).
 */
export function reportFileName(startIso: string, endIso: string): string {
  const compact = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
  return `Vorgangsauswertung_${compact(startIso)}-${compact(endIso)}.zip`;
}

/** The two files of the ZIP (issue 14). */
export const REPORT_ENTRIES = { processes: 'vorgaenge.csv', summary: 'zusammenfassung.csv' } as const;
