import { formatDate, todayInGermany } from './dates';
import { runningMonth, type StatementStore } from './statements';
import { addMonths, addUsageCounts, emptyUsageCounts, type UsageCounts } from './usage';

/**
 * How the statement screens (issue 27, part 3) write months, dates and file names: German, as the
 * spec's screens do ('Oktober 2026', 01.11.2026). The month's words and the running month are
 * ./statements' (one rule with the PDF and the mail).
 */
export { runningMonth as currentStatementMonth, statementMonthLabel } from './statements';

/**
 * The calendar day in Germany of an ISO timestamp, "dd.MM.yyyy": a statement issued on the 1st at
 * 03:00 in Berlin is 'ausgestellt am 01.11.2026' wherever the browser's clock is set.
 */
export function germanDayOf(timestamp: string): string {
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? '' : formatDate(todayInGermany(at));
}

/** How many months before the running one a month picker offers (issue 27: the running and the 12 before). */
export const STATEMENT_PICKER_PAST_MONTHS = 12;

/** The months a picker offers, newest first: the running month in Germany and the 12 before it. */
export function statementPickerMonths(now: Date = new Date()): string[] {
  const latest = runningMonth(now);
  return Array.from({ length: STATEMENT_PICKER_PAST_MONTHS + 1 }, (_, index) => addMonths(latest, -index));
}

export type StatementFileFormat = 'pdf' | 'csv';

/**
 * The file name a download is saved under when the answer names none (Content-Disposition):
 * "abrechnung-2026-10.pdf"; `subject` tells whose it is ("integrator", "export").
 */
export function fallbackStatementFileName(month: string, format: StatementFileFormat, subject?: string): string {
  return `abrechnung-${subject ? `${subject}-` : ''}${month}.${format}`;
}

/** A prepaid package's period, "01.10.2026 – 31.12.2026"; empty when the licence tracked no package. */
export function packagePeriodLabel(startDate: string | null, endDate: string | null): string {
  if (!startDate || !endDate) return '';
  return `${formatDate(startDate)} – ${formatDate(endDate)}`;
}

/** "ABCDE" → "…ABCDE": the licence key's end, marked as an end. */
export function licenseKeyEndLabel(keyEnd: string): string {
  return `…${keyEnd}`;
}

/** One studio's counts over its devices, as the statement's totals count them (prepaid = units used). */
export function storeTotals(store: Pick<StatementStore, 'devices'>): UsageCounts {
  const totals = emptyUsageCounts();
  for (const device of store.devices) {
    const prepaid = device.prepaid.reduce((sum, line) => sum + line.used, 0);
    addUsageCounts(totals, {
      prepaid,
      postpaid: device.postpaid,
      cancelled: device.cancelled,
      billable: prepaid + device.postpaid,
    });
  }
  return totals;
}
