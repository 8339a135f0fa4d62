/**
 * 'Was ansteht' (issue 25): the figures below the dashboard's tiles, one answer of
 * GET /api/dashboard per caller, shaped by who asks. Shared by the server (which counts) and the
 * web app (which shows each figure as a link to the screen that handles it).
 */
import { addDays } from 'date-fns/addDays';
import { fromIsoDate, toIsoDate } from './dates';
import { isInitialRegistrationFinished, type Role, type UserStatus } from './roles';
import type { MonthUsage } from './usage';

/** A package counts as 'ending' when its last day is at most this many days away. */
export const PACKAGE_ENDING_SOON_DAYS = 30;
/** The process charts of LumioAdmin and SystemIntegratorAdmin cover this many days, today included. */
export const PROCESS_CHART_DAYS = 30;

/**
 * Packages in use today (started, not ended, neither it nor its licence suspended) that need
 * someone: used up (nothing left); low (units left, but fewer than the notice threshold
 * LOW_CREDIT_SHARE of src/domain/licenses.ts); ending (units left, last day at most
 * PACKAGE_ENDING_SOON_DAYS away). A low package that also ends soon counts in both.
 */
export interface PackageAlerts {
  usedUp: number;
  low: number;
  ending: number;
}

/** One Berlin calendar day of the process chart. */
export interface DayCount {
  /** "yyyy-MM-dd". */
  day: string;
  count: number;
}

/** Owner and AccountAdministrator: their company's figures. */
export interface CompanyDashboard {
  kind: 'company';
  companyId: string;
  /** People waiting for the company's release ('Zu prüfende Mitarbeitende'). */
  pendingEmployees: number;
  /** This month's processes beside last month's (Berlin calendar months). */
  thisMonth: MonthUsage;
  lastMonth: MonthUsage;
  packages: PackageAlerts;
  suspendedLicenses: number;
}

/** An Employee (and any company user whose registration is unfinished): what the own account still lacks. */
export interface OwnAccountDashboard {
  kind: 'ownAccount';
  /** No eID bound yet (and none waiting for the provider's review). */
  eidMissing: boolean;
  /** An eID was bound with differing data; the provider reviews it. */
  eidInReview: boolean;
  /** The company has not released the person yet. */
  approvalMissing: boolean;
}

/** LumioAdmin: the provider's queue and the portal's traffic. */
export interface ProviderDashboard {
  kind: 'provider';
  openApplications: number;
  openEidReviews: number;
  companiesApprovedThisMonth: number;
  processesPerDay: DayCount[];
}

/** SystemIntegratorAdmin: its customers' licences and packages, and its processes. */
export interface IntegratorDashboard {
  kind: 'integrator';
  systemIntegratorId: string;
  activeLicenses: number;
  suspendedLicenses: number;
  packages: PackageAlerts;
  processesPerDay: DayCount[];
}

/** SystemAdmin: the accounts it manages and the health of the service. */
export interface SystemDashboard {
  kind: 'system';
  administrators: number;
  systemIntegrators: number;
  /** Mails waiting in the outbox for their (next) delivery attempt. */
  mailsWaiting: number;
  /** Age of the oldest waiting mail in seconds; 0 when none waits. */
  oldestMailAgeSeconds: number;
  /** Background jobs (pg-boss) that failed for good in the last 24 hours. */
  failedJobs24h: number;
}

export type Dashboard =
  CompanyDashboard | OwnAccountDashboard | ProviderDashboard | IntegratorDashboard | SystemDashboard;
export type DashboardKind = Dashboard['kind'];

/** Which answer a user gets: an unfinished registration always sees only its own missing steps. */
export function dashboardKind(role: Role, status: UserStatus): DashboardKind {
  if (!isInitialRegistrationFinished(role, status)) return 'ownAccount';
  switch (role) {
    case 'Owner':
    case 'AccountAdministrator':
      return 'company';
    case 'Employee':
      return 'ownAccount';
    case 'LumioAdmin':
      return 'provider';
    case 'SystemIntegratorAdmin':
      return 'integrator';
    case 'SystemAdmin':
      return 'system';
  }
}

/** What the own account still lacks, from its status (src/domain/userStatus.ts) and an open eID review. */
export function ownAccountSteps(status: UserStatus, eidInReview: boolean): Omit<OwnAccountDashboard, 'kind'> {
  const verified = status === 'Verified' || status === 'VerifiedAndApproved';
  const approved = status === 'Approved' || status === 'VerifiedAndApproved';
  return { eidMissing: !verified && !eidInReview, eidInReview: !verified && eidInReview, approvalMissing: !approved };
}

/** The chart's days: the PROCESS_CHART_DAYS days up to `today` ("yyyy-MM-dd"), oldest first. */
export function chartDays(today: string, days = PROCESS_CHART_DAYS): string[] {
  const end = fromIsoDate(today);
  if (!end) throw new Error(`not a calendar day: ${today}`);
  return Array.from({ length: days }, (_, i) => toIsoDate(addDays(end, i - days + 1)));
}

/** Every chart day with its count, zeros included. */
export function fillDays(counts: readonly DayCount[], today: string, days = PROCESS_CHART_DAYS): DayCount[] {
  const byDay = new Map(counts.map((c) => [c.day, c.count]));
  return chartDays(today, days).map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}
