import { EARLIEST_PORTAL_MONTH } from './dates';
import type { NamedRef, PrepaidPackage } from './licenses';

/**
 * The studio's usage view (issue 13, research/domain.md §6 rows 35 and 36: studios cannot see
 * what they are billed for): identification processes per month, studio and device, prepaid,
 * postpaid and cancelled, and a package's consumption over time. Shared by the API
 * (server/modules/usage) and the web app (src/resources/licenses/usage), so the range rules and the
 * answer's shape exist once. Months are calendar months in Germany, as "yyyy-MM".
 */

/** Without from/to the view shows the current month and the twelve before it. */
export const USAGE_DEFAULT_MONTHS = 13;
/** The longest range one request may ask for (a 400 beyond): 36 months × studios × devices stays small. */
export const USAGE_MAX_MONTHS = 36;
/** `granularity=day` of a package's consumption covers at most this many days (a 400 beyond). */
export const CONSUMPTION_MAX_DAYS = 366;
/** Without `granularity`, a package that has run longer than this is shown per week. */
export const CONSUMPTION_DAILY_UP_TO_DAYS = 62;

export const YEAR_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const USAGE_VALIDATION_TEXTS = {
  monthInvalid: 'Bitte geben Sie einen Monat im Format JJJJ-MM an.',
  rangeReversed: 'Der letzte Monat darf nicht vor dem ersten liegen.',
  rangeTooLong: `Der Zeitraum darf höchstens ${USAGE_MAX_MONTHS} Monate umfassen.`,
  tooManyDays: `Eine tägliche Ansicht umfasst höchstens ${CONSUMPTION_MAX_DAYS} Tage; bitte wählen Sie die wöchentliche.`,
} as const;

/** "yyyy-MM" of a calendar day "yyyy-MM-dd". */
export function monthOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

function monthIndex(month: string): number {
  const match = YEAR_MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

function monthOfIndex(index: number): string {
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** "2026-11" + 2 = "2027-01"; negative counts go back. */
export function addMonths(month: string, count: number): string {
  return monthOfIndex(monthIndex(month) + count);
}

/** Months from `from` to `to`, both included (1 for the same month, 0 or less when reversed). */
export function monthCount(from: string, to: string): number {
  return monthIndex(to) - monthIndex(from) + 1;
}

/** Every month of the range, oldest first. */
export function monthsOfRange(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, monthCount(from, to)) }, (_, i) => addMonths(from, i));
}

export interface UsageRange {
  from: string;
  to: string;
}

/**
 * The range a request asks for: `to` defaults to the current month in Germany, `from` to the
 * twelve months before `to` (USAGE_DEFAULT_MONTHS in all). Refused (with the German text) when
 * reversed or longer than USAGE_MAX_MONTHS; the months themselves are already well-formed.
 */
export function resolveUsageRange(
  query: Partial<UsageRange>,
  today: string,
): { range: UsageRange; problem?: undefined } | { range?: undefined; problem: string } {
  const to = query.to ?? monthOf(today);
  const defaultFrom = addMonths(to, -(USAGE_DEFAULT_MONTHS - 1));
  // The portal's calendar starts in 2000-01 (src/domain/dates.ts): so does a default range.
  const from = query.from ?? (defaultFrom < EARLIEST_PORTAL_MONTH ? EARLIEST_PORTAL_MONTH : defaultFrom);
  const count = monthCount(from, to);
  if (count < 1) return { problem: USAGE_VALIDATION_TEXTS.rangeReversed };
  if (count > USAGE_MAX_MONTHS) return { problem: USAGE_VALIDATION_TEXTS.rangeTooLong };
  return { range: { from, to } };
}

/** Counts of identification processes. Billable = prepaid + postpaid; cancelled ones are never billed. */
export interface UsageCounts {
  /** Completed, taken from a prepaid package. */
  prepaid: number;
  /** Completed, recorded as postpaid (billed afterwards). */
  postpaid: number;
  /** Cancelled within the cancel window: the unit went back, not billable. */
  cancelled: number;
  /** prepaid + postpaid. */
  billable: number;
}

export const USAGE_COUNT_FIELDS = ['prepaid', 'postpaid', 'cancelled', 'billable'] as const;

export const emptyUsageCounts = (): UsageCounts => ({ prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 });

/** Adds `counts` into `into` (and returns it). */
export function addUsageCounts(into: UsageCounts, counts: UsageCounts): UsageCounts {
  into.prepaid += counts.prepaid;
  into.postpaid += counts.postpaid;
  into.cancelled += counts.cancelled;
  into.billable += counts.billable;
  return into;
}

export interface MonthUsage extends UsageCounts {
  /** "yyyy-MM". */
  month: string;
}

/** One month × studio × device (the machine id the device sent) with at least one process. */
export interface UsageRow extends MonthUsage {
  storeId: string;
  storeName: string;
  machineId: string;
}

/** GET /api/company/{companyId}/usage. */
export interface CompanyUsage extends UsageRange {
  companyId: string;
  /** The filters the answer applied (null: all). */
  storeId: string | null;
  licenseId: string | null;
  /** The company's studios with licences in the caller's scope: the choices of the studio filter. */
  stores: NamedRef[];
  /** Every month of the range, oldest first, zeros included. */
  months: MonthUsage[];
  /** Only the combinations with processes: by month, studio name, machine id. */
  rows: UsageRow[];
  totals: UsageCounts;
}

export type ConsumptionGranularity = 'day' | 'week';

/** One day (or week, dated by its Monday) of a package's life up to today. */
export interface ConsumptionPoint {
  /** "yyyy-MM-dd": the day, or the Monday of the week. */
  date: string;
  /** Units consumed (completed processes). */
  used: number;
  /** Processes cancelled: their units went back to the package. */
  cancelled: number;
  /** Units left at the end of the period, counted back from today's remaining amount. */
  remaining: number;
}

/** GET /api/license/{id}/prepaid-package/{packageId}/consumption. */
export interface PackageConsumption extends Omit<PrepaidPackage, 'id'> {
  packageId: string;
  granularity: ConsumptionGranularity;
  /** From the package's start (its week) to its end or today, whichever is earlier; oldest first. */
  points: ConsumptionPoint[];
}

/** The answer's months (every month of the range, zeros included) and totals, from its rows. */
export function summarizeUsage(
  rows: readonly UsageRow[],
  range: UsageRange,
): { months: MonthUsage[]; totals: UsageCounts } {
  const byMonth = new Map(
    monthsOfRange(range.from, range.to).map((month) => [month, { month, ...emptyUsageCounts() }]),
  );
  const totals = emptyUsageCounts();
  for (const row of rows) {
    const month = byMonth.get(row.month);
    if (month) addUsageCounts(month, row);
    addUsageCounts(totals, row);
  }
  return { months: [...byMonth.values()], totals };
}
