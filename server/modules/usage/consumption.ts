import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { startOfWeek } from 'date-fns/startOfWeek';
import { fromIsoDate, toIsoDate, WEEK_STARTS_ON } from '../../../src/domain/dates';
import {
  CONSUMPTION_DAILY_UP_TO_DAYS,
  type ConsumptionGranularity,
  type ConsumptionPoint,
} from '../../../src/domain/usage';
import type { DayConsumption, PackageForConsumption } from './usage.repository';

const day = (iso: string) => fromIsoDate(iso)!;
const weekOf = (iso: string) => toIsoDate(startOfWeek(day(iso), { weekStartsOn: WEEK_STARTS_ON }));

/** The days a package's chart covers: its start to its end or today, whichever is earlier (none before it starts). */
export function consumptionSpan(pkg: Pick<PackageForConsumption, 'startDate' | 'endDate'>, today: string) {
  const last = pkg.endDate < today ? pkg.endDate : today;
  const days = last < pkg.startDate ? 0 : differenceInCalendarDays(day(last), day(pkg.startDate)) + 1;
  return { first: pkg.startDate, last, days };
}

/** Without a choice: per day for a package that has run for two months at most, else per week. */
export function defaultGranularity(days: number): ConsumptionGranularity {
  return days <= CONSUMPTION_DAILY_UP_TO_DAYS ? 'day' : 'week';
}

/**
 * Every day (or week, dated by its Monday) of the span with what was used and cancelled in it, and
 * the units left at its end. The remainder is counted back from today's `remainingAmount`: the
 * last point shows what the package table shows, and an increase of the amount appears as if the
 * package had always had it (increases are audited, not replayed here).
 */
export function consumptionPoints(
  pkg: Pick<PackageForConsumption, 'startDate' | 'endDate' | 'remainingAmount'>,
  days: readonly DayConsumption[],
  today: string,
  granularity: ConsumptionGranularity,
): ConsumptionPoint[] {
  const span = consumptionSpan(pkg, today);
  if (span.days === 0) return [];
  const bucketOf = granularity === 'day' ? (iso: string) => iso : weekOf;
  const points = new Map<string, ConsumptionPoint>();
  const step = granularity === 'day' ? 1 : 7;
  for (let date = day(bucketOf(span.first)); toIsoDate(date) <= span.last; date = addDays(date, step)) {
    const key = toIsoDate(date);
    points.set(key, { date: key, used: 0, cancelled: 0, remaining: 0 });
  }
  let usedLater = 0;
  for (const { day: iso, used, cancelled } of days) {
    const point = points.get(bucketOf(iso));
    if (point) {
      point.used += used;
      point.cancelled += cancelled;
    } else if (iso > span.last) {
      // Processes after the span (none should exist: a package is only used until its end).
      usedLater += used;
    }
  }
  const ordered = [...points.values()];
  let remaining = pkg.remainingAmount + usedLater;
  for (let i = ordered.length - 1; i >= 0; i -= 1) {
    ordered[i].remaining = remaining;
    remaining += ordered[i].used;
  }
  return ordered;
}
