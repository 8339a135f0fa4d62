import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Resource, type DataProvider } from 'react-admin';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardResourceViews, roleFromPermissions } from '../../src/components/auth';
import type { Role } from '../../src/domain/roles';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import {
  canManageSystemIntegrators,
  SYSTEM_INTEGRATOR_VALIDATION_TEXTS as texts,
  systemIntegratorCreateSchema,
  systemIntegratorUpdateSchema,
  type SystemIntegrator,
} from '../../src/domain/systemIntegrator';
import systemIntegrators, { SYSTEM_INTEGRATORS_RESOURCE } from '../../src/resources/system-integrators';
import { missingKeys, renderAdminApp } from './support/adminApp';

// Dialogs and lazy chunks on a busy 2-core machine take longer than the default second.
configure({ asyncUtilTimeout: 5000 });
// The list's chunk compiles once before the tests, so no test's own time goes to it.
beforeAll(() => import('../../src/resources/system-integrators/SystemIntegratorList'), 30_000);

const fotosoft: SystemIntegrator = { id: 'si-1', name: 'FotoSoft GmbH', code: 'FOTOSOFT' };
const bildwerk: SystemIntegrator = { id: 'si-2', name: 'Bildwerk AG', code: 'BILDWERK' };

const duplicateCode = () =>
  new HttpError('Code already in use', 409, {
    errorCode: 'CONFLICT',
    messages: ['Code already in use'],
    traceId: 't-1',
    status: 409,
  });

function fakeDataProvider(overrides: Partial<Record<'create' | 'update', ReturnType<typeof vi.fn>>> = {}) {
  const calls = {
    getList: vi.fn(async () => ({ data: [bildwerk, fotosoft], total: 2 })),
    getOne: vi.fn(async (_resource: string, { id }: { id: string }) => ({
      data: [fotosoft, bildwerk].find((item) => item.id === id),
    })),
    create: overrides.create ?? vi.fn(async (_resource: string, { data }) => ({ data: { id: 'si-new', ...data } })),
    update:
      overrides.update ?? vi.fn(async (_resource: string, { id, data }) => ({ data: { ...fotosoft, id, ...data } })),
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

const selfAs = (role: Role) => ({
  id: `u-${role}`,
  firstName: 'Sabine',
  lastName: 'System',
  salutation: null,
  email: 'systemadmin@lumio.example',
  birthDate: null,
  role,
  status: 'Active' as const,
  associatedEntity: role === 'SystemIntegratorAdmin' ? { id: fotosoft.id } : null,
});

/** The resource as App.tsx mounts it: each view behind the role table's guard. */
function renderApp(path: string, role: Role, dataProvider: DataProvider) {
  return renderAdminApp(path, {
    dataProvider,
    self: selfAs(role),
    resources: (
      <Resource
        name={SYSTEM_INTEGRATORS_RESOURCE}
        {...guardResourceViews(SYSTEM_INTEGRATORS_RESOURCE, systemIntegrators)}
      />
    ),
  });
}

const dialog = () => screen.findByTestId('system-integrator-dialog');

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => {
  cleanup();
  expect(missingKeys).toEqual([]);
});

describe('system integrator rules', () => {
  it('accepts name and code, trimmed', () => {
    expect(systemIntegratorCreateSchema.parse({ name: '  FotoSoft GmbH ', code: ' FOTO_SOFT-2 ' })).toEqual({
      name: 'FotoSoft GmbH',
      code: 'FOTO_SOFT-2',
    });
  });

  it.each([
    [{ name: '', code: 'A' }, texts.nameRequired],
    [{ name: '   ', code: 'A' }, texts.nameRequired],
    [{ code: 'A' }, texts.nameRequired],
    [{ name: 'x'.repeat(201), code: 'A' }, texts.nameTooLong],
    [{ name: 'A', code: '' }, texts.codeRequired],
    [{ name: 'A', code: 'C'.repeat(51) }, texts.codeTooLong],
    [{ name: 'A', code: 'FOTO SOFT' }, texts.codeInvalid],
    [{ name: 'A', code: 'GRÜN' }, texts.codeInvalid],
    [{ name: 'Foto\u0000Soft', code: 'A' }, VALIDATION_TEXTS.controlCharacters],
    [{ name: 'Foto\u202eSoft', code: 'A' }, VALIDATION_TEXTS.controlCharacters],
    [{ name: 'A', code: 'FOTO\u0000' }, VALIDATION_TEXTS.controlCharacters],
    [{ name: 'A', code: '\u2066FOTO' }, VALIDATION_TEXTS.controlCharacters],
  ])('rejects %j with "%s"', (payload, message) => {
    const result = systemIntegratorCreateSchema.safeParse(payload);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('accepts the limits exactly', () => {
    expect(systemIntegratorCreateSchema.safeParse({ name: 'x'.repeat(200), code: 'C'.repeat(50) }).success).toBe(true);
  });

  it('lets an update change only the name', () => {
    expect(systemIntegratorUpdateSchema.safeParse({ name: 'Neu' }).success).toBe(true);
    expect(systemIntegratorUpdateSchema.safeParse({ name: 'Neu', code: 'X' }).success).toBe(false);
  });

  it('lets only SystemAdmin create and edit', () => {
    expect(canManageSystemIntegrators('SystemAdmin')).toBe(true);
    for (const role of ['LumioAdmin', 'SystemIntegratorAdmin', 'Owner', 'AccountAdministrator', 'Employee'] as const) {
      expect(canManageSystemIntegrators(role)).toBe(false);
    }
    expect(canManageSystemIntegrators(undefined)).toBe(false);
  });

  it('reads the role from the permissions object or a bare role string', () => {
    expect(roleFromPermissions({ role: 'SystemAdmin', status: 'Active' })).toBe('SystemAdmin');
    expect(roleFromPermissions('LumioAdmin')).toBe('LumioAdmin');
    expect(roleFromPermissions({ role: 'Chef' })).toBeUndefined();
    expect(roleFromPermissions(undefined)).toBeUndefined();
  });
});

describe('system integrator list', () => {
  it('shows Name and Kennung; SystemAdmin gets the create button and opens rows in the dialog', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    const app = renderApp('/system-integrators', 'SystemAdmin', dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'System-Integrator' })).toBeInTheDocument();
    expect(await screen.findByText('FotoSoft GmbH')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Kennung']);
    expect(screen.getByText('Gesamt: 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'System-Integrator anlegen' })).toBeInTheDocument();

    await user.click(screen.getByText('FOTOSOFT'));
    const edit = await dialog();
    expect(within(edit).getByRole('heading', { name: 'System-Integrator bearbeiten' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/system-integrators');
  });

  it.each(['LumioAdmin', 'SystemIntegratorAdmin'] as const)(
    '%s sees no create button and cannot open a row',
    async (role) => {
      const user = userEvent.setup();
      const { dataProvider } = fakeDataProvider();
      renderApp('/system-integrators', role, dataProvider);

      expect(await screen.findByText('FotoSoft GmbH')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'System-Integrator anlegen' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'FotoSoft GmbH' })).not.toBeInTheDocument();
      await user.click(screen.getByText('FotoSoft GmbH'));
      expect(screen.queryByTestId('system-integrator-dialog')).not.toBeInTheDocument();
    },
  );

  it.each(['/system-integrators/create', '/system-integrators/si-1'])(
    'leads the former page %s to the list',
    async (path) => {
      const { dataProvider } = fakeDataProvider();
      const app = renderApp(path, 'SystemAdmin', dataProvider);
      expect(await screen.findByText('FotoSoft GmbH')).toBeInTheDocument();
      expect(app.pathname()).toBe('/system-integrators');
    },
  );
});

describe('createEditSystemIntegrator: creating', () => {
  async function openCreate(role: Role = 'SystemAdmin', overrides: Parameters<typeof fakeDataProvider>[0] = {}) {
    const user = userEvent.setup();
    const fake = fakeDataProvider(overrides);
    renderApp('/system-integrators', role, fake.dataProvider);
    await user.click(await screen.findByRole('button', { name: 'System-Integrator anlegen' }));
    const form = await dialog();
    expect(within(form).getByRole('heading', { name: 'System-Integrator anlegen' })).toBeInTheDocument();
    return { user, form, ...fake, create: within(form).getByRole('button', { name: 'Anlegen' }) };
  }

  it('keeps Anlegen disabled until name and a valid code are entered', async () => {
    const { user, form, create } = await openCreate();

    const name = within(form).getByRole('textbox', { name: /Name/ });
    expect(create).toBeDisabled();
    await user.type(name, 'Neue Integratoren GmbH');
    expect(create).toBeDisabled();

    const code = within(form).getByRole('textbox', { name: /Kennung/ });
    await user.type(code, 'NEU 1');
    expect(await within(form).findByText(texts.codeInvalid)).toBeInTheDocument();
    expect(create).toBeDisabled();

    await user.clear(code);
    await user.type(code, 'NEU-1');
    await waitFor(() => expect(create).toBeEnabled());
  });

  it("sends name and code and says 'Hat geklappt!'", async () => {
    const { user, form, create, calls } = await openCreate();

    await user.type(within(form).getByRole('textbox', { name: /Name/ }), ' Neue Integratoren GmbH ');
    await user.type(within(form).getByRole('textbox', { name: /Kennung/ }), 'NEU-1');
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Hat geklappt!')).toBeInTheDocument();
    expect(
      within(success).getByText('Der System-Integrator „Neue Integratoren GmbH“ wurde angelegt.'),
    ).toBeInTheDocument();
    expect(calls.create).toHaveBeenCalledWith(
      'system-integrators',
      expect.objectContaining({ data: { name: 'Neue Integratoren GmbH', code: 'NEU-1' } }),
    );
    expect(screen.queryByTestId('system-integrator-dialog')).not.toBeInTheDocument();
    // The list is read again.
    await waitFor(() => expect(calls.getList.mock.calls.length).toBeGreaterThan(1));
  });

  it('shows "Der Code wird bereits verwendet." in the error dialog and keeps the form', async () => {
    const create = vi.fn(async () => {
      throw duplicateCode();
    });
    const opened = await openCreate('SystemAdmin', { create });
    const { user, form } = opened;

    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Doppelt GmbH');
    await user.type(within(form).getByRole('textbox', { name: /Kennung/ }), 'FOTOSOFT');
    await waitFor(() => expect(opened.create).toBeEnabled());
    await user.click(opened.create);

    const error = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(error).getByText('Der Code wird bereits verwendet.')).toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByTestId('error-dialog')).not.toBeInTheDocument());
    // The dialog stays with the entered values so the code can be corrected.
    expect(within(await dialog()).getByRole('textbox', { name: /Kennung/ })).toHaveValue('FOTOSOFT');
    expect(screen.queryByTestId('success-dialog')).not.toBeInTheDocument();
  });
});

describe('createEditSystemIntegrator: editing', () => {
  async function openEdit(overrides: Parameters<typeof fakeDataProvider>[0] = {}) {
    const user = userEvent.setup();
    const fake = fakeDataProvider(overrides);
    renderApp('/system-integrators', 'SystemAdmin', fake.dataProvider);
    // The name is a button too, so the keyboard opens what a row click opens.
    await user.click(await screen.findByRole('button', { name: 'FotoSoft GmbH' }));
    const form = await dialog();
    return { user, form, ...fake, save: within(form).getByRole('button', { name: 'Speichern' }) };
  }

  it('shows the code read-only and sends only the changed name', async () => {
    const { user, form, save, calls } = await openEdit();

    const name = within(form).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('FotoSoft GmbH');
    const code = within(form).getByRole('textbox', { name: /Kennung/ });
    expect(code).toHaveValue('FOTOSOFT');
    expect(code).toHaveAttribute('readonly');
    expect(within(form).getByText('Die Kennung kann nach dem Anlegen nicht mehr geändert werden.')).toBeVisible();
    expect(save).toBeDisabled();

    await user.clear(name);
    expect(await within(form).findByText(texts.nameRequired)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.type(name, 'FotoSoft Systems GmbH');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('System-Integrator geändert')).toBeInTheDocument();
    expect(calls.update).toHaveBeenCalledWith(
      'system-integrators',
      expect.objectContaining({ id: 'si-1', data: { name: 'FotoSoft Systems GmbH' } }),
    );
  });

  it('keeps Speichern disabled when the name is changed back', async () => {
    const { user, form, save } = await openEdit();

    const name = within(form).getByRole('textbox', { name: /Name/ });
    await user.type(name, 'X');
    await waitFor(() => expect(save).toBeEnabled());
    await user.type(name, '{Backspace}');
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('opens the error dialog when the server refuses the change', async () => {
    const update = vi.fn(async () => {
      throw new HttpError('Forbidden', 403, {
        errorCode: 'FORBIDDEN',
        messages: ['Forbidden'],
        traceId: 't',
        status: 403,
      });
    });
    const { user, form, save } = await openEdit({ update });

    await user.type(within(form).getByRole('textbox', { name: /Name/ }), ' Neu');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    const error = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(error).getByText('Zugriff verweigert.')).toBeInTheDocument();
  });

  it('closes without a call on Abbrechen', async () => {
    const { user, form, calls } = await openEdit();
    await user.click(within(form).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByTestId('system-integrator-dialog')).not.toBeInTheDocument());
    expect(calls.update).not.toHaveBeenCalled();
  });
});
