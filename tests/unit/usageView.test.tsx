import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, memoryStore, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LumioDataProvider } from '../../src/dataProvider';
import { createQueryClient } from '../../src/dataProvider/queryClient';
import { todayInGermany } from '../../src/domain/dates';
import type { CompanyUsage, PackageConsumption as Consumption, UsageRow } from '../../src/domain/usage';
import { createI18nProvider } from '../../src/i18n';
import { deMessages } from '../../src/i18n/de';
import { PackageConsumption, UsagePanel } from '../../src/resources/licenses/usage';
import { monthLabel } from '../../src/resources/licenses/usage/format';

// The chart's chunk compiles on first use; on a busy 2-core machine that takes a while.
configure({ asyncUtilTimeout: 10_000 });

const missingKeys: string[] = [];
const i18nProvider = createI18nProvider(deMessages, (key) => missingKeys.push(key));
afterEach(() => {
  expect(missingKeys).toEqual([]);
});

const row = (
  month: string,
  storeId: string,
  machineId: string,
  prepaid: number,
  postpaid: number,
  cancelled: number,
): UsageRow => ({
  month,
  storeId,
  storeName: storeId === 's-1' ? 'Sonnenschein Mitte' : 'Sonnenschein Neukölln',
  machineId,
  prepaid,
  postpaid,
  cancelled,
  billable: prepaid + postpaid,
});

const ROWS: UsageRow[] = [
  row('2026-03', 's-1', 'KASSE-1', 1200, 34, 5),
  row('2026-03', 's-2', 'THEKE-7', 10, 0, 1),
  row('2026-11', 's-1', 'KASSE-1', 7, 2, 0),
  row('2026-11', 's-1', 'KASSE-2', 3, 0, 2),
];

function usage(rows: UsageRow[] = ROWS, overrides: Partial<CompanyUsage> = {}): CompanyUsage {
  const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'].concat([
    '2026-07',
    '2026-08',
    '2026-09',
    '2026-10',
    '2026-11',
  ]);
  const sum = (list: UsageRow[]) =>
    list.reduce(
      (acc, r) => ({
        prepaid: acc.prepaid + r.prepaid,
        postpaid: acc.postpaid + r.postpaid,
        cancelled: acc.cancelled + r.cancelled,
        billable: acc.billable + r.billable,
      }),
      { prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 },
    );
  return {
    companyId: 'c-1',
    from: '2026-01',
    to: '2026-11',
    storeId: null,
    licenseId: null,
    stores: [
      { id: 's-1', name: 'Sonnenschein Mitte' },
      { id: 's-2', name: 'Sonnenschein Neukölln' },
    ],
    months: months.map((month) => ({ month, ...sum(rows.filter((r) => r.month === month)) })),
    rows,
    totals: sum(rows),
    ...overrides,
  };
}

const consumption = (overrides: Partial<Consumption> = {}): Consumption => ({
  packageId: 'p-1',
  licenseId: 'l-1',
  startDate: '2026-03-01',
  endDate: '2027-02-28',
  amount: 2000,
  usedAmount: 1234,
  remainingAmount: 766,
  suspended: false,
  state: 'valid',
  granularity: 'week',
  points: [
    { date: '2026-02-23', used: 0, cancelled: 0, remaining: 2000 },
    { date: '2026-03-02', used: 1200, cancelled: 3, remaining: 800 },
    { date: '2026-03-09', used: 0, cancelled: 0, remaining: 800 },
    { date: '2026-03-16', used: 34, cancelled: 0, remaining: 766 },
  ],
  ...overrides,
});

function fakeDataProvider(calls: Partial<Pick<LumioDataProvider, 'getCompanyUsage' | 'getPackageConsumption'>>) {
  return {
    getList: vi.fn(),
    getOne: vi.fn(),
    getMany: vi.fn(),
    getManyReference: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
    ...calls,
  } as unknown as DataProvider;
}

function renderWith(dataProvider: DataProvider, ui: React.ReactNode) {
  render(
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={memoryStore()}
      queryClient={createQueryClient()}
    >
      {ui}
    </AdminContext>,
  );
}

/** The visible text of every body (and footer) row of a table, cell by cell. */
const bodyRows = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr, tfoot tr')].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

describe('UsagePanel', () => {
  it('shows the months as a table in German: headers, month names, numbers and the sum', async () => {
    const getCompanyUsage = vi.fn(async () => usage());
    renderWith(fakeDataProvider({ getCompanyUsage }), <UsagePanel companyId="c-1" />);

    const table = await screen.findByRole('table', { name: 'Vorgänge je Monat' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Monat', 'Prepaid', 'Postpaid', 'Storniert', 'Abrechenbar']);
    const rows = bodyRows(table);
    // Every month of the answer, in its order, with the answer's numbers: the table is the chart's data.
    expect(rows.slice(0, -1).map((cells) => cells[0])).toEqual(usage().months.map((m) => monthLabel(m.month)));
    expect(rows[0][0]).toBe('Jan. 2026');
    expect(rows[2]).toEqual(['März 2026', '1.210', '34', '6', '1.244']);
    expect(rows[10]).toEqual(['Nov. 2026', '10', '2', '2', '12']);
    expect(rows.at(-1)).toEqual(['Summe', '1.220', '36', '8', '1.256']);
    expect(getCompanyUsage).toHaveBeenCalledWith('c-1', { storeId: undefined });
    expect(screen.getByText(/Stornierte Vorgänge werden nicht berechnet/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Jan. 2026 bis Nov. 2026 · Abrechenbar: 1.256 (Prepaid 1.220, Postpaid 36) · Storniert, nicht berechnet: 8',
      ),
    ).toBeInTheDocument();
  });

  it('draws the months as a stacked bar chart, labelled for screen readers, when asked for', async () => {
    const user = userEvent.setup();
    renderWith(fakeDataProvider({ getCompanyUsage: vi.fn(async () => usage()) }), <UsagePanel companyId="c-1" />);
    await user.click(await screen.findByRole('button', { name: 'Diagramm anzeigen' }));
    const chart = await screen.findByRole('img', {
      name: /Balkendiagramm der Vorgänge je Monat von Jan\. 2026 bis Nov\. 2026/,
    });
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
  });

  it('loads the chart only when asked for, and hides it again', async () => {
    const user = userEvent.setup();
    renderWith(fakeDataProvider({ getCompanyUsage: vi.fn(async () => usage()) }), <UsagePanel companyId="c-1" />);
    await screen.findByRole('table', { name: 'Vorgänge je Monat' });
    const toggle = screen.getByRole('button', { name: 'Diagramm anzeigen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Diagramm wird geladen …')).toBeNull();
    expect(screen.queryByRole('img', { name: /Balkendiagramm/ })).toBeNull();

    await user.click(toggle);
    expect(await screen.findByRole('img', { name: /Balkendiagramm/ })).toBeInTheDocument();
    const hide = screen.getByRole('button', { name: 'Diagramm ausblenden' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');

    await user.click(hide);
    expect(screen.queryByRole('img', { name: /Balkendiagramm/ })).toBeNull();
  });

  it('breaks the range down per studio and device, and per month on request', async () => {
    const user = userEvent.setup();
    renderWith(fakeDataProvider({ getCompanyUsage: vi.fn(async () => usage()) }), <UsagePanel companyId="c-1" />);
    const table = await screen.findByRole('table', { name: 'Vorgänge je Studio und Gerät' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Studio', 'Geräte-ID', 'Prepaid', 'Postpaid', 'Storniert', 'Abrechenbar']);
    expect(bodyRows(table)).toEqual([
      ['Sonnenschein Mitte', 'KASSE-1', '1.207', '36', '5', '1.243'],
      ['Sonnenschein Mitte', 'KASSE-2', '3', '0', '2', '3'],
      ['Sonnenschein Neukölln', 'THEKE-7', '10', '0', '1', '10'],
      ['Summe', '1.220', '36', '8', '1.256'],
    ]);
    await user.selectOptions(screen.getByLabelText('Monat'), 'Nov. 2026');
    const november = screen.getByRole('table', { name: 'Vorgänge je Studio und Gerät: Nov. 2026' });
    expect(bodyRows(november)).toEqual([
      ['Sonnenschein Mitte', 'KASSE-1', '7', '2', '0', '9'],
      ['Sonnenschein Mitte', 'KASSE-2', '3', '0', '2', '3'],
      ['Summe', '10', '2', '2', '12'],
    ]);
  });

  it('asks again for one studio and for a longer period', async () => {
    const user = userEvent.setup();
    const getCompanyUsage = vi.fn(async () => usage());
    renderWith(fakeDataProvider({ getCompanyUsage }), <UsagePanel companyId="c-1" />);
    await screen.findByRole('table', { name: 'Vorgänge je Monat' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Alle Studios', 'Sonnenschein Mitte', 'Sonnenschein Neukölln', 'Letzte 13 Monate']),
    );
    await user.selectOptions(screen.getByLabelText('Studio'), 'Sonnenschein Neukölln');
    await waitFor(() => expect(getCompanyUsage).toHaveBeenLastCalledWith('c-1', { storeId: 's-2' }));
    await user.selectOptions(screen.getByLabelText('Zeitraum'), 'Letzte 36 Monate');
    const to = todayInGermany().slice(0, 7);
    await waitFor(() =>
      expect(getCompanyUsage).toHaveBeenLastCalledWith('c-1', {
        from: expect.stringMatching(/^\d{4}-\d{2}$/),
        to,
        storeId: 's-2',
      }),
    );
  });

  it('says so when the usage cannot be loaded', async () => {
    const getCompanyUsage = vi.fn(async () => {
      throw new HttpError('Forbidden', 403);
    });
    renderWith(fakeDataProvider({ getCompanyUsage }), <UsagePanel companyId="c-1" />);
    expect(await screen.findByText('Die Nutzungsdaten konnten nicht geladen werden.')).toBeInTheDocument();
  });
});

describe('PackageConsumption', () => {
  it('shows the package in German and a table of the weeks with processes', async () => {
    const getPackageConsumption = vi.fn(async () => consumption());
    renderWith(fakeDataProvider({ getPackageConsumption }), <PackageConsumption licenseId="l-1" packageId="p-1" />);
    expect(
      await screen.findByText(
        'Gültig vom 01.03.2026 bis 28.02.2027 · Anzahl 2.000 · Genutzt 1.234 · Verbleibend 766 · Gültig',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Verbrauch je Woche (nur Zeiträume mit Vorgängen)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Woche', 'Genutzt', 'Storniert', 'Verbleibend']);
    expect(bodyRows(table)).toEqual([
      ['Woche ab 02.03.2026', '1.200', '3', '800'],
      ['Woche ab 16.03.2026', '34', '0', '766'],
    ]);
    expect(getPackageConsumption).toHaveBeenCalledWith('l-1', 'p-1', undefined);
    expect(await screen.findByRole('img', { name: /genutzte Vorgänge je Woche als Balken/ })).toBeInTheDocument();
  });

  it('switches to days', async () => {
    const user = userEvent.setup();
    const getPackageConsumption = vi.fn(async (_l: unknown, _p: unknown, granularity?: string) =>
      granularity === 'day'
        ? consumption({
            granularity: 'day',
            points: [
              { date: '2026-03-01', used: 0, cancelled: 0, remaining: 2000 },
              { date: '2026-03-02', used: 1200, cancelled: 3, remaining: 800 },
            ],
          })
        : consumption({ startDate: todayInGermany(), endDate: '2099-12-31' }),
    );
    renderWith(fakeDataProvider({ getPackageConsumption }), <PackageConsumption licenseId="l-1" packageId="p-1" />);
    await user.click(await screen.findByRole('button', { name: 'Täglich' }));
    await waitFor(() => expect(getPackageConsumption).toHaveBeenLastCalledWith('l-1', 'p-1', 'day'));
    const table = await screen.findByRole('table', { name: 'Verbrauch je Tag (nur Zeiträume mit Vorgängen)' });
    expect(bodyRows(table)).toEqual([['02.03.2026', '1.200', '3', '800']]);
  });

  it('offers no daily view of a package that has run for more than 366 days', async () => {
    renderWith(
      fakeDataProvider({ getPackageConsumption: vi.fn(async () => consumption({ startDate: '2020-01-01' })) }),
      <PackageConsumption licenseId="l-1" packageId="p-1" />,
    );
    expect(await screen.findByRole('button', { name: 'Täglich' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Wöchentlich' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says a package that has not started has used nothing', async () => {
    renderWith(
      fakeDataProvider({
        getPackageConsumption: vi.fn(async () =>
          consumption({ startDate: '2099-01-01', endDate: '2099-12-31', state: 'future', points: [], usedAmount: 0 }),
        ),
      }),
      <PackageConsumption licenseId="l-1" packageId="p-1" />,
    );
    expect(
      await screen.findByText('Das Paket beginnt am 01.01.2099; bisher wurde nichts verbraucht.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Noch nicht gültig/)).toBeInTheDocument();
  });
});
