import { describe, expect, it } from 'vitest';
import {
  isRunningMonth,
  monthPeriod,
  previousMonth,
  runningMonth,
  STATEMENT_TEXTS,
  statementMonthProblem,
  statementForSystemIntegrator,
  statementTotals,
  sumTotals,
  type Statement,
  type StatementStore,
} from '../../src/domain/statements';
import { statementMonthSchema } from '../../src/domain/statementMonthSchema';

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
  });
});

describe('statement totals', () => {
  const device = (used: number[], postpaid: number, cancelled: number, systemIntegratorId = 'S1') => ({
    machineId: 'K',
    licenseId: 'L',
    systemIntegratorId,
    licenseKeyEnd: 'ABCDE',
    prepaid: used.map((n) => ({ packageId: null, startDate: null, endDate: null, used: n, remainingAtMonthEnd: null })),
    postpaid,
    cancelled,
  });

  it('adds the devices of every studio; billable is prepaid plus postpaid', () => {
    const stores: StatementStore[] = [
      { storeId: 'a', storeName: 'A', devices: [device([2, 3], 1, 1), device([], 4, 0)] },
      { storeId: 'b', storeName: 'B', devices: [device([7], 0, 2)] },
    ];
    expect(statementTotals(stores)).toEqual({ prepaid: 12, postpaid: 5, cancelled: 3, billable: 17 });
    expect(statementTotals([])).toEqual({ prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 });
  });

  it("an integrator's view keeps only its own licences' devices and corrections, and counts its totals again", () => {
    const stores: StatementStore[] = [
      { storeId: 'a', storeName: 'A', devices: [device([2], 1, 0, 'S1'), device([5], 3, 1, 'S2')] },
      { storeId: 'b', storeName: 'B', devices: [device([], 4, 0, 'S2')] },
    ];
    const correction = (systemIntegratorId: string) => ({
      processId: systemIntegratorId,
      originalMonth: '2026-09',
      storeId: 'a',
      storeName: 'A',
      machineId: 'K',
      licenseId: 'L',
      systemIntegratorId,
      kind: 'postpaid' as const,
      packageId: null,
      units: -1,
      cancelledAt: '2026-10-02T10:00:00.000Z',
    });
    const statement: Statement = {
      companyId: 'c',
      month: '2026-10',
      company: { name: 'Firma', legalForm: 'GmbH', address: 'Weg 1', country: 'DE' },
      period: { startDate: '2026-10-01', endDate: '2026-10-31' },
      systemIntegrators: [
        { id: 'S1', name: 'Eins' },
        { id: 'S2', name: 'Zwei' },
      ],
      status: 'issued',
      issuedAt: '2026-11-01T02:00:00.000Z',
      stores,
      corrections: [correction('S1'), correction('S2')],
      totals: statementTotals(stores),
    };

    const own = statementForSystemIntegrator(statement, 'S1');

    expect(own.stores).toEqual([{ storeId: 'a', storeName: 'A', devices: [device([2], 1, 0, 'S1')] }]);
    expect(own.corrections.map((c) => c.systemIntegratorId)).toEqual(['S1']);
    expect(own.systemIntegrators).toEqual([{ id: 'S1', name: 'Eins' }]);
    expect(own.totals).toEqual({ prepaid: 2, postpaid: 1, cancelled: 0, billable: 3 });
    expect(sumTotals([own, statementForSystemIntegrator(statement, 'S2')])).toEqual(statement.totals);
  });
});
