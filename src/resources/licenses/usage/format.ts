import { formatDate } from '../../../domain/dates';
import { YEAR_MONTH_PATTERN } from '../../../domain/usage';

const counts = new Intl.NumberFormat('de-DE');

/** 1234 → "1.234". */
export function formatCount(value: number): string {
  return counts.format(value);
}

/**
 * The German month abbreviations of date-fns' German locale (`format(date, 'MMM', { locale: de })`),
 * written out: the locale module (2.4 kB gzip) would load with every usage panel for these twelve words.
 */
const MONTH_ABBREVIATIONS = [
  'Jan.',
  'Feb.',
  'März',
  'Apr.',
  'Mai',
  'Juni',
  'Juli',
  'Aug.',
  'Sep.',
  'Okt.',
  'Nov.',
  'Dez.',
];

/** "2026-11" → "Nov. 2026", "2026-03" → "März 2026". */
export function monthLabel(month: string): string {
  const match = YEAR_MONTH_PATTERN.exec(month);
  const name = match ? MONTH_ABBREVIATIONS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
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
