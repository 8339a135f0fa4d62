import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpError, Resource, type DataProvider, type GetManyReferenceParams } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyManagement } from '../../src/customRoutes/companyManagement/CompanyManagement';
import type { CompanyHistoryPage } from '../../src/dataProvider';
import type { Self } from '../../src/domain/self';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import type { Company, Store } from '../../src/resources/companies/types';
import { missingKeys, renderAdminApp } from './support/adminApp';

// Dialogs and lazy chunks on a busy 2-core machine take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const COMPANY: Company = {
  id: 'c-1',
  name: 'Fotostudio Sonnenschein GmbH',
  legalForm: 'GmbH',
  address: 'Sonnenallee 12, 12045 Berlin',
  country: 'Deutschland',
  phoneNumber: '+4930123456789',
  phoneNumber2: null,
  website: 'https://studio-sonnenschein.example',
  memberId: 'CV-10442',
};
const FOTOSOFT = { id: 'si-1', name: 'FotoSoft GmbH', code: 'FOTOSOFT' };
const STORES: Store[] = [
  {
    id: 's-1',
    name: 'Sonnenschein Mitte',
    address: 'Torstraße 88, 10119 Berlin',
    country: 'Deutschland',
    systemIntegratorId: null,
    systemIntegrator: null,
  },
];
const HISTORY: CompanyHistoryPage = {
  pageIndex: 0,
  pageSize: 10,
  totalItemCount: 1,
  items: [
    {
      id: 'h-1',
      at: '2026-03-07T13:05:00.000Z',
      actor: { name: 'Stefan Sonnenschein', role: 'Owner' },
      action: 'company.updated',
      entityType: 'company',
      entityId: 'c-1',
      subject: COMPANY.name,
      changes: [{ field: 'phoneNumber2', before: null, after: '+4930987654321' }],
    },
  ],
};

const selfAs = (role: 'Owner' | 'AccountAdministrator'): Self => ({
  id: `u-${role}`,
  firstName: 'Stefan',
  lastName: 'Sonnenschein',
  salutation: 'Herr',
  email: 'inhaber@studio-sonnenschein.example',
  birthDate: '1975-04-12',
  role,
  status: 'VerifiedAndApproved',
  associatedEntity: { id: COMPANY.id },
});

function fakeDataProvider() {
  const calls = {
    getOne: vi.fn(async () => ({ data: COMPANY })),
    update: vi.fn(async (resource: string, params: { id: string; data: Record<string, unknown> }) => ({
      data:
        resource === 'companies' ? { ...COMPANY, ...params.data, id: params.id } : { id: params.id, ...params.data },
    })),
    getManyReference: vi.fn(async (_resource: string, _params: GetManyReferenceParams) => ({
      data: STORES,
      total: STORES.length,
    })),
    getList: vi.fn(async () => ({ data: [FOTOSOFT], total: 1 })),
    create: vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
      data: { id: 's-new', ...params.data },
    })),
    delete: vi.fn(async (_resource: string, params: { previousData: Store }) => ({ data: params.previousData })),
    getCompanyHistory: vi.fn(async () => HISTORY),
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

function renderPage(role: 'Owner' | 'AccountAdministrator', dataProvider: DataProvider) {
  return renderAdminApp('/company-management', {
    dataProvider,
    self: selfAs(role),
    // The page on its route; App.tsx mounts it as a custom route behind the role table's guard.
    resources: <Resource name="company-management" list={CompanyManagement} />,
  });
}

const saveButton = () => screen.getByRole('button', { name: 'Änderungen übernehmen' });

async function chooseOption(user: UserEvent, field: HTMLElement, option: string) {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => cleanup());

describe('Firma (company-management) for the Owner', () => {
  it('saves a changed field, only while the form is valid and changed', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage('Owner', dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'Firma' })).toBeInTheDocument();
    const phone2 = await screen.findByRole('textbox', { name: 'Telefonnummer 2' });
    expect(screen.getByRole('textbox', { name: /Firmenname/ })).toHaveValue(COMPANY.name);
    expect(screen.getByRole('combobox', { name: /Rechtsform/ })).toHaveTextContent('GmbH');
    expect(screen.getByRole('combobox', { name: /Land/ })).toHaveTextContent('Deutschland');
    expect(saveButton()).toBeDisabled();

    await user.type(phone2, '030-FOTO');
    await user.tab();
    expect(await screen.findByText(VALIDATION_TEXTS.invalidPhoneNumber)).toBeVisible();
    expect(saveButton()).toBeDisabled();

    await user.clear(phone2);
    await user.type(phone2, '+4930987654321');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Die Änderungen an Ihrer Firma wurden gespeichert.')).toBeVisible();
    expect(calls.update).toHaveBeenCalledWith(
      'companies',
      expect.objectContaining({
        id: 'c-1',
        data: {
          name: COMPANY.name,
          legalForm: 'GmbH',
          address: COMPANY.address,
          country: 'Deutschland',
          phoneNumber: COMPANY.phoneNumber,
          phoneNumber2: '+4930987654321',
          website: COMPANY.website,
          memberId: COMPANY.memberId,
        },
      }),
    );
    await user.click(within(success).getByRole('button', { name: 'Ok' }));
    // Saved: nothing differs from the company any more.
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(missingKeys).toEqual([]);
  });

  it('adds a studio with a system integrator through the addStore dialog', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage('Owner', dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Studio hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Studio hinzufügen' });
    const add = within(dialog).getByRole('button', { name: 'Studio hinzufügen' });
    expect(add).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: /Studioname/ }), 'Sonnenschein Kreuzberg');
    await user.type(within(dialog).getByRole('textbox', { name: /Adresse/ }), 'Oranienstraße 5, 10999 Berlin');
    expect(add).toBeDisabled();
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Land/ }), 'Deutschland');
    await chooseOption(
      user,
      within(dialog).getByRole('combobox', { name: /System-Integrator/ }),
      'FotoSoft GmbH (FOTOSOFT)',
    );
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Studio hinzugefügt')).toBeVisible();
    expect(calls.create).toHaveBeenCalledWith(
      'stores',
      expect.objectContaining({
        data: {
          name: 'Sonnenschein Kreuzberg',
          address: 'Oranienstraße 5, 10999 Berlin',
          country: 'Deutschland',
          systemIntegratorId: 'si-1',
        },
        meta: { companyId: 'c-1' },
      }),
    );
    expect(calls.getList).toHaveBeenCalledWith(
      'system-integrators',
      expect.objectContaining({ pagination: { page: 1, perPage: 100 } }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Studio hinzufügen' })).toBeNull());
    expect(missingKeys).toEqual([]);
  });

  it('changes a studio by row click and deletes one after confirmation', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage('Owner', dataProvider);
    const studios = await screen.findByRole('region', { name: 'Studios' });

    await user.click(await within(studios).findByText('Torstraße 88, 10119 Berlin'));
    const dialog = await screen.findByRole('dialog', { name: 'Studio bearbeiten' });
    const name = within(dialog).getByRole('textbox', { name: /Studioname/ });
    expect(name).toHaveValue('Sonnenschein Mitte');
    const save = within(dialog).getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Sonnenschein Nord');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(within(await screen.findByTestId('success-dialog')).getByText('Studio geändert')).toBeVisible();
    expect(calls.update).toHaveBeenCalledWith(
      'stores',
      expect.objectContaining({
        id: 's-1',
        data: {
          name: 'Sonnenschein Nord',
          address: STORES[0].address,
          country: 'Deutschland',
          systemIntegratorId: null,
        },
        meta: { companyId: 'c-1' },
      }),
    );
    await user.click(within(screen.getByTestId('success-dialog')).getByRole('button', { name: 'Ok' }));

    await user.click(within(studios).getByRole('button', { name: 'Studio „Sonnenschein Mitte“ löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Studio löschen?' });
    expect(within(confirm).getByText('Soll das Studio „Sonnenschein Mitte“ wirklich gelöscht werden?')).toBeVisible();
    expect(calls.delete).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    expect(within(await screen.findByTestId('success-dialog')).getByText('Studio gelöscht')).toBeVisible();
    expect(calls.delete).toHaveBeenCalledWith(
      'stores',
      expect.objectContaining({ id: 's-1', meta: { companyId: 'c-1' } }),
    );
    expect(missingKeys).toEqual([]);
  });

  it('shows a refused deletion in the German error dialog instead of a success', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.delete.mockRejectedValueOnce(
      new HttpError('Forbidden', 403, { errorCode: 'FORBIDDEN', messages: ['Forbidden'], traceId: 't', status: 403 }),
    );
    renderPage('Owner', dataProvider);
    const studios = await screen.findByRole('region', { name: 'Studios' });
    await user.click(await within(studios).findByRole('button', { name: 'Studio „Sonnenschein Mitte“ löschen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Studio löschen?' })).getByRole('button', { name: 'Löschen' }),
    );
    const error = await screen.findByTestId('error-dialog');
    expect(within(error).getByText('Zugriff verweigert.')).toBeVisible();
    expect(screen.queryByTestId('success-dialog')).toBeNull();
  });

  it('deletes a studio from its updateStore dialog too (a phone has no row actions)', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage('Owner', dataProvider);
    const studios = await screen.findByRole('region', { name: 'Studios' });

    // The studio's name is a button: the keyboard's way to the dialog.
    await user.click(await within(studios).findByRole('button', { name: 'Sonnenschein Mitte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Studio bearbeiten' });
    await user.click(within(dialog).getByRole('button', { name: 'Studio löschen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Studio löschen?' })).getByRole('button', { name: 'Löschen' }),
    );
    expect(within(await screen.findByTestId('success-dialog')).getByText('Studio gelöscht')).toBeVisible();
    expect(calls.delete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Studio bearbeiten' })).toBeNull());
  });

  it('shows the latest changes in German', async () => {
    const { dataProvider } = fakeDataProvider();
    renderPage('Owner', dataProvider);
    const history = await screen.findByRole('region', { name: 'Letzte Änderungen' });
    expect(await within(history).findByText('Firma geändert: Telefonnummer 2')).toBeVisible();
    expect(within(history).getByText(/^Stefan Sonnenschein, 07\.03\.2026, \d\d:05$/)).toBeVisible();
  });
});

describe('Firma (company-management) for the AccountAdministrator', () => {
  it('shows company and studios read-only, without the history', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage('AccountAdministrator', dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'Firma' })).toBeInTheDocument();
    const company = await screen.findByRole('region', { name: 'Unternehmen' });
    expect(await within(company).findByText(COMPANY.name)).toBeVisible();
    expect(within(company).queryByRole('textbox')).toBeNull();
    expect(within(company).queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Änderungen übernehmen' })).toBeNull();

    const studios = screen.getByRole('region', { name: 'Studios' });
    await user.click(await within(studios).findByText('Sonnenschein Mitte'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(studios).queryByRole('button', { name: /Studio hinzufügen|löschen|Sonnenschein Mitte/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Letzte Änderungen' })).toBeNull();
    expect(calls.getCompanyHistory).not.toHaveBeenCalled();
    expect(missingKeys).toEqual([]);
  });
});
