import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadedFile, LumioDataProvider } from '../../src/dataProvider';
import type { Self } from '../../src/domain/self';
import { currentStatementMonth, statementMonthLabel } from '../../src/domain/statementFormat';
import type { Statement, StatementListEntry, SystemIntegratorStatement } from '../../src/domain/statements';
import StatementsPage from '../../src/resources/statements/StatementsPage';
import { StatementLinkButton } from '../../src/resources/statements/StatementLinkButton';
import { missingKeys, renderAdminApp } from './support/adminApp';

const OWNER: Self = {
  id: 'u-owner',
  firstName: 'Stefan',
  lastName: 'Sonnenschein',
  salutation: null,
  email: 'inhaber@studio-sonnenschein.example',
  birthDate: null,
  role: 'Owner',
  status: 'VerifiedAndApproved',
  associatedEntity: { id: 'c-1' },
};
const INTEGRATOR: Self = { ...OWNER, id: 'u-si', role: 'SystemIntegratorAdmin', associatedEntity: { id: 'si-1' } };
const LUMIO_ADMIN: Self = { ...OWNER, id: 'u-admin', role: 'LumioAdmin', associatedEntity: null };

const statement = (overrides: Partial<Statement> = {}): Statement => ({
  companyId: 'c-1',
  month: '2026-10',
  company: {
    name: 'Fotostudio Sonnenschein GmbH',
    legalForm: 'GmbH',
    address: 'Sonnenallee 1, 12045 Berlin',
    country: 'Deutschland',
  },
  period: { startDate: '2026-10-01', endDate: '2026-10-31' },
  systemIntegrators: [{ id: 'si-1', name: 'FotoSoft GmbH' }],
  status: 'issued',
  issuedAt: '2026-11-01T02:00:00.000Z',
  stores: [
    {
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
      ],
    },
    {
      storeId: 's-2',
      storeName: 'Sonnenschein Neukölln',
      devices: [
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
    },
  ],
  corrections: [
    {
      processId: 'pr-1',
      originalMonth: '2026-09',
      storeId: 's-2',
      storeName: 'Sonnenschein Neukölln',
      machineId: 'THEKE-7',
      licenseId: 'l-2',
      systemIntegratorId: 'si-1',
      kind: 'postpaid',
      packageId: null,
      units: -1,
      cancelledAt: '2026-10-02T08:15:00.000Z',
    },
  ],
  totals: { prepaid: 1207, postpaid: 31, cancelled: 5, billable: 1238 },
  ...overrides,
});

const running = currentStatementMonth();
const MONTHS: StatementListEntry[] = [
  { month: running, status: 'preview', issuedAt: null },
  { month: '2026-10', status: 'issued', issuedAt: '2026-11-01T02:00:00.000Z' },
];

const file = (name: string): DownloadedFile => ({ blob: new Blob(['x']), fileName: name });

/** What the screens read, by month: the fake getOne answers from these. */
interface Reads {
  getCompanyStatement: (companyId: string, month: string) => Promise<Statement>;
  getSystemIntegratorStatement: (systemIntegratorId: string, month: string) => Promise<SystemIntegratorStatement>;
}

function fakeDataProvider(overrides: Partial<LumioDataProvider & Reads> = {}) {
  const calls = {
    getList: vi.fn(async () => ({
      data: MONTHS.map((entry) => ({ ...entry, id: entry.month })),
      total: MONTHS.length,
    })),
    // GET …/statement/{month} of a company ('company-statements') or an integrator ('integrator-statements').
    getOne: vi.fn(async (resource: string, { id, meta }: { id: string; meta: Record<string, string> }) => {
      const data =
        resource === 'company-statements'
          ? await calls.getCompanyStatement(meta.companyId, id)
          : await calls.getSystemIntegratorStatement(meta.systemIntegratorId, id);
      return { data: { ...data, id } };
    }),
    getMany: vi.fn(),
    getManyReference: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
    getCompanyStatement: vi.fn(async (_companyId: string, month: string) => statement({ month })),
    downloadCompanyStatement: vi.fn(async () => file('abrechnung-2026-10.pdf')),
    getSystemIntegratorStatement: vi.fn(async (): Promise<SystemIntegratorStatement> => {
      throw new Error('Not found');
    }),
    downloadSystemIntegratorStatement: vi.fn(async () => file('integrator.csv')),
    downloadStatementExport: vi.fn(async () => file('export.csv')),
    ...overrides,
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

function renderRoute(path: string, self: Self, dataProvider: DataProvider) {
  return renderAdminApp(path, {
    dataProvider,
    self,
    // The route's page as the list view of a resource of the route's name: the same path and
    // the same canAccess(route) check as guardedRoutes.tsx gives it.
    resources: <Resource name="statements" list={StatementsPage} />,
  });
}

const saved: string[] = [];
beforeEach(() => {
  missingKeys.length = 0;
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:statement');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  expect(missingKeys).toEqual([]);
});

/** Cell texts of a table's body and footer rows. */
const rowsOf = (group: HTMLElement) =>
  [...group.querySelectorAll('tbody tr, tfoot tr')].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

describe("a company's Abrechnungen (route statements)", () => {
  it("lists the months: the running one 'vorläufig', an issued one with its German issue day", async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderRoute('/statements/c-1', OWNER, dataProvider);

    const link = await screen.findByRole('link', { name: statementMonthLabel(running) });
    expect(link).toHaveAttribute('href', `/statements/c-1/${running}`);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('vorläufig');
    expect(rows[1]).toHaveTextContent('Oktober 2026');
    expect(rows[1]).toHaveTextContent('ausgestellt am 01.11.2026');
    expect(calls.getList).toHaveBeenCalledWith(
      'company-statements',
      expect.objectContaining({ filter: { companyId: 'c-1' }, sort: { field: 'id', order: 'DESC' } }),
    );
    expect(screen.getByRole('link', { name: 'Zurück zur Firma' })).toHaveAttribute('href', '/company-management');
  });

  it('opens any of the last 13 months from the picker, listed or not', async () => {
    const { dataProvider } = fakeDataProvider();
    renderRoute('/statements/c-1', OWNER, dataProvider);
    const picker = await screen.findByRole('combobox', { name: 'Monat' });
    expect(within(picker).getAllByRole('option')).toHaveLength(13);
    expect(screen.getByRole('link', { name: 'Abrechnung öffnen' })).toHaveAttribute(
      'href',
      `/statements/c-1/${running}`,
    );
    const earliest = (within(picker).getAllByRole('option').at(-1) as HTMLOptionElement).value;
    await userEvent.selectOptions(picker, earliest);
    expect(screen.getByRole('link', { name: 'Abrechnung öffnen' })).toHaveAttribute(
      'href',
      `/statements/c-1/${earliest}`,
    );
  });

  it("leads LumioAdmin back to the company's page", async () => {
    const { dataProvider } = fakeDataProvider();
    renderRoute('/statements/c-9', LUMIO_ADMIN, dataProvider);
    expect(await screen.findByRole('link', { name: 'Zurück zur Firma' })).toHaveAttribute('href', '/companies/c-9');
  });

  it('sends the Owner from statements alone to its own company', async () => {
    const { dataProvider } = fakeDataProvider();
    const app = renderRoute('/statements', OWNER, dataProvider);
    await screen.findByRole('link', { name: statementMonthLabel(running) });
    expect(app.pathname()).toBe('/statements/c-1');
  });

  it('shows an issued month: company, period, integrator, per studio its devices, corrections and totals', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderRoute('/statements/c-1/2026-10', OWNER, dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'Abrechnung Oktober 2026' })).toBeInTheDocument();
    expect(calls.getCompanyStatement).toHaveBeenCalledWith('c-1', '2026-10');
    expect(screen.getByText(/^Ausgestellt am 01\.11\.2026\./)).toBeInTheDocument();
    expect(screen.queryByText(/^Vorläufig/)).not.toBeInTheDocument();
    // The legal form as a fact of its own: the name already ends in it here.
    expect(screen.getByText('Firma').nextElementSibling).toHaveTextContent(/^Fotostudio Sonnenschein GmbH$/);
    expect(screen.getByText('Rechtsform').nextElementSibling).toHaveTextContent(/^GmbH$/);
    expect(screen.getByText('Sonnenallee 1, 12045 Berlin, Deutschland')).toBeInTheDocument();
    expect(screen.getByText('01.10.2026 bis 31.10.2026')).toBeInTheDocument();
    expect(screen.getByText('FotoSoft GmbH')).toBeInTheDocument();

    expect(rowsOf(screen.getByRole('group', { name: 'Geräte im Studio Sonnenschein Mitte' }))).toEqual([
      ['KASSE-1', '…DEM01', '01.01.2026 – 31.12.2026', '1.200', '300', '0', '4'],
      ['15.10.2026 – 14.10.2027', '7', '993'],
    ]);
    expect(rowsOf(screen.getByRole('group', { name: 'Geräte im Studio Sonnenschein Neukölln' }))).toEqual([
      ['THEKE-7', '…PST02', 'kein Prepaid', '0', '–', '31', '1'],
    ]);
    expect(rowsOf(screen.getByRole('group', { name: 'Korrekturen' }))).toEqual([
      [
        'September 2026',
        'Sonnenschein Neukölln',
        'THEKE-7',
        'Postpaid',
        '-1',
        expect.stringMatching(/^02\.10\.2026, /),
      ],
    ]);
    expect(rowsOf(screen.getByRole('group', { name: 'Summen je Studio' }))).toEqual([
      ['Sonnenschein Mitte', '1.207', '0', '4', '1.207'],
      ['Sonnenschein Neukölln', '0', '31', '1', '31'],
      ['Summe', '1.207', '31', '5', '1.238'],
    ]);
  });

  it("marks the running month as a preview: 'Vorläufig: Der laufende Monat ist noch nicht abgeschlossen.'", async () => {
    const { dataProvider } = fakeDataProvider({
      getCompanyStatement: vi.fn(async () =>
        statement({ month: running, status: 'preview', issuedAt: null, corrections: [] }),
      ),
    });
    renderRoute(`/statements/c-1/${running}`, OWNER, dataProvider);
    expect(
      await screen.findByText(/^Vorläufig: Der laufende Monat ist noch nicht abgeschlossen\./),
    ).toBeInTheDocument();
    expect(screen.getByText('vorläufig')).toBeInTheDocument();
    expect(screen.getByText('Keine Korrekturen in diesem Monat.')).toBeInTheDocument();
  });

  it("downloads the PDF and the CSV through the data provider, under the answer's file name", async () => {
    const { dataProvider, calls } = fakeDataProvider({
      downloadCompanyStatement: vi.fn(async (_c: unknown, _m: string, format: 'pdf' | 'csv') =>
        format === 'pdf' ? file('abrechnung-2026-10.pdf') : { blob: new Blob(['x']), fileName: null },
      ),
    });
    renderRoute('/statements/c-1/2026-10', OWNER, dataProvider);
    await userEvent.click(await screen.findByRole('button', { name: 'PDF herunterladen' }));
    await screen.findByRole('button', { name: 'CSV herunterladen' });
    await userEvent.click(screen.getByRole('button', { name: 'CSV herunterladen' }));
    await vi.waitFor(() => expect(saved).toEqual(['abrechnung-2026-10.pdf', 'abrechnung-2026-10.csv']));
    expect(calls.downloadCompanyStatement).toHaveBeenNthCalledWith(1, 'c-1', '2026-10', 'pdf');
    expect(calls.downloadCompanyStatement).toHaveBeenNthCalledWith(2, 'c-1', '2026-10', 'csv');
  });

  it('shows devices and totals as cards on a phone, with the same figures', async () => {
    // MUI's useMediaQuery reads matchMedia, which jsdom lacks: every max-width query matches (a phone).
    const matchMedia = vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const { dataProvider } = fakeDataProvider();
      renderRoute('/statements/c-1/2026-10', OWNER, dataProvider);
      const devices = await screen.findByRole('list', { name: 'Geräte im Studio Sonnenschein Mitte' });
      const card = within(devices).getByRole('listitem');
      expect(card).toHaveTextContent('KASSE-1');
      expect(card).toHaveTextContent('Prepaid-Paket (Zeitraum)15.10.2026 – 14.10.2027');
      expect(card).toHaveTextContent('Prepaid genutzt1.200');
      expect(card).toHaveTextContent('Rest am Monatsende993');
      expect(screen.queryByRole('group', { name: 'Summen je Studio' })).not.toBeInTheDocument();
      const totals = within(screen.getByRole('list', { name: 'Summen je Studio' })).getAllByRole('listitem');
      expect(totals.map((item) => item.textContent)).toEqual([
        'Sonnenschein MittePrepaid1.207Postpaid0Storniert4Abrechenbar1.207',
        'Sonnenschein NeuköllnPrepaid0Postpaid31Storniert1Abrechenbar31',
        'SummePrepaid1.207Postpaid31Storniert5Abrechenbar1.238',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so when the statement cannot be loaded', async () => {
    const { dataProvider } = fakeDataProvider({
      getCompanyStatement: vi.fn(async () => {
        throw new Error('Forbidden');
      }),
    });
    renderRoute('/statements/c-2/2026-10', OWNER, dataProvider);
    expect(
      await screen.findByText('Die Abrechnung konnte nicht geladen werden.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

describe("the integrator's Abrechnungen (statements/integrator)", () => {
  const integratorStatement = (month: string): SystemIntegratorStatement => {
    const company = statement({ month });
    return {
      systemIntegratorId: 'si-1',
      systemIntegratorName: 'FotoSoft GmbH',
      month,
      period: company.period,
      status: 'issued',
      issuedAt: '2026-11-01T02:00:00.000Z',
      companies: [company],
      totals: company.totals,
    };
  };

  it('opens the running month from statements; the picker offers it and the 12 before; a choice loads that month', async () => {
    const getSystemIntegratorStatement = vi.fn(async (_id: unknown, month: string) => integratorStatement(month));
    const { dataProvider, calls } = fakeDataProvider({ getSystemIntegratorStatement });
    const app = renderRoute('/statements', INTEGRATOR, dataProvider);

    const picker = await screen.findByRole('combobox', { name: 'Monat' });
    expect(app.pathname()).toBe(`/statements/integrator/${running}`);
    const options = within(picker).getAllByRole('option');
    expect(options).toHaveLength(13);
    expect(options[0]).toHaveTextContent(statementMonthLabel(running));
    expect(await screen.findByRole('heading', { level: 2, name: 'Fotostudio Sonnenschein GmbH' })).toBeInTheDocument();
    expect(getSystemIntegratorStatement).toHaveBeenCalledWith('si-1', running);
    expect(rowsOf(screen.getByRole('group', { name: 'Summen je Firma' }))).toEqual([
      ['Fotostudio Sonnenschein GmbH', '1.207', '31', '5', '1.238'],
      ['Summe', '1.207', '31', '5', '1.238'],
    ]);

    const chosen = (options[3] as HTMLOptionElement).value;
    await userEvent.selectOptions(picker, chosen);
    await vi.waitFor(() => expect(app.pathname()).toBe(`/statements/integrator/${chosen}`));
    await vi.waitFor(() => expect(getSystemIntegratorStatement).toHaveBeenCalledWith('si-1', chosen));

    await userEvent.click(await screen.findByRole('button', { name: 'CSV herunterladen' }));
    await vi.waitFor(() => expect(calls.downloadSystemIntegratorStatement).toHaveBeenCalledWith('si-1', chosen, 'csv'));
  });
});

describe("LumioAdmin's Abrechnungsexport (statements/export)", () => {
  it('downloads the CSV of the chosen month', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderRoute('/statements/export', LUMIO_ADMIN, dataProvider);
    const picker = await screen.findByRole('combobox', { name: 'Monat' });
    expect(picker).toHaveValue(running);
    const previous = (within(picker).getAllByRole('option')[1] as HTMLOptionElement).value;
    await userEvent.selectOptions(picker, previous);
    expect(screen.queryByRole('button', { name: 'PDF herunterladen' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'CSV herunterladen' }));
    await vi.waitFor(() => expect(saved).toEqual(['export.csv']));
    expect(calls.downloadStatementExport).toHaveBeenCalledWith(previous);
  });
});

describe('the ways to the statements that are not a company’s', () => {
  const ListActions = () => (
    <>
      <StatementLinkButton target="integrator" />
      <StatementLinkButton target="export" />
    </>
  );
  it.each([
    [INTEGRATOR, 'Abrechnungen', '/statements/integrator'],
    [LUMIO_ADMIN, 'Abrechnungsexport', '/statements/export'],
  ])('shows %#: only the link for its own role', async (self, label, href) => {
    const { dataProvider } = fakeDataProvider();
    renderAdminApp('/list', { dataProvider, self, resources: <Resource name="list" list={ListActions} /> });
    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('href', href);
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('shows a company’s Owner neither', async () => {
    const { dataProvider } = fakeDataProvider();
    renderAdminApp('/list', { dataProvider, self: OWNER, resources: <Resource name="list" list={ListActions} /> });
    await screen.findByRole('main');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('sends an Owner who types another role’s address to its own company’s statements', async () => {
    const { dataProvider } = fakeDataProvider();
    const app = renderRoute('/statements/export', OWNER, dataProvider);
    await screen.findByRole('link', { name: statementMonthLabel(running) });
    expect(app.pathname()).toBe('/statements/c-1');
  });
});
