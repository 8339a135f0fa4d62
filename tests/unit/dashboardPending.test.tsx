import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProvider } from 'ra-core';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../src/components/dialogs';
import { Dashboard } from '../../src/customRoutes/Dashboard';
import type { LumioDataProvider } from '../../src/dataProvider';
import { createQueryClient } from '../../src/dataProvider/queryClient';
import { fillDays, type Dashboard as DashboardFigures } from '../../src/domain/dashboard';
import { canAccess } from '../../src/domain/navigation';
import type { Self } from '../../src/domain/self';
import { createI18nProvider } from '../../src/i18n';
import { mergeMessages } from '../../src/i18n/mergeMessages';
import { raGermanMessages } from '../../src/i18n/raGerman';
import { SHELL_MESSAGE_MODULES } from '../../src/i18n/shellModules';

/** The dashboard renders with the shell's texts only (src/i18n/shellModules.ts): none may be missing. */
const missingKeys: string[] = [];
const i18nProvider = createI18nProvider(mergeMessages(raGermanMessages, ...SHELL_MESSAGE_MODULES), (key) =>
  missingKeys.push(key),
);

afterEach(() => {
  cleanup();
  expect(missingKeys, 'keys missing from the shell catalogue').toEqual([]);
});

const buildSelf = (overrides: Partial<Self> = {}): Self => ({
  id: 'u-1',
  firstName: 'Max',
  lastName: 'Muster',
  salutation: 'Herr',
  email: 'inhaber@studio-sonnenschein.example',
  birthDate: '1980-01-01',
  role: 'Owner',
  status: 'VerifiedAndApproved',
  associatedEntity: { id: 'c-1' },
  ...overrides,
});

const month = (m: string, prepaid: number, postpaid: number, cancelled: number) => ({
  month: m,
  prepaid,
  postpaid,
  cancelled,
  billable: prepaid + postpaid,
});

const companyFigures: DashboardFigures = {
  kind: 'company',
  companyId: 'c-1',
  pendingEmployees: 2,
  thisMonth: month('2026-11', 1200, 34, 5),
  lastMonth: month('2026-10', 980, 12, 0),
  packages: { usedUp: 1, low: 3, ending: 0 },
  suspendedLicenses: 1,
};

function renderDashboard(self: Self, getDashboard: () => Promise<DashboardFigures>) {
  const authProvider: AuthProvider = {
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getPermissions: async () => self,
    canAccess: async ({ resource, action }) => canAccess(self, resource, action),
  };
  const dataProvider = {
    getDashboard: vi.fn(getDashboard),
    getOpenApplicationCount: vi.fn(async () => 4),
    getOpenEidReviewCount: vi.fn(async () => 2),
  } as unknown as LumioDataProvider;
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        queryClient={createQueryClient()}
      >
        <DialogProvider>
          <Dashboard />
        </DialogProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return dataProvider;
}

const pendingSection = () => screen.findByRole('region', { name: 'Was ansteht' });
const link = async (name: string | RegExp) => within(await pendingSection()).findByRole('link', { name });

describe("dashboard: 'Was ansteht'", () => {
  it('shows the tiles while the figures are still loading, then the figures below them', async () => {
    let answer: (figures: DashboardFigures) => void = () => {};
    const dataProvider = renderDashboard(
      buildSelf(),
      () => new Promise<DashboardFigures>((resolve) => (answer = resolve)),
    );
    expect(await screen.findByRole('list', { name: 'Bereiche' })).toBeInTheDocument();
    expect(await screen.findByText('Zahlen werden geladen …')).toBeInTheDocument();
    expect(dataProvider.getDashboard).toHaveBeenCalledTimes(1);

    answer(companyFigures);

    expect(await link('2 Personen warten auf Freigabe')).toHaveAttribute(
      'href',
      '/employees#zu-pruefende-mitarbeitende',
    );
  });

  it("gives an owner each company figure as a link to the screen that handles it, and the months' processes", async () => {
    renderDashboard(buildSelf(), async () => companyFigures);
    expect(await link('1 Paket aufgebraucht')).toHaveAttribute('href', '/license-management/c-1');
    expect(await link('3 Pakete unter der Hinweisschwelle')).toHaveAttribute('href', '/license-management/c-1');
    expect(await link('0 Pakete enden in den nächsten 30 Tagen')).toHaveAttribute('href', '/license-management/c-1');
    expect(await link('1 Lizenz gesperrt')).toHaveAttribute('href', '/license-management/c-1');
    expect(await link('Zur Nutzung')).toHaveAttribute('href', '/license-management/c-1');

    const table = within(await pendingSection()).getByRole('table', { name: 'Identifikationsvorgänge' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(
      within(row('Prepaid'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1.200', '980']);
    expect(
      within(row('Postpaid'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['34', '12']);
    expect(
      within(row('Storniert'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', '0']);
  });

  it('shows an account administrator the licence figures as text: it may not open the licence screens', async () => {
    renderDashboard(buildSelf({ role: 'AccountAdministrator' }), async () => companyFigures);
    expect(await link('2 Personen warten auf Freigabe')).toHaveAttribute(
      'href',
      '/employees#zu-pruefende-mitarbeitende',
    );
    const section = await pendingSection();
    expect(within(section).getByText('1 Paket aufgebraucht')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: '1 Paket aufgebraucht' })).toBeNull();
    expect(within(section).queryByRole('link', { name: 'Zur Nutzung' })).toBeNull();
  });

  it('tells an employee what the own account still lacks, the eID linked to its verification', async () => {
    renderDashboard(buildSelf({ role: 'Employee', status: 'Unverified' }), async () => ({
      kind: 'ownAccount',
      eidMissing: true,
      eidInReview: false,
      approvalMissing: true,
    }));
    expect(await link('Ihre eID-Verifizierung fehlt noch.')).toHaveAttribute('href', '/verify');
    expect(
      within(await pendingSection()).getByText('Die Freigabe durch Ihre Firma steht noch aus.'),
    ).toBeInTheDocument();
  });

  it('tells a released and verified employee that nothing is due', async () => {
    renderDashboard(buildSelf({ role: 'Employee' }), async () => ({
      kind: 'ownAccount',
      eidMissing: false,
      eidInReview: false,
      approvalMissing: false,
    }));
    expect(await within(await pendingSection()).findByText('Für Ihr Konto steht nichts an.')).toBeInTheDocument();
  });

  it("gives LumioAdmin its queue as links and the 30 days' processes as a labelled chart", async () => {
    const days = fillDays(
      [
        { day: '2026-11-15', count: 7 },
        { day: '2026-11-01', count: 14 },
      ],
      '2026-11-15',
    );
    renderDashboard(buildSelf({ role: 'LumioAdmin', status: 'Active', associatedEntity: null }), async () => ({
      kind: 'provider',
      openApplications: 3,
      openEidReviews: 1,
      companiesApprovedThisMonth: 0,
      processesPerDay: days,
    }));
    expect(await link('3 offene Anträge')).toHaveAttribute('href', '/open-applications');
    expect(await link('1 offene eID-Prüfung')).toHaveAttribute('href', '/verification-check');
    expect(await link('0 Firmen in diesem Monat freigegeben')).toHaveAttribute('href', '/companies');
    // The sum at once; the chart (and its library) only when asked for.
    expect(screen.getByText('21 Vorgänge in 30 Tagen, am meisten 14 an einem Tag')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Balkendiagramm/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Diagramm anzeigen' }));
    // The chart's chunk (with @mui/x-charts) may take a few seconds to load in jsdom.
    const chart = await screen.findByRole(
      'img',
      { name: 'Balkendiagramm: 21 Vorgänge vom 17.10.2026 bis 15.11.2026, am meisten 14 an einem Tag' },
      { timeout: 15_000 },
    );
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Diagramm ausblenden' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("gives an integrator its customers' licences and packages as links to the licence management", async () => {
    renderDashboard(
      buildSelf({ role: 'SystemIntegratorAdmin', status: 'Active', associatedEntity: { id: 'si-1' } }),
      async () => ({
        kind: 'integrator',
        systemIntegratorId: 'si-1',
        activeLicenses: 12,
        suspendedLicenses: 2,
        packages: { usedUp: 0, low: 1, ending: 4 },
        processesPerDay: fillDays([], '2026-11-15'),
      }),
    );
    expect(await link('12 Lizenzen aktiv')).toHaveAttribute('href', '/license-management');
    expect(await link('2 Lizenzen gesperrt')).toHaveAttribute('href', '/license-management');
    expect(await link('4 Pakete enden in den nächsten 30 Tagen')).toHaveAttribute('href', '/license-management');
    expect(screen.getByText('0 Vorgänge in 30 Tagen, am meisten 0 an einem Tag')).toBeInTheDocument();
  });

  it("gives SystemAdmin the accounts as links and the service's health as text", async () => {
    renderDashboard(buildSelf({ role: 'SystemAdmin', status: 'Active', associatedEntity: null }), async () => ({
      kind: 'system',
      administrators: 5,
      systemIntegrators: 2,
      mailsWaiting: 3,
      oldestMailAgeSeconds: 754,
      failedJobs24h: 1,
    }));
    expect(await link('5 Administratoren')).toHaveAttribute('href', '/administration');
    expect(await link('2 System-Integratoren')).toHaveAttribute('href', '/system-integrators');
    const section = await pendingSection();
    expect(within(section).getByText('3 Mails warten im Postausgang')).toBeInTheDocument();
    expect(within(section).getByText('älteste seit 12 Minuten')).toBeInTheDocument();
    expect(within(section).getByText('1 Hintergrundauftrag in 24 Stunden fehlgeschlagen')).toBeInTheDocument();
  });
});
