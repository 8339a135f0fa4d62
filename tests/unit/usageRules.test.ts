import { describe, expect, it } from 'vitest';
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
