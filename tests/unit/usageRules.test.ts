import { format } from 'date-fns/format';
import { de } from 'date-fns/locale/de';
import { describe, expect, it } from 'vitest';
import { daysUntilEnd, isLowOnCredit, packageNoticesDue, type PackageForNotice } from '../../src/domain/packageNotices';
import {
  addMonths,
  monthCount,
  monthsOfRange,
  resolveUsageRange,
  summarizeUsage,
  USAGE_MAX_MONTHS,
  USAGE_VALIDATION_TEXTS,
  type UsageRow,
} from '../../src/domain/usage';
import { monthLabel } from '../../src/resources/licenses/usage/format';

describe('usage months (src/domain/usage.ts)', () => {
  it('adds and counts months across years', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', -12)).toBe('2025-11');
    expect(monthCount('2025-11', '2026-11')).toBe(13);
    expect(monthCount('2026-05', '2026-04')).toBe(0);
    expect(monthsOfRange('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsOfRange('2026-05', '2026-04')).toEqual([]);
  });

  it('defaults to the current month in Germany and the twelve before it', () => {
    expect(resolveUsageRange({}, '2026-11-15')).toEqual({ range: { from: '2025-11', to: '2026-11' } });
    expect(resolveUsageRange({ to: '2026-03' }, '2026-11-15')).toEqual({ range: { from: '2025-03', to: '2026-03' } });
    expect(resolveUsageRange({ from: '2026-10' }, '2026-11-15')).toEqual({ range: { from: '2026-10', to: '2026-11' } });
  });

  it(`refuses a reversed range and one longer than ${USAGE_MAX_MONTHS} months`, () => {
    expect(resolveUsageRange({ from: '2026-05', to: '2026-04' }, '2026-11-15')).toEqual({
      problem: USAGE_VALIDATION_TEXTS.rangeReversed,
    });
    expect(resolveUsageRange({ from: '2023-11', to: '2026-10' }, '2026-11-15').range).toBeDefined();
    expect(resolveUsageRange({ from: '2023-10', to: '2026-10' }, '2026-11-15')).toEqual({
      problem: USAGE_VALIDATION_TEXTS.rangeTooLong,
    });
    expect(resolveUsageRange({ from: '2020-01' }, '2026-11-15').problem).toBe(USAGE_VALIDATION_TEXTS.rangeTooLong);
  });

  it('sums rows into every month of the range and the totals', () => {
    const row = (month: string, prepaid: number, postpaid: number, cancelled: number): UsageRow => ({
      month,
      storeId: 's-1',
      storeName: 'Studio',
      machineId: 'M-1',
      prepaid,
      postpaid,
      cancelled,
      billable: prepaid + postpaid,
    });
    const { months, totals } = summarizeUsage(
      [row('2026-01', 1, 2, 3), row('2026-03', 4, 0, 1), row('2026-03', 1, 1, 0)],
      {
        from: '2026-01',
        to: '2026-03',
      },
    );
    expect(months).toEqual([
      { month: '2026-01', prepaid: 1, postpaid: 2, cancelled: 3, billable: 3 },
      { month: '2026-02', prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 },
      { month: '2026-03', prepaid: 5, postpaid: 1, cancelled: 1, billable: 6 },
    ]);
    expect(totals).toEqual({ prepaid: 6, postpaid: 3, cancelled: 4, billable: 9 });
  });
});

describe('package notices due (src/domain/packageNotices.ts)', () => {
  const pkg = (overrides: Partial<PackageForNotice> = {}): PackageForNotice => ({
    id: 'p-1',
    startDate: '2030-01-01',
    endDate: '2030-12-31',
    amount: 100,
    remainingAmount: 50,
    suspended: false,
    ...overrides,
  });
  const TODAY = '2030-06-15';

  it('is low below 10 % remaining, not at exactly 10 % and not at nothing', () => {
    expect(isLowOnCredit({ amount: 100, remainingAmount: 9 })).toBe(true);
    expect(isLowOnCredit({ amount: 30, remainingAmount: 3 })).toBe(false);
    expect(isLowOnCredit({ amount: 100, remainingAmount: 10 })).toBe(false);
    expect(isLowOnCredit({ amount: 100, remainingAmount: 0 })).toBe(false);
    expect(isLowOnCredit({ amount: 5, remainingAmount: 1 })).toBe(false);
  });

  it('gives a used-up package "exhausted" only, even when it ends soon', () => {
    expect(packageNoticesDue(pkg({ remainingAmount: 0 }), TODAY)).toEqual(['exhausted']);
    expect(packageNoticesDue(pkg({ remainingAmount: 0, endDate: '2030-06-16' }), TODAY)).toEqual(['exhausted']);
  });

  it('gives "ending" from 7 days before the last day, on it too', () => {
    expect(daysUntilEnd('2030-06-22', TODAY)).toBe(7);
    expect(packageNoticesDue(pkg({ endDate: '2030-06-23' }), TODAY)).toEqual([]);
    expect(packageNoticesDue(pkg({ endDate: '2030-06-22' }), TODAY)).toEqual(['ending']);
    expect(packageNoticesDue(pkg({ endDate: TODAY }), TODAY)).toEqual(['ending']);
    expect(packageNoticesDue(pkg({ endDate: '2030-06-20', remainingAmount: 5 }), TODAY)).toEqual(['low', 'ending']);
  });

  it('gives nothing to a suspended, ended or not yet started package', () => {
    const low = { remainingAmount: 1 };
    expect(packageNoticesDue(pkg({ ...low, suspended: true }), TODAY)).toEqual([]);
    expect(packageNoticesDue(pkg({ ...low, endDate: '2030-06-14' }), TODAY)).toEqual([]);
    expect(packageNoticesDue(pkg({ ...low, startDate: '2030-06-16' }), TODAY)).toEqual([]);
    expect(packageNoticesDue(pkg({ ...low }), TODAY)).toEqual(['low']);
  });
});

describe('the usage view’s month names', () => {
  it("are date-fns' German abbreviations for every month (the table stands in for the locale's 2.4 kB)", () => {
    for (let month = 1; month <= 12; month += 1) {
      const key = `2026-${String(month).padStart(2, '0')}`;
      const expected = `${format(new Date(2026, month - 1, 15), 'MMM', { locale: de })} 2026`;

      expect(monthLabel(key)).toBe(expected);
    }
  });
});
