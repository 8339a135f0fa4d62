import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  canManageLicenses,
  canReadLicenses,
  picksLicenseCompany,
  seesLicenseChannel,
} from '../../src/domain/licenseAccess';
import { canAccess } from '../../src/domain/navigation';
import { ROLES } from '../../src/domain/roles';
import { missingKeys } from './support/adminApp';
import {
  BOUND_LICENSE,
  COMPANY,
  fakeDataProvider,
  IDS,
  INTEGRATOR,
  KEY,
  LUMIO_ADMIN,
  OWNER,
  PATHS,
  renderLicenseManagement,
  STUDIO,
} from './support/licenses';

// The route's chunk and react-admin's list on a busy 2-core machine take longer than a second.
configure({ asyncUtilTimeout: 5000 });
let LicenseManagement: ComponentType;
beforeAll(async () => {
  LicenseManagement = (await import('../../src/resources/licenses/LicenseManagement')).default;
}, 30_000);

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => {
  cleanup();
  expect(missingKeys).toEqual([]);
});

/** The level's list: the first table (the usage view's tables follow below it). */
const headers = () =>
  within(screen.getAllByRole('table')[0])
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
const trail = () => screen.getByRole('navigation', { name: 'Sie sind hier' });
const row = (text: string) => screen.getByText(text).closest('tr')!;

describe('who may do what with licences', () => {
  it('lets the integrator manage, the Owner and LumioAdmin read, and no one else in', () => {
    expect(ROLES.filter((role) => canManageLicenses(role))).toEqual(['SystemIntegratorAdmin']);
    expect(ROLES.filter((role) => canReadLicenses(role))).toEqual(['Owner', 'LumioAdmin', 'SystemIntegratorAdmin']);
    expect(ROLES.filter((role) => picksLicenseCompany(role))).toEqual(['LumioAdmin', 'SystemIntegratorAdmin']);
    expect(ROLES.filter((role) => seesLicenseChannel(role))).toEqual(['LumioAdmin', 'SystemIntegratorAdmin']);
  });

  it('opens the route to the tile’s users and LumioAdmin, an Owner only once registered', () => {
    const user = (role: (typeof ROLES)[number], status = 'VerifiedAndApproved') => ({ role, status });
    // The role table (navigation.ts) and the screens (licenseAccess.ts) name the same roles.
    expect(ROLES.filter((role) => canAccess(user(role), 'license-management', 'list'))).toEqual(
      ROLES.filter((role) => canReadLicenses(role)),
    );
    expect(ROLES.filter((role) => canAccess(user(role), 'license-companies', 'list'))).toEqual(
      ROLES.filter((role) => picksLicenseCompany(role)),
    );
    expect(canAccess(user('Owner', 'Approved'), 'license-management', 'list')).toBe(false);
    // The company list is the integrator's and LumioAdmin's; writing is the integrator's.
    expect(canAccess(user('Owner'), 'license-companies', 'list')).toBe(false);
    expect(canAccess(user('Owner'), 'studio-licenses', 'list')).toBe(true);
    for (const resource of ['licenses', 'prepaid-packages']) {
      for (const action of ['create', 'edit']) {
        expect(ROLES.filter((role) => canAccess(user(role), resource, action))).toEqual(
          ROLES.filter((role) => canManageLicenses(role)),
        );
      }
      expect(ROLES.filter((role) => canAccess(user(role), resource, 'list'))).toEqual(
        ROLES.filter((role) => canReadLicenses(role)),
      );
    }
  });
});

describe('license-management for the integrator', { timeout: 30_000 }, () => {
  it('lists the companies and goes down to a company’s studios, and back', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = renderLicenseManagement(LicenseManagement, PATHS.companies, { dataProvider, self: INTEGRATOR });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lizenzen' })).toBeInTheDocument();
    expect(await screen.findByText(COMPANY.name)).toBeInTheDocument();
    expect(headers()).toEqual(['Firmenname', 'Rechtsform']);
    expect(screen.getByText('Gesamt: 1')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Suchbegriff eingeben' })).toBeInTheDocument();
    expect(document.title).toBe('Lizenzen – Lumio');
    expect(calls.getList).toHaveBeenCalledWith(
      'license-companies',
      expect.objectContaining({ sort: { field: 'name', order: 'ASC' } }),
    );

    await user.click(row(COMPANY.name));
    await waitFor(() => expect(app.pathname()).toBe(PATHS.studios));
    expect(await screen.findByRole('heading', { level: 1, name: 'Studios' })).toBeInTheDocument();
    expect(await screen.findByText(STUDIO.address)).toBeInTheDocument();
    expect(headers()).toEqual(['Studioname', 'Adresse', 'Land']);
    expect(within(trail()).getByRole('link', { name: 'Lizenzen' })).toHaveAttribute('href', PATHS.companies);
    // The name came with the company list: nothing read again.
    expect(within(trail()).getByText(COMPANY.name)).toHaveAttribute('aria-current', 'page');
    expect(calls.getOne).not.toHaveBeenCalled();
    await waitFor(() => expect(document.title).toBe(`Studios: ${COMPANY.name} – Lumio`));
    expect(calls.getList).toHaveBeenCalledWith(
      'license-studios',
      expect.objectContaining({ meta: { companyId: IDS.company } }),
    );

    await user.click(screen.getByRole('link', { name: 'Zurück' }));
    await waitFor(() => expect(app.pathname()).toBe(PATHS.companies));
  });

  it('shows a studio’s licences with integrator and reseller, an edit action and “Lizenz anlegen”', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = renderLicenseManagement(LicenseManagement, PATHS.licenses, { dataProvider, self: INTEGRATOR });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lizenzen' })).toBeInTheDocument();
    expect(await screen.findByText(KEY)).toBeInTheDocument();
    expect(headers()).toEqual([
      'Key',
      'Geräte-ID',
      'Postpaid erlaubt',
      'Gesperrt',
      'System-Integrator',
      'Reseller',
      'Aktionen',
    ]);
    expect(
      within(row(KEY))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([KEY, '–', 'Nein', 'Nein', 'FotoSoft GmbH', 'Kein Reseller', '']);
    expect(within(row(BOUND_LICENSE.key)).getByText('studio-pc-01')).toBeInTheDocument();
    expect(within(row(BOUND_LICENSE.key)).getByText('Foto Express Handel GmbH')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lizenz anlegen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Lizenz ${KEY} bearbeiten` })).toBeInTheDocument();
    // Opened by address: the trail's names are read once.
    expect(await within(trail()).findByText(STUDIO.name)).toHaveAttribute('aria-current', 'page');
    expect(within(trail()).getByRole('link', { name: COMPANY.name })).toHaveAttribute('href', PATHS.studios);
    await waitFor(() => expect(document.title).toBe(`Lizenzen: ${STUDIO.name} – Lumio`));
    expect(calls.getList).toHaveBeenCalledWith(
      'studio-licenses',
      expect.objectContaining({ meta: { companyId: IDS.company, storeId: IDS.studio } }),
    );
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', PATHS.studios);

    // The key is a link one level down; so is the row.
    expect(screen.getByRole('link', { name: KEY })).toHaveAttribute('href', PATHS.packages);
    await user.click(within(row(KEY)).getByText('FotoSoft GmbH'));
    await waitFor(() => expect(app.pathname()).toBe(PATHS.packages));
  });

  it('shows a licence’s packages with their state, the row actions and “Vorgangspaket anlegen”', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderLicenseManagement(LicenseManagement, PATHS.packages, { dataProvider, self: INTEGRATOR });

    expect(await screen.findByRole('heading', { level: 1, name: 'Vorgangspakete' })).toBeInTheDocument();
    expect(await screen.findByText('01.11.2026')).toBeInTheDocument();
    expect(headers()).toEqual([
      'Gültig von',
      'Gültig bis',
      'Anzahl',
      'Verbleibende Anzahl',
      'Genutzte Anzahl',
      'Gesperrt',
      'Status',
      'Aktionen',
    ]);
    expect(
      within(row('01.11.2026'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['01.11.2026', '31.12.2026', '100', '60', '40', 'Nein', 'Gültig', '']);
    expect(screen.getByRole('button', { name: 'Vorgangspaket anlegen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anzahl des Vorgangspakets 01.11.2026 bis 31.12.2026 erhöhen' }));
    expect(screen.getByRole('button', { name: 'Vorgangspaket 01.11.2026 bis 31.12.2026 bearbeiten' }));
    expect(await screen.findByRole('button', { name: 'Lizenz bearbeiten' })).toBeInTheDocument();
    // Where you are: company › studio (from the licence) › key.
    expect(await within(trail()).findByText(KEY)).toHaveAttribute('aria-current', 'page');
    expect(within(trail()).getByRole('link', { name: STUDIO.name })).toHaveAttribute('href', PATHS.licenses);
    await waitFor(() => expect(document.title).toBe(`Vorgangspakete: ${KEY} – Lumio`));
    expect(calls.getOne).toHaveBeenCalledWith('licenses', expect.objectContaining({ id: IDS.license }));
    expect(calls.getList).toHaveBeenCalledWith(
      'prepaid-packages',
      expect.objectContaining({ meta: { licenseId: IDS.license }, sort: { field: 'startDate', order: 'DESC' } }),
    );
  });

  it('shows “Keine Daten vorhanden” for a studio without licences, with “Lizenz anlegen”', async () => {
    const { dataProvider } = fakeDataProvider({ licenses: [] });
    renderLicenseManagement(LicenseManagement, PATHS.licenses, { dataProvider, self: INTEGRATOR });
    expect(await screen.findByText('Keine Daten vorhanden')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lizenz anlegen' })).toBeInTheDocument();
  });
});

describe('license-management for the Owner (read-only)', { timeout: 30_000 }, () => {
  it('starts at the own company, without a way up to a company list', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    const app = renderLicenseManagement(LicenseManagement, PATHS.companies, { dataProvider, self: OWNER });

    expect(await screen.findByRole('heading', { level: 1, name: 'Studios' })).toBeInTheDocument();
    expect(app.pathname()).toBe(PATHS.studios);
    expect(await screen.findByText(STUDIO.address)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Zurück' })).not.toBeInTheDocument();
    expect(within(trail()).queryByRole('link')).not.toBeInTheDocument();
    expect(await within(trail()).findByText(COMPANY.name)).toBeInTheDocument();
    expect(calls.getList).not.toHaveBeenCalledWith('license-companies', expect.anything());
  });

  it('sees the four licence columns without any action', async () => {
    const { dataProvider } = fakeDataProvider();
    renderLicenseManagement(LicenseManagement, PATHS.licenses, { dataProvider, self: OWNER });

    expect(await screen.findByText(KEY)).toBeInTheDocument();
    expect(headers()).toEqual(['Key', 'Geräte-ID', 'Postpaid erlaubt', 'Gesperrt']);
    expect(screen.queryByRole('button', { name: 'Lizenz anlegen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /bearbeiten/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', PATHS.studios);
  });

  it('sees the packages without buttons to change them, and shows a package’s consumption', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    renderLicenseManagement(LicenseManagement, PATHS.packages, { dataProvider, self: OWNER });

    expect(await screen.findByText('01.11.2026')).toBeInTheDocument();
    expect(headers()).toEqual([
      'Gültig von',
      'Gültig bis',
      'Anzahl',
      'Verbleibende Anzahl',
      'Genutzte Anzahl',
      'Gesperrt',
      'Status',
      'Aktionen',
    ]);
    expect(screen.queryByRole('button', { name: 'Vorgangspaket anlegen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lizenz bearbeiten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /erhöhen$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /bearbeiten$/ })).not.toBeInTheDocument();

    await user.click(row('01.11.2026'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Verbrauch des Vorgangspakets' })).toBeInTheDocument();
  });
});

describe('license-management for LumioAdmin (reads everything)', { timeout: 30_000 }, () => {
  it('reads every level with integrator and reseller, changes nothing', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    const app = renderLicenseManagement(LicenseManagement, PATHS.companies, { dataProvider, self: LUMIO_ADMIN });

    await user.click(await screen.findByRole('link', { name: COMPANY.name }));
    await user.click(await screen.findByRole('link', { name: STUDIO.name }));
    expect(await screen.findByText(KEY)).toBeInTheDocument();
    expect(headers()).toEqual(['Key', 'Geräte-ID', 'Postpaid erlaubt', 'Gesperrt', 'System-Integrator', 'Reseller']);
    expect(screen.queryByRole('button', { name: 'Lizenz anlegen' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: KEY }));
    await waitFor(() => expect(app.pathname()).toBe(PATHS.packages));
    expect(await screen.findByText('01.11.2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vorgangspaket anlegen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /erhöhen$/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Verbrauch des Vorgangspakets .* anzeigen/ }).length).toBeGreaterThan(
      0,
    );
  });
});

describe('license-management for everyone else', { timeout: 30_000 }, () => {
  it('is refused to an account administrator', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderLicenseManagement(LicenseManagement, PATHS.studios, {
      dataProvider,
      self: { ...OWNER, role: 'AccountAdministrator' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeInTheDocument();
    expect(calls.getList).not.toHaveBeenCalled();
  });
});
