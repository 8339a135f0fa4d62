import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyHistoryPage } from '../../src/dataProvider';
import { formatDate, todayInGermany } from '../../src/domain/dates';
import { LICENSE_VALIDATION_TEXTS as texts } from '../../src/domain/licenses';
import { missingKeys } from './support/adminApp';
import {
  fakeDataProvider,
  IDS,
  INTEGRATOR,
  KEY,
  LICENSE,
  PATHS,
  renderLicenseManagement,
  STUDIO,
} from './support/licenses';

// The route's chunk, the dialogs' chunk and react-admin's forms on a busy 2-core machine.
configure({ asyncUtilTimeout: 8000 });
let LicenseManagement: ComponentType;
beforeAll(async () => {
  LicenseManagement = (await import('../../src/resources/licenses/LicenseManagement')).default;
  // The dialogs' chunk compiles once here, not inside the first test that opens one.
  await import('../../src/resources/licenses/dialogs/LicenseDialogs');
}, 60_000);

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => {
  cleanup();
  expect(missingKeys).toEqual([]);
});

const TIMEOUT = { timeout: 30_000 };
const licenseDialog = () => screen.findByTestId('license-dialog');
const packageDialog = () => screen.findByTestId('package-dialog');
const successDialog = () => screen.findByTestId('success-dialog');

function history(action: string, entityType: string, changes: CompanyHistoryPage['items'][number]['changes']) {
  return {
    pageIndex: 0,
    pageSize: 10,
    totalItemCount: 1,
    items: [
      {
        id: 'h-1',
        at: '2026-11-20T13:05:00.000Z',
        actor: { name: 'Ingo Integrator', role: 'SystemIntegratorAdmin' },
        action,
        entityType,
        entityId: 'x',
        subject: null,
        changes,
      },
    ],
  } satisfies CompanyHistoryPage;
}

async function typeInto(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

describe('createLicense', () => {
  it('creates a licence with the chosen reseller and shows the generated key', TIMEOUT, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderLicenseManagement(LicenseManagement, PATHS.licenses, { dataProvider, self: INTEGRATOR });

    // The trail has read the studio's name before the button is used.
    await screen.findByText(STUDIO.name, { selector: '[aria-current="page"]' });
    await user.click(screen.getByRole('button', { name: 'Lizenz anlegen' }));
    const dialog = await licenseDialog();
    expect(within(dialog).getByRole('heading', { name: 'Lizenz anlegen' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Die Lizenz gilt für das Studio „Sonnenschein Mitte“/)).toBeInTheDocument();
    const create = within(dialog).getByRole('button', { name: 'Anlegen' });
    // The reseller is optional: 'Kein Reseller' is chosen until another one is.
    expect(within(dialog).getByRole('combobox', { name: /Reseller/ })).toHaveTextContent('Kein Reseller');
    expect(create).toBeEnabled();

    // The select waits for the integrator's resellers.
    await user.click(await within(dialog).findByRole('combobox', { name: /Reseller/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Kein Reseller',
      'Foto Express Handel GmbH',
      'Passbild-Service Nord',
    ]);
    await user.click(screen.getByRole('option', { name: 'Passbild-Service Nord' }));
    await user.click(within(dialog).getByLabelText('Postpaid erlaubt'));
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    const success = await successDialog();
    expect(within(success).getByText('Hat geklappt!')).toBeInTheDocument();
    expect(
      within(success).getByText('Die Lizenz wurde angelegt. Lizenzschlüssel: NEUER0-SCHLU-SSEL0-12345-ABCDE'),
    ).toBeInTheDocument();
    expect(calls.create).toHaveBeenCalledWith('licenses', {
      data: {
        storeId: IDS.studio,
        systemIntegratorId: IDS.integrator,
        resellerId: IDS.otherReseller,
        postpaidAllowed: true,
      },
    });
    expect(calls.getList).toHaveBeenCalledWith(
      'resellers',
      expect.objectContaining({ pagination: { page: 1, perPage: 100 }, meta: { systemIntegratorId: IDS.integrator } }),
    );
    expect(screen.queryByTestId('license-dialog')).not.toBeInTheDocument();
    // The licences are read again.
    await waitFor(() =>
      expect(calls.getList.mock.calls.filter(([resource]) => resource === 'studio-licenses').length).toBeGreaterThan(1),
    );
  });

  it('sends no reseller when none is picked, and keeps the dialog when the server refuses', TIMEOUT, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.create.mockRejectedValueOnce(
      new HttpError('Forbidden', 403, { errorCode: 'FORBIDDEN', messages: ['Forbidden'], traceId: 't', status: 403 }),
    );
    renderLicenseManagement(LicenseManagement, PATHS.licenses, { dataProvider, self: INTEGRATOR });

    await user.click(await screen.findByRole('button', { name: 'Lizenz anlegen' }));
    const dialog = await licenseDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));

    const error = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(error).getByText('Zugriff verweigert.')).toBeInTheDocument();
    expect(calls.create).toHaveBeenCalledWith('licenses', {
      data: { storeId: IDS.studio, systemIntegratorId: IDS.integrator, resellerId: null, postpaidAllowed: false },
    });
    await user.click(within(error).getByRole('button', { name: 'Ok' }));
    expect(await licenseDialog()).toBeInTheDocument();
    expect(screen.queryByTestId('success-dialog')).not.toBeInTheDocument();
  });
});

describe('updateLicense', () => {
  it('binds a device and suspends the licence, and shows its latest changes', TIMEOUT, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.getLicenseHistory.mockResolvedValue(
      history('license.updated', 'license', [{ field: 'postpaidAllowed', before: true, after: false }]),
    );
    const app = renderLicenseManagement(LicenseManagement, PATHS.licenses, { dataProvider, self: INTEGRATOR });

    await user.click(await screen.findByRole('button', { name: `Lizenz ${KEY} bearbeiten` }));
    const dialog = await licenseDialog();
    expect(within(dialog).getByRole('heading', { name: 'Lizenz bearbeiten' })).toBeInTheDocument();
    expect(within(dialog).getByText(KEY)).toBeInTheDocument();
    // The row action does not open the packages too.
    expect(app.pathname()).toBe(PATHS.licenses);
    const save = within(dialog).getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();

    expect(await within(dialog).findByText('Letzte Änderungen')).toBeInTheDocument();
    expect(await within(dialog).findByText('Lizenz geändert: Postpaid erlaubt')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Ingo Integrator, 20\.11\.2026, \d\d:05$/)).toBeInTheDocument();
    expect(calls.getLicenseHistory).toHaveBeenCalledWith(IDS.license, { pageIndex: 0, pageSize: 10 });

    const device = within(dialog).getByRole('textbox', { name: 'Geräte-ID' });
    await typeInto(user, device, 'PC 01');
    expect(await within(dialog).findByText(texts.machineIdInvalid)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await typeInto(user, device, 'studio-pc-02');
    await user.click(within(dialog).getByLabelText('Gesperrt'));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    const success = await successDialog();
    expect(within(success).getByText('Lizenz geändert')).toBeInTheDocument();
    expect(within(success).getByText(`Die Lizenz ${KEY} wurde gespeichert.`)).toBeInTheDocument();
    expect(calls.update).toHaveBeenCalledWith(
      'licenses',
      expect.objectContaining({
        id: IDS.license,
        data: { postpaidAllowed: false, boundMachineId: 'studio-pc-02', suspended: true },
      }),
    );
  });

  it('unbinds with an empty device id and is unchanged again when undone', TIMEOUT, async () => {
    const user = userEvent.setup();
    const bound = { ...LICENSE, boundMachineId: 'studio-pc-01' };
    const { dataProvider, calls } = fakeDataProvider({ licenses: [bound] });
    renderLicenseManagement(LicenseManagement, PATHS.licenses, { dataProvider, self: INTEGRATOR });

    await user.click(await screen.findByRole('button', { name: `Lizenz ${KEY} bearbeiten` }));
    const dialog = await licenseDialog();
    const save = within(dialog).getByRole('button', { name: 'Speichern' });
    const suspended = within(dialog).getByLabelText('Gesperrt');
    await user.click(suspended);
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(suspended);
    await waitFor(() => expect(save).toBeDisabled());

    await user.clear(within(dialog).getByRole('textbox', { name: 'Geräte-ID' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(within(await successDialog()).getByText('Lizenz geändert')).toBeInTheDocument();
    expect(calls.update).toHaveBeenCalledWith(
      'licenses',
      expect.objectContaining({ data: { postpaidAllowed: false, boundMachineId: null, suspended: false } }),
    );
  });
});

describe('createLicensePackage', () => {
  it('wants an end after the start and at least one process, then creates the package', TIMEOUT, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderLicenseManagement(LicenseManagement, PATHS.packages, { dataProvider, self: INTEGRATOR });

    await user.click(await screen.findByRole('button', { name: 'Vorgangspaket anlegen' }));
    const dialog = await packageDialog();
    expect(within(dialog).getByRole('heading', { name: 'Vorgangspaket anlegen' })).toBeInTheDocument();
    const create = within(dialog).getByRole('button', { name: 'Anlegen' });
    expect(create).toBeDisabled();
    const start = within(dialog).getByRole('textbox', { name: /Gültig von/ });
    const end = within(dialog).getByRole('textbox', { name: /Gültig bis/ });
    const amount = within(dialog).getByRole('spinbutton', { name: /Anzahl/ });
    // The package starts today unless changed.
    expect(start).toHaveValue(formatDate(todayInGermany()));

    await typeInto(user, start, '01.12.2026');
    await typeInto(user, end, '30.11.2026');
    expect(await within(dialog).findByText(texts.invalidEndDate)).toBeInTheDocument();
    await typeInto(user, end, '01.12.2026');
    expect(within(dialog).getByText(texts.invalidEndDate)).toBeInTheDocument();
    await typeInto(user, amount, '0');
    expect(await within(dialog).findByText(texts.amountAtLeastOne)).toBeInTheDocument();
    expect(create).toBeDisabled();

    await typeInto(user, end, '31.05.2027');
    await waitFor(() => expect(within(dialog).queryByText(texts.invalidEndDate)).not.toBeInTheDocument());
    expect(create).toBeDisabled();
    await typeInto(user, amount, '500');
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    const success = await successDialog();
    expect(within(success).getByText('Hat geklappt!')).toBeInTheDocument();
    expect(
      within(success).getByText('Das Vorgangspaket mit 500 Vorgängen (01.12.2026 bis 31.05.2027) wurde angelegt.'),
    ).toBeInTheDocument();
    expect(calls.create).toHaveBeenCalledWith('prepaid-packages', {
      data: { startDate: '2026-12-01', endDate: '2027-05-31', amount: 500 },
      meta: { licenseId: IDS.license },
    });
  });

  it('shows the end date’s error when the start moves past it', TIMEOUT, async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    renderLicenseManagement(LicenseManagement, PATHS.packages, { dataProvider, self: INTEGRATOR });

    await user.click(await screen.findByRole('button', { name: 'Vorgangspaket anlegen' }));
    const dialog = await packageDialog();
    await typeInto(user, within(dialog).getByRole('textbox', { name: /Gültig von/ }), '01.12.2026');
    await typeInto(user, within(dialog).getByRole('textbox', { name: /Gültig bis/ }), '31.12.2026');
    expect(within(dialog).queryByText(texts.invalidEndDate)).not.toBeInTheDocument();
    await typeInto(user, within(dialog).getByRole('textbox', { name: /Gültig von/ }), '02.01.2027');
    expect(await within(dialog).findByText(texts.invalidEndDate)).toBeInTheDocument();
  });
});

describe('updateLicensePackage', () => {
  it('changes dates and suspension, sends the counts unchanged, shows them read-only', TIMEOUT, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.getPackageHistory.mockResolvedValue(
      history('package.increased', 'package', [{ field: 'amount', before: 50, after: 100 }]),
    );
    renderLicenseManagement(LicenseManagement, PATHS.packages, { dataProvider, self: INTEGRATOR });

    // A row click opens the dialog, as the row action does.
    await user.click((await screen.findByText('01.11.2026')).closest('tr')!);
    const dialog = await packageDialog();
    expect(within(dialog).getByRole('heading', { name: 'Vorgangspaket bearbeiten' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Gültig von/ })).toHaveValue('01.11.2026');
    const counts = within(dialog).getByTestId('package-counts');
    expect(
      within(counts)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Anzahl', 'Genutzte Anzahl', 'Verbleibende Anzahl']);
    expect(
      within(counts)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['100', '40', '60']);
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(await within(dialog).findByText('Anzahl der Vorgänge erhöht: 50 → 100')).toBeInTheDocument();
    expect(calls.getPackageHistory).toHaveBeenCalledWith(IDS.license, IDS.package, { pageIndex: 0, pageSize: 10 });

    const save = within(dialog).getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();
    const end = within(dialog).getByRole('textbox', { name: /Gültig bis/ });
    await typeInto(user, end, '01.11.2026');
    expect(await within(dialog).findByText(texts.invalidEndDate)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await typeInto(user, end, '31.01.2027');
    await user.click(within(dialog).getByLabelText('Gesperrt'));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    const success = await successDialog();
    expect(within(success).getByText('Vorgangspaket geändert')).toBeInTheDocument();
    expect(within(success).getByText('Das Vorgangspaket gilt vom 01.11.2026 bis 31.01.2027.')).toBeInTheDocument();
    expect(calls.update).toHaveBeenCalledWith(
      'prepaid-packages',
      expect.objectContaining({
        id: IDS.package,
        meta: { licenseId: IDS.license },
        data: { startDate: '2026-11-01', endDate: '2027-01-31', suspended: true, amount: 100, remainingAmount: 60 },
      }),
    );
  });
});

describe('updateLicensePackage leads to the increase', () => {
  it('opens increaseLicensePackageAmount from “Anzahl erhöhen” (a phone has no row actions)', TIMEOUT, async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    renderLicenseManagement(LicenseManagement, PATHS.packages, { dataProvider, self: INTEGRATOR });

    await user.click(await screen.findByRole('button', { name: 'Vorgangspaket 01.11.2026 bis 31.12.2026 bearbeiten' }));
    await user.click(within(await packageDialog()).getByRole('button', { name: 'Anzahl erhöhen' }));
    const dialog = await screen.findByTestId('increase-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Anzahl der Vorgänge erhöhen' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('package-dialog')).not.toBeInTheDocument());
  });
});

describe('increaseLicensePackageAmount', () => {
  it('adds at least one process and says so', TIMEOUT, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderLicenseManagement(LicenseManagement, PATHS.packages, { dataProvider, self: INTEGRATOR });

    await user.click(
      await screen.findByRole('button', { name: 'Anzahl des Vorgangspakets 01.11.2026 bis 31.12.2026 erhöhen' }),
    );
    const dialog = await screen.findByTestId('increase-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Anzahl der Vorgänge erhöhen' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Das Vorgangspaket vom 01.11.2026 bis 31.12.2026 umfasst 100 Vorgänge, davon 60 verbleibend.',
      ),
    ).toBeInTheDocument();
    const increase = within(dialog).getByRole('button', { name: 'Erhöhen' });
    expect(increase).toBeDisabled();
    const amount = within(dialog).getByRole('spinbutton', { name: /Zusätzliche Vorgänge/ });
    await typeInto(user, amount, '0');
    expect(await within(dialog).findByText(texts.amountAtLeastOne)).toBeInTheDocument();
    expect(increase).toBeDisabled();
    await user.clear(amount);
    expect(await within(dialog).findByText(texts.amountRequired)).toBeInTheDocument();
    await typeInto(user, amount, '50');
    await waitFor(() => expect(increase).toBeEnabled());
    await user.click(increase);

    const success = await successDialog();
    expect(within(success).getByText('Anzahl der Vorgänge wurden erhöht.')).toBeInTheDocument();
    expect(within(success).getByText('Das Vorgangspaket umfasst jetzt 150 Vorgänge.')).toBeInTheDocument();
    expect(calls.increasePackageAmount).toHaveBeenCalledWith(IDS.license, IDS.package, { amount: 50 });
    expect(screen.queryByTestId('increase-dialog')).not.toBeInTheDocument();
  });
});
