import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { fromIsoDate } from './dates';
import { ENDING_NOTICE_DAYS, LOW_CREDIT_SHARE, packageState, type PackageForChoice } from './licenses';

/**
 * The notices a package's owner and system integrator get by mail (issue 13, research/domain.md
 * §6 row 32), each at most once per package and kind (table package_notices):
 *
 * - 'low': fewer than LOW_CREDIT_SHARE (10 %) of the amount remain, but some do;
 * - 'exhausted': nothing remains;
 * - 'ending': the last day is at most ENDING_NOTICE_DAYS (7) days away and units remain.
 *
 * Only packages in use get notices (packageState 'valid' or 'usedUp' on Germany's today): not a
 * suspended one, not one that has not started or has ended. A used-up package gets 'exhausted'
 * only — 'low' would tell less than it already knows, and 'ending' is moot with nothing left to
 * use — so one run sends each package at most the strongest amount notice ('exhausted' over
 * 'low') and, independently, 'ending'. A package that runs low and later runs out gets both,
 * one after the other; one that jumps from above 10 % to nothing between two runs gets
 * 'exhausted' only. After an increase the rules apply to the new amount, but a kind once sent is
 * never sent again for that package.
 */
export const PACKAGE_NOTICE_KINDS = ['low', 'exhausted', 'ending'] as const;
export type PackageNoticeKind = (typeof PACKAGE_NOTICE_KINDS)[number];

export interface PackageForNotice extends PackageForChoice {
  amount: number;
}

/** Whether fewer than 10 % of the amount remain (and some do). */
export function isLowOnCredit({ amount, remainingAmount }: { amount: number; remainingAmount: number }): boolean {
  return remainingAmount > 0 && remainingAmount < amount * LOW_CREDIT_SHARE;
}

/** Days from `today` to the package's last day (0 on the last day itself). */
export function daysUntilEnd(endDate: string, today: string): number {
  const end = fromIsoDate(endDate);
  const day = fromIsoDate(today);
  if (!end || !day) throw new Error(`not a calendar day: ${endDate} / ${today}`);
  return differenceInCalendarDays(end, day);
}

/** The notices a package is due on `today` (Germany's calendar day), before subtracting those already sent. */
export function packageNoticesDue(pkg: PackageForNotice, today: string): PackageNoticeKind[] {
  const state = packageState(pkg, today);
  if (state === 'usedUp') return ['exhausted'];
  if (state !== 'valid') return [];
  const due: PackageNoticeKind[] = [];
  if (isLowOnCredit(pkg)) due.push('low');
  if (daysUntilEnd(pkg.endDate, today) <= ENDING_NOTICE_DAYS) due.push('ending');
  return due;
}

/**
 * The webhook event `package.expired` (issue 26, part 4), once per package like the notices (no
 * mail): a package whose last day has passed, announced within EXPIRED_EVENT_DAYS after it, so that
 * a job that did not run for a while still announces it, and packages that ended long before
 * webhooks existed are not announced at all. A suspended package (or one of a suspended licence) is
 * not in use, so its end is no news.
 */
export const EXPIRED_EVENT_DAYS = 7;
export const PACKAGE_EXPIRED_CLAIM = 'expired';

export function packageExpiredDue(pkg: PackageForChoice & { licenseSuspended: boolean }, today: string): boolean {
  if (pkg.suspended || pkg.licenseSuspended || packageState(pkg, today) !== 'expired') return false;
  return -daysUntilEnd(pkg.endDate, today) <= EXPIRED_EVENT_DAYS;
}

/** The webhook event of each notice kind: the same threshold, once per package. */
export const WEBHOOK_EVENT_OF_NOTICE = {
  low: 'package.low',
  exhausted: 'package.exhausted',
  ending: 'package.expiring',
} as const satisfies Record<PackageNoticeKind, string>;
