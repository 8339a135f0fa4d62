import { de } from 'date-fns/locale/de';
import { formatDate } from '../../../domain/dates';
import { YEAR_MONTH_PATTERN } from '../../../domain/usage';

const counts = new Intl.NumberFormat('de-DE');

/** 1234 → "1.234". */
export function formatCount(value: number): string {
  return counts.format(value);
}

/**
 * "2026-11" → "Nov. 2026", "2026-03" → "März 2026": the abbreviations of date-fns' German locale
 * (as `format(date, 'MMM yyyy', { locale: de })` writes them), without date-fns' whole formatter.
 */
export function monthLabel(month: string): string {
  const match = YEAR_MONTH_PATTERN.exec(month);
  if (!match) return month;
  const name = de.localize.month((Number(match[2]) - 1) as Parameters<typeof de.localize.month>[0], {
    width: 'abbreviated',
    context: 'formatting',
  });
  return `${name} ${match[1]}`;
}

/** "2026-03-16" → "16.03." (the chart's short day or week label). */
export function shortDayLabel(isoDate: string): string {
  return formatDate(isoDate).slice(0, 6);
}

/** Days from `first` to `last`, both included ("yyyy-MM-dd"; 0 when `last` is earlier). */
export function daysInclusive(first: string, last: string): number {
  const days = (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000 + 1;
  return Math.max(0, days);
}
