import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpError, Resource, type DataProvider, type GetListParams } from 'react-admin';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Administrator } from '../../src/domain/administrators';
import type { Self } from '../../src/domain/self';
import administration, { ADMINISTRATION_RESOURCE } from '../../src/resources/administration';
import { LUMIO_ADMIN, missingKeys, renderAdminApp } from './support/adminApp';

// The first render of a lazy view compiles its chunk; on a busy 2-core machine that exceeds 1 s.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => import('../../src/resources/administration/AdministrationList'), 30_000);

const SYSTEM_ADMIN: Self = {
  id: 'u-sabine',
  firstName: 'Sabine',
  lastName: 'System',
  salutation: null,
  email: 'systemadmin@lumio.example',
  birthDate: null,
  role: 'SystemAdmin',
  status: 'Active',
  associatedEntity: null,
};
const LUMIO: Self = { ...LUMIO_ADMIN, id: 'u-anton', firstName: 'Anton', lastName: 'Admin' };

const sabine: Administrator = {
  id: 'u-sabine',
  firstName: 'Sabine',
  lastName: 'System',
  email: 'systemadmin@lumio.example',
  role: 'SystemAdmin',
  systemIntegratorId: null,
};
const anton: Administrator = {
  id: 'u-anton',
  firstName: 'Anton',
  lastName: 'Admin',
  email: 'admin@lumio.example',
  role: 'LumioAdmin',
  systemIntegratorId: null,
};
const ingo: Administrator = {
  id: 'u-ingo',
  firstName: 'Ingo',
  lastName: 'Integrator',
  email: 'integrator@fotosoft.example',
  role: 'SystemIntegratorAdmin',
  systemIntegratorId: 'si-1',
};
const INTEGRATORS = [
  { id: 'si-2', name: 'Bildwerk Systeme AG', code: 'BILDWERK' },
  { id: 'si-1', name: 'FotoSoft GmbH', code: 'FOTOSOFT' },
];

function fakeDataProvider(admins: Administrator[] = [anton, ingo, sabine]) {
  const calls = {
    getList: vi.fn(async (resource: string, _params: GetListParams) =>
      resource === 'system-integrators'
        ? { data: INTEGRATORS, total: INTEGRATORS.length }
        : { data: admins, total: admins.length },
    ),
    getOne: vi.fn(async (_resource: string, { id }: { id: string }) => ({ data: admins.find((a) => a.id === id)! })),
    create: vi.fn(async (_resource: string, { data }: { data: Omit<Administrator, 'id'> }) => {
      const created = { id: 'u-new', ...data };
      admins = [...admins, created];
      return { data: created };
    }),
    update: vi.fn(async (_resource: string, { id, data }: { id: string; data: Partial<Administrator> }) => {
      admins = admins.map((a) => (a.id === id ? { ...a, ...data } : a));
      return { data: admins.find((a) => a.id === id)! };
    }),
    delete: vi.fn(async (_resource: string, { previousData }: { previousData: Administrator }) => {
      admins = admins.filter((a) => a.id !== previousData.id);
      return { data: previousData };
    }),
    resetSecondFactor: vi.fn(async (_userId: string) => {}),
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

function renderPage(self: Self, dataProvider: DataProvider) {
  return renderAdminApp('/administration', {
    dataProvider,
    self,
    resources: <Resource name={ADMINISTRATION_RESOURCE} {...administration} />,
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);

async function chooseOption(user: UserEvent, field: HTMLElement, option: string) {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => cleanup());

describe('Verwaltung (administration)', () => {
  it('shows every administrator with German role names, and the SystemAdmin’s actions on all rows but the own', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(SYSTEM_ADMIN, dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'Verwaltung' })).toBeInTheDocument();
    await screen.findByText('Integrator');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Vorname',
      'Nachname',
      'E-Mail',
      'Rolle',
      'Aktionen',
    ]);
    expect(
      within(rowOf('Integrator'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Ingo',
      'Integrator',
      'integrator@fotosoft.example',
      'System-Integrator-Admin',
      'BearbeitenLöschenZwei-Faktor-Anmeldung zurücksetzen',
    ]);
    expect(within(rowOf('Admin')).getByText('Lumio-Admin')).toBeInTheDocument();
    expect(within(rowOf('systemadmin@lumio.example')).getByText('System-Admin')).toBeInTheDocument();
    // Never on the own row.
    expect(buttonsOf(rowOf('systemadmin@lumio.example'))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Admin Account anlegen' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Als CSV exportieren' })).toBeEnabled();
    expect(calls.getList).toHaveBeenCalledWith(
      ADMINISTRATION_RESOURCE,
      expect.objectContaining({ sort: { field: 'lastName', order: 'ASC' }, pagination: { page: 1, perPage: 20 } }),
    );
    expect(missingKeys).toEqual([]);
  });

  it('shows the LumioAdmin the list and the export, but neither create nor any row action', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(LUMIO, dataProvider);

    await screen.findByText('Integrator');
    expect(screen.getByRole('button', { name: 'Als CSV exportieren' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Admin Account anlegen' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Vorname',
      'Nachname',
      'E-Mail',
      'Rolle',
    ]);
    for (const text of ['Integrator', 'systemadmin@lumio.example', 'admin@lumio.example']) {
      expect(buttonsOf(rowOf(text))).toEqual([]);
    }
    // The system-integrator list is SystemAdmin's to load (spec section 6).
    expect(calls.getList).not.toHaveBeenCalledWith('system-integrators', expect.anything());
    expect(missingKeys).toEqual([]);
  });

  it(
    'creates a SystemIntegratorAdmin through createAdmin: integrator only for that role, cleared on a role change',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const { dataProvider, calls } = fakeDataProvider();
      renderPage(SYSTEM_ADMIN, dataProvider);

      await user.click(await screen.findByRole('button', { name: 'Admin Account anlegen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Admin Account anlegen' });
      const create = within(dialog).getByRole('button', { name: 'Erstellen' });
      expect(dialog).toHaveTextContent('*Felder sind Pflichtfelder');
      expect(create).toBeDisabled();
      expect(within(dialog).queryByRole('combobox', { name: /System-Integrator/ })).not.toBeInTheDocument();

      await chooseOption(user, within(dialog).getByRole('combobox', { name: /Rolle/ }), 'System-Integrator-Admin');
      await user.type(within(dialog).getByRole('textbox', { name: /Vorname/ }), 'Sina');
      await user.type(within(dialog).getByRole('textbox', { name: /Nachname/ }), 'Systemhaus');
      await user.type(within(dialog).getByRole('textbox', { name: /E-Mail/ }), 'sina@bildwerk.example');
      // The integrator is still missing.
      expect(create).toBeDisabled();
      const integrator = await within(dialog).findByRole('combobox', { name: /System-Integrator/ });
      await chooseOption(user, integrator, 'Bildwerk Systeme AG (BILDWERK)');
      await waitFor(() => expect(create).toBeEnabled());
      expect(calls.getList).toHaveBeenCalledWith(
        'system-integrators',
        expect.objectContaining({ pagination: { page: 1, perPage: 100 } }),
      );

      // Another role: no integrator; back to SystemIntegratorAdmin: the choice starts empty.
      await chooseOption(user, within(dialog).getByRole('combobox', { name: /Rolle/ }), 'Lumio-Admin');
      expect(within(dialog).queryByRole('combobox', { name: /System-Integrator/ })).not.toBeInTheDocument();
      await waitFor(() => expect(create).toBeEnabled());
      await chooseOption(user, within(dialog).getByRole('combobox', { name: /Rolle/ }), 'System-Integrator-Admin');
      const again = await within(dialog).findByRole('combobox', { name: /System-Integrator/ });
      expect(again).not.toHaveTextContent('Bildwerk');
      await waitFor(() => expect(create).toBeDisabled());
      await chooseOption(user, again, 'Bildwerk Systeme AG (BILDWERK)');
      await waitFor(() => expect(create).toBeEnabled());

      await user.click(create);
      const success = await screen.findByTestId('success-dialog');
      expect(success).toHaveTextContent('System-Integrator-Admin erstellt');
      expect(success).toHaveTextContent(
        'Sina Systemhaus erhält an sina@bildwerk.example eine E-Mail mit einem Link, um ein Passwort festzulegen.',
      );
      expect(calls.create).toHaveBeenCalledWith(ADMINISTRATION_RESOURCE, {
        data: {
          role: 'SystemIntegratorAdmin',
          firstName: 'Sina',
          lastName: 'Systemhaus',
          email: 'sina@bildwerk.example',
          systemIntegratorId: 'si-2',
        },
      });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Admin Account anlegen' })).toBeNull());
      expect(missingKeys).toEqual([]);
    },
  );

  it('keeps the dialog open with the German error when the address is taken', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.create.mockRejectedValueOnce(
      new HttpError('E-mail already in use', 409, {
        errorCode: 'CONFLICT',
        messages: ['E-mail already in use'],
        traceId: 't-1',
        status: 409,
      }),
    );
    renderPage(SYSTEM_ADMIN, dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Admin Account anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Admin Account anlegen' });
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Rolle/ }), 'Lumio-Admin');
    await user.type(within(dialog).getByRole('textbox', { name: /Vorname/ }), 'Anton');
    await user.type(within(dialog).getByRole('textbox', { name: /Nachname/ }), 'Admin');
    await user.type(within(dialog).getByRole('textbox', { name: /E-Mail/ }), 'admin@lumio.example');
    await user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));

    const error = await screen.findByTestId('error-dialog');
    expect(error).toHaveTextContent('E-Mail-Adresse wird bereits verwendet oder wurde erst kürzlich gelöscht.');
    await user.click(within(error).getByRole('button', { name: 'Ok' }));
    // The entries stay, to correct the address.
    const still = await screen.findByRole('dialog', { name: 'Admin Account anlegen' });
    expect(within(still).getByRole('textbox', { name: /E-Mail/ })).toHaveValue('admin@lumio.example');
  });

  it('deletes another administrator after the confirmation naming them', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(SYSTEM_ADMIN, dataProvider);

    await screen.findByText('Integrator');
    await user.click(within(rowOf('Integrator')).getByRole('button', { name: 'Löschen' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Administrator löschen?');
    expect(confirm).toHaveTextContent(
      'Soll Ingo Integrator (integrator@fotosoft.example, System-Integrator-Admin) wirklich gelöscht werden?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));

    const success = await screen.findByTestId('success-dialog');
    expect(success).toHaveTextContent('Administrator gelöscht');
    expect(success).toHaveTextContent('Ingo Integrator wurde gelöscht.');
    expect(calls.delete).toHaveBeenCalledWith(
      ADMINISTRATION_RESOURCE,
      expect.objectContaining({ id: 'u-ingo', previousData: ingo }),
    );
    await waitFor(() => expect(screen.queryByText('Integrator')).toBeNull());
  });

  it("resets another administrator's second factor after the confirmation naming them", async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(SYSTEM_ADMIN, dataProvider);

    await screen.findByText('Integrator');
    await user.click(within(rowOf('Integrator')).getByRole('button', { name: 'Zwei-Faktor-Anmeldung zurücksetzen' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Zwei-Faktor-Anmeldung zurücksetzen?');
    expect(confirm).toHaveTextContent(
      'Soll die Zwei-Faktor-Anmeldung von Ingo Integrator (integrator@fotosoft.example) wirklich zurückgesetzt werden? Ingo Integrator muss sie bei der nächsten Anmeldung neu einrichten',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Zurücksetzen' }));

    expect(await screen.findByTestId('success-dialog')).toHaveTextContent(
      'Die Zwei-Faktor-Anmeldung wurde zurückgesetzt.',
    );
    expect(calls.resetSecondFactor).toHaveBeenCalledWith('u-ingo');
    expect(missingKeys).toEqual([]);
  });

  it("shows the server's German text when the account has no second factor", async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.resetSecondFactor.mockRejectedValueOnce(
      new HttpError('No second factor set up', 409, {
        errorCode: 'CONFLICT',
        messages: ['No second factor set up'],
        traceId: 't-2',
        status: 409,
      }),
    );
    renderPage(SYSTEM_ADMIN, dataProvider);

    await screen.findByText('Integrator');
    await user.click(within(rowOf('Admin')).getByRole('button', { name: 'Zwei-Faktor-Anmeldung zurücksetzen' }));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Zurücksetzen' }));

    expect(await screen.findByTestId('error-dialog')).toHaveTextContent(
      'Für diesen Benutzer ist keine Zwei-Faktor-Anmeldung eingerichtet.',
    );
    expect(calls.resetSecondFactor).toHaveBeenCalledWith('u-anton');
    expect(screen.queryByTestId('success-dialog')).toBeNull();
  });

  it('renames another administrator from the row, reading the account first', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(SYSTEM_ADMIN, dataProvider);

    await user.click(await screen.findByText('admin@lumio.example'));
    const dialog = await screen.findByRole('dialog', { name: 'Administrator bearbeiten' });
    const firstName = await within(dialog).findByRole('textbox', { name: /Vorname/ });
    expect(calls.getOne).toHaveBeenCalledWith(ADMINISTRATION_RESOURCE, expect.objectContaining({ id: 'u-anton' }));
    expect(within(dialog).getByRole('textbox', { name: 'E-Mail' })).toHaveValue('admin@lumio.example');
    expect(within(dialog).getByRole('textbox', { name: 'Rolle' })).toHaveValue('Lumio-Admin');
    const save = within(dialog).getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();
    await user.clear(firstName);
    await waitFor(() => expect(save).toBeDisabled());
    await user.type(firstName, 'Antonia');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByTestId('success-dialog')).toHaveTextContent(
      'Die Änderungen an Antonia Admin wurden gespeichert.',
    );
    expect(calls.update).toHaveBeenCalledWith(
      ADMINISTRATION_RESOURCE,
      expect.objectContaining({ id: 'u-anton', data: { firstName: 'Antonia', lastName: 'Admin' } }),
    );
  });

  it(
    'deletes from the rename dialog too (a phone has no action column), without reading the deleted account again',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const { dataProvider, calls } = fakeDataProvider();
      renderPage(SYSTEM_ADMIN, dataProvider);

      await user.click(await screen.findByText('integrator@fotosoft.example'));
      const dialog = await screen.findByRole('dialog', { name: 'Administrator bearbeiten' });
      await user.click(await within(dialog).findByRole('button', { name: 'Löschen' }));
      const confirm = await screen.findByTestId('confirm-dialog');
      await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));

      expect(await screen.findByTestId('success-dialog')).toHaveTextContent('Administrator gelöscht');
      await waitFor(() => expect(screen.queryByTestId('edit-admin-dialog')).toBeNull());
      expect(calls.delete).toHaveBeenCalledWith(ADMINISTRATION_RESOURCE, expect.objectContaining({ id: 'u-ingo' }));
      expect(calls.getOne).toHaveBeenCalledTimes(1);
      expect(screen.queryByTestId('error-dialog')).toBeNull();
    },
  );

  it(
    'resets the second factor from the rename dialog too (a phone has no action column)',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const { dataProvider, calls } = fakeDataProvider();
      renderPage(SYSTEM_ADMIN, dataProvider);

      await user.click(await screen.findByText('admin@lumio.example'));
      const dialog = await screen.findByRole('dialog', { name: 'Administrator bearbeiten' });
      await user.click(await within(dialog).findByRole('button', { name: 'Zwei-Faktor-Anmeldung zurücksetzen' }));
      const confirm = await screen.findByTestId('confirm-dialog');
      expect(confirm).toHaveTextContent('Soll die Zwei-Faktor-Anmeldung von Anton Admin (admin@lumio.example)');
      await user.click(within(confirm).getByRole('button', { name: 'Zurücksetzen' }));

      expect(await screen.findByTestId('success-dialog')).toHaveTextContent(
        'Die Zwei-Faktor-Anmeldung wurde zurückgesetzt.',
      );
      await waitFor(() => expect(screen.queryByTestId('edit-admin-dialog')).toBeNull());
      expect(calls.resetSecondFactor).toHaveBeenCalledWith('u-anton');
    },
  );

  it('opens nothing on the own row', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(SYSTEM_ADMIN, dataProvider);

    await user.click(await screen.findByText('systemadmin@lumio.example'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.getOne).not.toHaveBeenCalled();
  });
});
