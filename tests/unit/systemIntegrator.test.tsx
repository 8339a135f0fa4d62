import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  AdminUI,
  HttpError,
  memoryStore,
  Resource,
  TestMemoryRouter,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roleFromPermissions } from '../../src/components/auth';
import { DialogProvider, LumioNotification } from '../../src/components/dialogs';
import type { Role } from '../../src/domain/roles';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import {
  canManageSystemIntegrators,
  SYSTEM_INTEGRATOR_VALIDATION_TEXTS as texts,
  systemIntegratorCreateSchema,
  systemIntegratorUpdateSchema,
  type SystemIntegrator,
} from '../../src/domain/systemIntegrator';
import { i18nProvider } from '../../src/i18n';
import systemIntegrators, { SYSTEM_INTEGRATORS_RESOURCE } from '../../src/resources/system-integrators';

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

/** The permissions the shell's auth provider resolves from GET /api/self. */
const authProviderFor = (role: Role): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ role, status: 'Active' }),
});

/** Wired as App.tsx wires it: AdminContext › DialogProvider › AdminUI with LumioNotification. */
function renderApp(path: string, role: Role, dataProvider: DataProvider) {
  let pathname = path;
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(location) => (pathname = location.pathname)}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProviderFor(role)}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <DialogProvider>
          <AdminUI disableTelemetry notification={LumioNotification}>
            <Resource name={SYSTEM_INTEGRATORS_RESOURCE} {...systemIntegrators} />
          </AdminUI>
        </DialogProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { pathname: () => pathname };
}

const saveButton = () => screen.getByRole('button', { name: 'Speichern' });

afterEach(() => cleanup());

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
  it('shows Name and Kennung; SystemAdmin gets the create button and edits by row click', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    const app = renderApp('/system-integrators', 'SystemAdmin', dataProvider);

    expect(await screen.findByText('FotoSoft GmbH')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Name/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Kennung/ })).toBeInTheDocument();
    expect(screen.getByText('Gesamt: 2')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'System-Integrator anlegen' })).toBeInTheDocument();

    await user.click(screen.getByText('FotoSoft GmbH'));
    await waitFor(() => expect(app.pathname()).toBe('/system-integrators/si-1'));
  });

  it.each(['LumioAdmin', 'SystemIntegratorAdmin'] as const)(
    '%s sees no create button and cannot open a row',
    async (role) => {
      const user = userEvent.setup();
      const { dataProvider } = fakeDataProvider();
      const app = renderApp('/system-integrators', role, dataProvider);

      expect(await screen.findByText('FotoSoft GmbH')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'System-Integrator anlegen' })).not.toBeInTheDocument();
      await user.click(screen.getByText('FotoSoft GmbH'));
      expect(app.pathname()).toBe('/system-integrators');
    },
  );
});

describe('creating a system integrator', () => {
  it('keeps Speichern disabled until name and a valid code are entered', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    renderApp('/system-integrators/create', 'SystemAdmin', dataProvider);

    const name = await screen.findByLabelText(/Name/);
    expect(saveButton()).toBeDisabled();
    await user.type(name, 'Neue Integratoren GmbH');
    expect(saveButton()).toBeDisabled();

    const code = screen.getByLabelText(/Kennung/);
    await user.type(code, 'NEU 1');
    expect(await screen.findByText(texts.codeInvalid)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.clear(code);
    await user.type(code, 'NEU-1');
    await waitFor(() => expect(saveButton()).toBeEnabled());
  });

  it('sends name and code and shows the success dialog', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = renderApp('/system-integrators/create', 'SystemAdmin', dataProvider);

    await user.type(await screen.findByLabelText(/Name/), 'Neue Integratoren GmbH');
    await user.type(screen.getByLabelText(/Kennung/), 'NEU-1');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());

    const dialog = await screen.findByTestId('success-dialog');
    expect(within(dialog).getByText('Hat geklappt!')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Der System-Integrator „Neue Integratoren GmbH“ wurde angelegt.'),
    ).toBeInTheDocument();
    expect(calls.create).toHaveBeenCalledWith(
      'system-integrators',
      expect.objectContaining({ data: { name: 'Neue Integratoren GmbH', code: 'NEU-1' } }),
    );
    await waitFor(() => expect(app.pathname()).toBe('/system-integrators'));
  });

  it('shows "Der Code wird bereits verwendet." in the error dialog for a duplicate code', async () => {
    const user = userEvent.setup();
    const create = vi.fn(async () => {
      throw duplicateCode();
    });
    const { dataProvider } = fakeDataProvider({ create });
    const app = renderApp('/system-integrators/create', 'SystemAdmin', dataProvider);

    await user.type(await screen.findByLabelText(/Name/), 'Doppelt GmbH');
    await user.type(screen.getByLabelText(/Kennung/), 'FOTOSOFT');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(dialog).getByText('Der Code wird bereits verwendet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The form stays with the entered values so the code can be corrected.
    expect(app.pathname()).toBe('/system-integrators/create');
    expect(screen.getByLabelText(/Kennung/)).toHaveValue('FOTOSOFT');
  });
});

describe('editing a system integrator', () => {
  it('shows the code read-only and sends only the changed name', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = renderApp('/system-integrators/si-1', 'SystemAdmin', dataProvider);

    const name = await screen.findByDisplayValue('FotoSoft GmbH');
    const code = screen.getByLabelText(/Kennung/);
    expect(code).toHaveValue('FOTOSOFT');
    expect(code).toHaveAttribute('readonly');
    expect(saveButton()).toBeDisabled();

    await user.clear(name);
    expect(await screen.findByText(texts.nameRequired)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.type(name, 'FotoSoft Systems GmbH');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());

    await waitFor(() =>
      expect(calls.update).toHaveBeenCalledWith(
        'system-integrators',
        expect.objectContaining({ id: 'si-1', data: { name: 'FotoSoft Systems GmbH' } }),
      ),
    );
    await waitFor(() => expect(app.pathname()).toBe('/system-integrators'));
  });

  it('keeps Speichern disabled when the name is changed back', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    renderApp('/system-integrators/si-1', 'SystemAdmin', dataProvider);

    const name = await screen.findByDisplayValue('FotoSoft GmbH');
    await user.type(name, 'X');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.type(name, '{Backspace}');
    await waitFor(() => expect(saveButton()).toBeDisabled());
  });

  it('opens the error dialog when the server refuses the change', async () => {
    const user = userEvent.setup();
    const update = vi.fn(async () => {
      throw new HttpError('Forbidden', 403, {
        errorCode: 'FORBIDDEN',
        messages: ['Forbidden'],
        traceId: 't',
        status: 403,
      });
    });
    const { dataProvider } = fakeDataProvider({ update });
    renderApp('/system-integrators/si-1', 'SystemAdmin', dataProvider);

    await user.type(await screen.findByDisplayValue('FotoSoft GmbH'), ' Neu');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(dialog).getByText('Zugriff verweigert.')).toBeInTheDocument();
  });
});
