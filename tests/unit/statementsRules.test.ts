import { describe, expect, it } from 'vitest';
import {
  isRunningMonth,
  monthPeriod,
  previousMonth,
  runningMonth,
  STATEMENT_TEXTS,
  statementMonthProblem,
  statementMonthSchema,
  statementMonthSchemaAt,
  statementTotals,
  type StatementStore,
} from '../../src/domain/statements';

/** 15 November 2026, noon in Berlin. */
const NOW = new Date('2026-11-15T11:00:00Z');

describe('statement months (src/domain/statements.ts)', () => {
  it('takes the running month from the calendar in Germany, not from UTC', () => {
    // 23:30 UTC on 31 October 2026 is 00:30 on 1 November in Berlin.
    expect(runningMonth(new Date('2026-10-31T23:30:00Z'))).toBe('2026-11');
    expect(runningMonth(new Date('2026-10-31T22:59:59Z'))).toBe('2026-10');
    expect(isRunningMonth('2026-11', new Date('2026-10-31T23:30:00Z'))).toBe(true);
    expect(isRunningMonth('2026-10', new Date('2026-10-31T23:30:00Z'))).toBe(false);
  });

  it('spans a month from its first to its last day, leap years included', () => {
    expect(monthPeriod('2028-02')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(monthPeriod('2026-02')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(monthPeriod('2026-12')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
  });

  it('steps back a month across the turn of the year', () => {
    expect(previousMonth('2026-11')).toBe('2026-10');
    expect(previousMonth('2026-01')).toBe('2025-12');
  });

  it('accepts months from January 2000 up to the running month', () => {
    expect(statementMonthProblem('2000-01', NOW)).toBeUndefined();
    expect(statementMonthProblem('2026-10', NOW)).toBeUndefined();
    expect(statementMonthProblem('2026-11', NOW)).toBeUndefined();
  });

  it('refuses malformed, too early and future months with German texts', () => {
    expect(statementMonthProblem('abc', NOW)).toBe(STATEMENT_TEXTS.monthInvalid);
    expect(statementMonthProblem('2026-13', NOW)).toBe(STATEMENT_TEXTS.monthInvalid);
    expect(statementMonthProblem('2026-1', NOW)).toBe(STATEMENT_TEXTS.monthInvalid);
    expect(statementMonthProblem('1999-12', NOW)).toBe(STATEMENT_TEXTS.monthTooEarly);
    expect(statementMonthProblem('2026-12', NOW)).toBe(STATEMENT_TEXTS.monthInFuture);
  });

  it('gives the same rule as zod schemas, with the bound of the clock', () => {
    expect(statementMonthSchema.safeParse('2026-12').success).toBe(true);
    expect(statementMonthSchema.safeParse('1999-12').error?.issues[0].message).toBe(STATEMENT_TEXTS.monthTooEarly);
    expect(statementMonthSchema.safeParse('abc').error?.issues.map((issue) => issue.message)).toEqual([
      STATEMENT_TEXTS.monthInvalid,
    ]);
    expect(statementMonthSchemaAt(NOW).safeParse('2026-12').error?.issues[0].message).toBe(
      STATEMENT_TEXTS.monthInFuture,
    );
    expect(statementMonthSchemaAt(NOW).safeParse('2026-11').success).toBe(true);
  });
});

describe('statement totals', () => {
  it('adds the devices of every studio; billable is prepaid plus postpaid', () => {
    const device = (used: number[], postpaid: number, cancelled: number) => ({
      machineId: 'K',
      licenseId: 'L',
      licenseKeyEnd: 'ABCDE',
      prepaid: used.map((n) => ({
        packageId: null,
        startDate: null,
        endDate: null,
        used: n,
        remainingAtMonthEnd: null,
      })),
      postpaid,
      cancelled,
    });
    const stores: StatementStore[] = [
      { storeId: 'a', storeName: 'A', devices: [device([2, 3], 1, 1), device([], 4, 0)] },
      { storeId: 'b', storeName: 'B', devices: [device([7], 0, 2)] },
    ];
    expect(statementTotals(stores)).toEqual({ prepaid: 12, postpaid: 5, cancelled: 3, billable: 17 });
    expect(statementTotals([])).toEqual({ prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 });
  });
});
