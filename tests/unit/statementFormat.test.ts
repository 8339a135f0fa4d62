import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import {
  germanDayOf,
  licenseKeyEndLabel,
  packagePeriodLabel,
  fallbackStatementFileName,
  statementMonthLabel,
  statementPickerMonths,
  storeTotals,
} from '../../src/domain/statementFormat';
import { canAccess } from '../../src/domain/navigation';
import type { Role } from '../../src/domain/roles';
import { statementTotals, type StatementStore } from '../../src/domain/statements';

const STORE: StatementStore = {
  storeId: 's-1',
  storeName: 'Sonnenschein Mitte',
  devices: [
    {
      machineId: 'KASSE-1',
      licenseId: 'l-1',
      systemIntegratorId: 'si-1',
      licenseKeyEnd: 'DEM01',
      prepaid: [
        { packageId: 'p-1', startDate: '2026-01-01', endDate: '2026-12-31', used: 1200, remainingAtMonthEnd: 300 },
        { packageId: 'p-2', startDate: '2026-10-15', endDate: '2027-10-14', used: 7, remainingAtMonthEnd: 993 },
      ],
      postpaid: 0,
      cancelled: 4,
    },
    {
      machineId: 'THEKE-7',
      licenseId: 'l-2',
      systemIntegratorId: 'si-1',
      licenseKeyEnd: 'PST02',
      prepaid: [],
      postpaid: 31,
      cancelled: 1,
    },
  ],
};

describe('statement formats', () => {
  it('names a month in German with its full name', () => {
    expect(statementMonthLabel('2026-10')).toBe('Oktober 2026');
    expect(statementMonthLabel('2026-03')).toBe('März 2026');
    expect(statementMonthLabel('2027-01')).toBe('Januar 2027');
    expect(statementMonthLabel('2026-13')).toBe('2026-13');
  });

  it('dates an issue by the calendar day in Germany, whatever the timestamp’s zone', () => {
    // 03:00 in Berlin on the 1st is 02:00 UTC (winter) …
    expect(germanDayOf('2026-11-01T02:00:00.000Z')).toBe('01.11.2026');
    // … and 23:30 UTC the evening before is already the 1st in Berlin.
    expect(germanDayOf('2026-10-31T23:30:00.000Z')).toBe('01.11.2026');
    expect(germanDayOf('2026-07-01T01:00:00+00:00')).toBe('01.07.2026');
    expect(germanDayOf('kein Datum')).toBe('');
  });

  it('offers the running month in Germany and the twelve before it, newest first, across the year', () => {
    const now = new Date('2026-12-31T23:30:00Z'); // already 1 January 2027 in Berlin
    const months = statementPickerMonths(now);
    expect(months).toHaveLength(13);
    expect(months[0]).toBe('2027-01');
    expect(months[1]).toBe('2026-12');
    expect(months.at(-1)).toBe('2026-01');
  });

  it('sums a studio as the statement’s totals do (prepaid = units used; cancelled never billed)', () => {
    expect(storeTotals(STORE)).toEqual({ prepaid: 1207, postpaid: 31, cancelled: 5, billable: 1238 });
    expect(storeTotals(STORE)).toEqual(statementTotals([STORE]));
  });

  it('writes package periods, licence key ends and fallback file names', () => {
    expect(packagePeriodLabel('2026-10-15', '2027-10-14')).toBe('15.10.2026 – 14.10.2027');
    expect(packagePeriodLabel(null, null)).toBe('');
    expect(licenseKeyEndLabel('DEM01')).toBe('…DEM01');
    expect(fallbackStatementFileName('2026-10', 'pdf')).toBe('abrechnung-2026-10.pdf');
    expect(fallbackStatementFileName('2026-10', 'csv', 'export')).toBe('abrechnung-export-2026-10.csv');
  });
});

describe('statement calls of the data provider', () => {
  function setup(answer: () => Response) {
    const urls: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      urls.push(String(input));
      return answer();
    });
    const dataProvider = createDataProvider({
      apiUrl: '/api',
      getToken: async () => 'token',
      fetch,
      readCookies: () => '',
    });
    return { dataProvider, urls, fetch };
  }

  it('lists a company’s months with the month as id, in the server’s order and without a search', async () => {
    const items = [
      { month: '2026-11', status: 'preview', issuedAt: null },
      { month: '2026-10', status: 'issued', issuedAt: '2026-11-01T02:00:00.000Z' },
    ];
    const { dataProvider, urls } = setup(
      () => new Response(JSON.stringify({ pageIndex: 0, pageSize: 20, totalItemCount: 13, items }), { status: 200 }),
    );
    const result = await dataProvider.getList('company-statements', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'DESC' },
      filter: { companyId: 'c-1' },
    });
    expect(urls).toEqual(['/api/company/c-1/statement?pageSize=20']);
    expect(result.total).toBe(13);
    expect(result.data.map((entry) => entry.id)).toEqual(['2026-11', '2026-10']);
  });

  it('reads a month of a company and of an integrator as records whose id is the month', async () => {
    const { dataProvider, urls } = setup(
      () => new Response(JSON.stringify({ month: '2026-10', status: 'issued' }), { status: 200 }),
    );
    const company = await dataProvider.getOne('company-statements', { id: '2026-10', meta: { companyId: 'c-1' } });
    const integrator = await dataProvider.getOne('integrator-statements', {
      id: '2026-10',
      meta: { systemIntegratorId: 'si-1' },
    });
    expect(urls).toEqual(['/api/company/c-1/statement/2026-10', '/api/system-integrator/si-1/statement/2026-10']);
    expect(company.data).toEqual({ id: '2026-10', month: '2026-10', status: 'issued' });
    expect(integrator.data.id).toBe('2026-10');
  });

  it('reads the paths the issue fixes and downloads files with the bearer token', async () => {
    const { dataProvider, urls, fetch } = setup(
      () =>
        new Response('%PDF', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="abrechnung-2026-10.pdf"' },
        }),
    );
    const pdf = await dataProvider.downloadCompanyStatement('c-1', '2026-10', 'pdf');
    expect(pdf.fileName).toBe('abrechnung-2026-10.pdf');
    await dataProvider.downloadCompanyStatement('c-1', '2026-10', 'csv');
    await dataProvider.downloadSystemIntegratorStatement('si-1', '2026-10', 'pdf');
    await dataProvider.downloadStatementExport('2026-10');
    expect(urls).toEqual([
      '/api/company/c-1/statement/2026-10/pdf',
      '/api/company/c-1/statement/2026-10/csv',
      '/api/system-integrator/si-1/statement/2026-10/pdf',
      '/api/statement/2026-10/csv',
    ]);
    const headers = new Headers(fetch.mock.calls[0][1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token');
  });
});

describe('who may open the statements (route statements, list company-statements)', () => {
  const user = (role: Role, status = 'VerifiedAndApproved') => ({ role, status, associatedEntity: { id: 'x' } });
  it.each([
    ['Owner', 'VerifiedAndApproved', true, true],
    ['AccountAdministrator', 'VerifiedAndApproved', true, true],
    ['LumioAdmin', 'VerifiedAndApproved', true, true],
    // Its own statement only (statements/integrator); a company's list is not its.
    ['SystemIntegratorAdmin', 'VerifiedAndApproved', true, false],
    ['Owner', 'Approved', false, false],
    ['Employee', 'VerifiedAndApproved', false, false],
    ['SystemAdmin', 'VerifiedAndApproved', false, false],
  ] as const)('%s (%s): route %s, company list %s', (role, status, route, list) => {
    expect(canAccess(user(role, status), 'statements', 'list')).toBe(route);
    expect(canAccess(user(role, status), 'company-statements', 'list')).toBe(list);
  });
});
