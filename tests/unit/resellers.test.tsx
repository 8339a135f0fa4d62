import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Resource, type DataProvider, type GetListParams } from 'react-admin';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardResourceViews } from '../../src/components/auth';
import {
  canManageResellers,
  RESELLER_VALIDATION_TEXTS as texts,
  resellerPayloadSchema,
  type Reseller,
} from '../../src/domain/reseller';
import type { Self } from '../../src/domain/self';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import { missingKeys, renderAdminApp } from './support/adminApp';

// Dialogs and lazy chunks on a busy 2-core machine take longer than the default second.
configure({ asyncUtilTimeout: 5000 });
let ResellerPage: ComponentType;
// The page's chunk compiles once before the tests, so no test's own time goes to it.
beforeAll(async () => {
  ResellerPage = (await import('../../src/resources/resellers/ResellerPage')).default;
}, 30_000);

const INTEGRATOR: Self = {
  id: 'u-integrator',
  firstName: 'Ingo',
  lastName: 'Integrator',
  salutation: null,
  email: 'integrator@fotosoft.example',
  birthDate: null,
  role: 'SystemIntegratorAdmin',
  status: 'VerifiedAndApproved',
  associatedEntity: { id: 'si-1' },
};

const express: Reseller = { id: 'r-1', name: 'Foto Express Handel GmbH' };
const nord: Reseller = { id: 'r-2', name: 'Passbild-Service Nord' };

const apiError = (status: number, message: string) =>
  new HttpError(message, status, { errorCode: 'CONFLICT', messages: [message], traceId: 't-1', status });

function fakeDataProvider(resellers: Reseller[] = [express, nord]) {
  const calls = {
    getList: vi.fn(async (_resource: string, _params: GetListParams) => ({ data: resellers, total: resellers.length })),
    create: vi.fn(async (_resource: string, { data }: { data: { name: string } }) => ({
      data: { id: 'r-new', ...data },
    })),
    update: vi.fn(async (_resource: string, { id, data }: { id: string; data: { name: string } }) => ({
      data: { id, ...data },
    })),
    delete: vi.fn(async (_resource: string, { previousData }: { previousData: Reseller }) => ({ data: previousData })),
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

/**
 * The page on its route, behind the role table's guard: App.tsx mounts it as the guarded custom
 * route 'reseller' (src/customRoutes/guardedRoutes.tsx).
 */
function renderPage(dataProvider: DataProvider, self: Self = INTEGRATOR) {
  return renderAdminApp('/reseller', {
    dataProvider,
    self,
    resources: <Resource name="reseller" {...guardResourceViews('reseller', { list: ResellerPage })} />,
  });
}

const resellerDialog = () => screen.findByTestId('reseller-dialog');

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => {
  cleanup();
  expect(missingKeys).toEqual([]);
});

describe('reseller rules', () => {
  it('accepts a trimmed name', () => {
    expect(resellerPayloadSchema.parse({ name: '  Foto Nord ' })).toEqual({ name: 'Foto Nord' });
  });

  it.each([
    [{ name: '' }, texts.nameRequired],
    [{ name: '   ' }, texts.nameRequired],
    [{}, texts.nameRequired],
    [{ name: 'x'.repeat(201) }, texts.nameTooLong],
    [{ name: 'Foto\u0000Nord' }, VALIDATION_TEXTS.controlCharacters],
    [{ name: 'Foto\u202eNord' }, VALIDATION_TEXTS.controlCharacters],
  ])('rejects %j with "%s"', (payload, message) => {
    const result = resellerPayloadSchema.safeParse(payload);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('accepts 200 characters and refuses any other field', () => {
    expect(resellerPayloadSchema.safeParse({ name: 'x'.repeat(200) }).success).toBe(true);
    expect(resellerPayloadSchema.safeParse({ name: 'Nord', systemIntegratorId: 'si-2' }).success).toBe(false);
  });

  it('lets only SystemIntegratorAdmin manage resellers', () => {
    expect(canManageResellers('SystemIntegratorAdmin')).toBe(true);
    for (const role of ['SystemAdmin', 'LumioAdmin', 'Owner', 'AccountAdministrator', 'Employee'] as const) {
      expect(canManageResellers(role)).toBe(false);
    }
    expect(canManageResellers(undefined)).toBe(false);
  });
});

describe('Reseller (route reseller)', () => {
  it("lists the own integrator's resellers under the title 'Reseller'", async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'Reseller' })).toBeInTheDocument();
    expect(await screen.findByText('Foto Express Handel GmbH')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Aktionen']);
    expect(screen.getByText('Gesamt: 2')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Suchbegriff eingeben' })).toBeInTheDocument();
    expect(calls.getList).toHaveBeenCalledWith(
      'resellers',
      expect.objectContaining({ filter: { systemIntegratorId: 'si-1' }, sort: { field: 'name', order: 'ASC' } }),
    );
  });

  it("creates a reseller with 'Reseller anlegen' and says 'Hat geklappt!'", async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Reseller anlegen' }));
    const dialog = await resellerDialog();
    expect(within(dialog).getByRole('heading', { name: 'Reseller anlegen' })).toBeInTheDocument();
    const create = within(dialog).getByRole('button', { name: 'Anlegen' });
    expect(create).toBeDisabled();

    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.type(name, '   ');
    expect(await within(dialog).findByText(texts.nameRequired)).toBeInTheDocument();
    expect(create).toBeDisabled();
    await user.clear(name);
    await user.type(name, ' Neuer Partner GmbH ');
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Hat geklappt!')).toBeInTheDocument();
    expect(within(success).getByText('Der Reseller „Neuer Partner GmbH“ wurde angelegt.')).toBeInTheDocument();
    expect(calls.create).toHaveBeenCalledWith(
      'resellers',
      expect.objectContaining({ data: { name: 'Neuer Partner GmbH' }, meta: { systemIntegratorId: 'si-1' } }),
    );
    expect(screen.queryByTestId('reseller-dialog')).not.toBeInTheDocument();
    // The list is read again.
    await waitFor(() => expect(calls.getList.mock.calls.length).toBeGreaterThan(1));
  });

  it('opens createEditReseller by row click, and by the name for the keyboard, and renames', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click((await screen.findByText('Passbild-Service Nord')).closest('tr')!);
    let dialog = await resellerDialog();
    expect(within(dialog).getByRole('heading', { name: 'Reseller bearbeiten' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Passbild-Service Nord');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByTestId('reseller-dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Passbild-Service Nord' }));
    dialog = await resellerDialog();
    const save = within(dialog).getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.type(name, ' Ost');
    await waitFor(() => expect(save).toBeEnabled());
    await user.type(name, '{Backspace}{Backspace}{Backspace}{Backspace}');
    await waitFor(() => expect(save).toBeDisabled());
    await user.type(name, ' Ost');
    await user.click(save);

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Reseller geändert')).toBeInTheDocument();
    expect(within(success).getByText('Der Reseller heißt jetzt „Passbild-Service Nord Ost“.')).toBeInTheDocument();
    expect(calls.update).toHaveBeenCalledWith(
      'resellers',
      expect.objectContaining({
        id: 'r-2',
        data: { name: 'Passbild-Service Nord Ost' },
        meta: { systemIntegratorId: 'si-1' },
      }),
    );
  });

  it("deletes a reseller after a confirmation naming it, then says 'Reseller gelöscht'", async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Reseller „Foto Express Handel GmbH“ löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reseller löschen?' });
    expect(
      within(confirm).getByText('Soll der Reseller „Foto Express Handel GmbH“ wirklich gelöscht werden?'),
    ).toBeInTheDocument();
    // The row action does not open the row's dialog too.
    expect(screen.queryByTestId('reseller-dialog')).not.toBeInTheDocument();
    expect(calls.delete).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Reseller gelöscht')).toBeInTheDocument();
    expect(within(success).getByText('Der Reseller „Foto Express Handel GmbH“ wurde gelöscht.')).toBeInTheDocument();
    expect(calls.delete).toHaveBeenCalledWith(
      'resellers',
      expect.objectContaining({ id: 'r-1', previousData: express, meta: { systemIntegratorId: 'si-1' } }),
    );
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Reseller „Passbild-Service Nord“ löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reseller löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.delete).not.toHaveBeenCalled();
  });

  it('deletes from the dialog too (a phone has no row actions)', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Passbild-Service Nord' }));
    await user.click(within(await resellerDialog()).getByRole('button', { name: 'Reseller löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reseller löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    expect(within(await screen.findByTestId('success-dialog')).getByText('Reseller gelöscht')).toBeInTheDocument();
    expect(calls.delete).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('reseller-dialog')).not.toBeInTheDocument();
  });

  it('shows the German error of a refused delete and keeps the reseller', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.delete.mockRejectedValueOnce(apiError(409, 'Reseller in use'));
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Reseller „Foto Express Handel GmbH“ löschen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reseller löschen?' })).getByRole('button', { name: 'Löschen' }),
    );
    const error = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(
      within(error).getByText('Der Reseller ist einer Lizenz zugeordnet und kann nicht gelöscht werden.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('success-dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog and the typed name when the name is taken', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.create.mockRejectedValueOnce(apiError(409, 'Reseller name already in use'));
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Reseller anlegen' }));
    const dialog = await resellerDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'passbild-service nord');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));

    const error = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(error).getByText('Es gibt bereits einen Reseller mit diesem Namen.')).toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'Ok' }));
    expect(within(await resellerDialog()).getByRole('textbox', { name: /Name/ })).toHaveValue('passbild-service nord');
  });

  it('shows the empty state when the integrator has no reseller yet', async () => {
    const { dataProvider } = fakeDataProvider([]);
    renderPage(dataProvider);
    expect(await screen.findByText('Keine Daten vorhanden')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reseller anlegen' })).toBeInTheDocument();
  });

  it('is refused to every other role', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider, { ...INTEGRATOR, role: 'LumioAdmin', associatedEntity: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeInTheDocument();
    expect(calls.getList).not.toHaveBeenCalled();
  });
});
