import { PORTAL_TIME_ZONE } from '../../../src/domain/dates';

/**
 * Instants as Germany's wall-clock time ('dd.MM.yyyy HH:mm:ss'), for millions of report rows:
 * Intl twice per UTC day (per hour on the days the offset changes, always on a full UTC hour),
 * a cached date text per day, and the time of day by arithmetic. Equal to Intl's answer for every second
 * (tests/unit/reportCsv.test.ts walks the DST changes).
 */

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: PORTAL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Germany's offset from UTC in seconds at the instant `epochSeconds`. */
function offsetAt(epochSeconds: number): number {
  const fields: Record<string, number> = {};
  for (const part of parts.formatToParts(new Date(epochSeconds * 1000))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wall = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second) / 1000;
  return wall - epochSeconds;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const SECONDS_PER_DAY = 86_400;

export function germanTimeFormatter() {
  /** Per UTC day: its offset, or per hour on the two days a year the offset changes. */
  const offsets = new Map<number, number | number[]>();
  const days = new Map<number, { date: string; month: string }>();

  function offsetOf(epochSeconds: number): number {
    const utcDay = Math.floor(epochSeconds / SECONDS_PER_DAY);
    let offset = offsets.get(utcDay);
    if (offset === undefined) {
      const start = utcDay * SECONDS_PER_DAY;
      const first = offsetAt(start);
      offset =
        first === offsetAt(start + SECONDS_PER_DAY - 1)
          ? first
          : Array.from({ length: 24 }, (_, hour) => offsetAt(start + hour * 3600));
      offsets.set(utcDay, offset);
    }
    return typeof offset === 'number' ? offset : offset[Math.floor((epochSeconds % SECONDS_PER_DAY) / 3600)];
  }

  const formatter = {
    /**
     * 'MM.yyyy' of the last instant formatted, the same string for every instant of a month's day
     * (the summary compares months by identity first).
     */
    month: '',
    /** 'dd.MM.yyyy HH:mm:ss' of whole seconds since 1970 (UTC). */
    format(epochSeconds: number): string {
      const local = epochSeconds + offsetOf(epochSeconds);
      const day = Math.floor(local / SECONDS_PER_DAY);
      let date = days.get(day);
      if (date === undefined) {
        const d = new Date(day * SECONDS_PER_DAY * 1000);
        const month = `${TWO_DIGITS[d.getUTCMonth() + 1]}.${d.getUTCFullYear()}`;
        date = { date: `${TWO_DIGITS[d.getUTCDate()]}.${month}`, month };
        days.set(day, date);
      }
      formatter.month = date.month;
      const seconds = local - day * SECONDS_PER_DAY;
      const h = Math.floor(seconds / 3600);
      const m = Math.floor((seconds % 3600) / 60);
      return `${date.date} ${TWO_DIGITS[h]}:${TWO_DIGITS[m]}:${TWO_DIGITS[seconds % 60]}`;
    },
  };
  return formatter;
}
