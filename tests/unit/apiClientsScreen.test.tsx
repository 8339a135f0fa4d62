import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Resource, type DataProvider, type GetListParams } from 'react-admin';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeContext, type Runtime } from '../../src/authProvider/runtime';
import { guardResourceViews } from '../../src/components/auth';
import { API_CLIENT_VALIDATION_TEXTS as texts, type ApiClient } from '../../src/domain/apiClients';
import { tokenUrlOf, type RuntimeConfig } from '../../src/domain/runtimeConfig';
import type { Self } from '../../src/domain/self';
import { missingKeys, renderAdminApp } from './support/adminApp';

// Dialogs and lazy chunks on a busy 2-core machine take longer than the default second.
configure({ asyncUtilTimeout: 5000 });
let ApiClientsPage: ComponentType;
// The page's chunk and its dialog compile once before the tests, so no test's own time goes to them.
beforeAll(async () => {
  ApiClientsPage = (await import('../../src/resources/api-clients/ApiClientsPage')).default;
  await import('../../src/resources/api-clients/CreateApiClientDialog');
  await import('../../src/components/secret/OneTimeSecretDialog');
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

const CONFIG = {
  apiUrl: '/api',
  keycloak: { url: 'https://login.lumio.example/', realm: 'lumio', clientId: 'lumio-portal' },
} as RuntimeConfig;
const runtime = { config: CONFIG } as Runtime;

const erp: ApiClient = {
  id: 'c-1',
  clientId: 'lumio-api-3f2a9c',
  name: 'Warenwirtschaft',
  createdAt: '2026-11-02T09:30:00.000Z',
  lastUsedAt: '2026-11-28T07:15:00.000Z',
};
const shop: ApiClient = {
  id: 'c-2',
  clientId: 'lumio-api-77be01',
  name: 'Webshop',
  createdAt: '2026-11-20T12:00:00.000Z',
  lastUsedAt: null,
};
const SECRET = 'cs_only-shown-once-7Hq2';

function fakeDataProvider(clients: ApiClient[] = [erp, shop]) {
  const calls = {
    getList: vi.fn(async (_resource: string, _params: GetListParams) => ({ data: clients, total: clients.length })),
    create: vi.fn(async (_resource: string, { data }: { data: { name: string } }) => ({
      data: {
        id: 'c-new',
        clientId: 'lumio-api-0a1b2c',
        clientSecret: SECRET,
        createdAt: '2026-11-29T10:00:00.000Z',
        ...data,
      },
    })),
    delete: vi.fn(async (_resource: string, { previousData }: { previousData: ApiClient }) => ({ data: previousData })),
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

function Page() {
  return (
    <RuntimeContext.Provider value={runtime}>
      <ApiClientsPage />
    </RuntimeContext.Provider>
  );
}

/** The page on its route, behind the role table's guard, as guardedRoutes.tsx mounts it. */
function renderPage(dataProvider: DataProvider) {
  return renderAdminApp('/api-clients', {
    dataProvider,
    self: INTEGRATOR,
    resources: <Resource name="api-clients" {...guardResourceViews('api-clients', { list: Page })} />,
  });
}

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => {
  cleanup();
  expect(missingKeys).toEqual([]);
});

describe('API-Zugänge (route api-clients)', () => {
  it("lists the own integrator's API clients, with 'Noch nicht verwendet' for one never used", async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'API-Zugänge' })).toBeInTheDocument();
    expect(await screen.findByText('Warenwirtschaft')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Client-ID',
      'Angelegt',
      'Zuletzt verwendet',
      'Aktionen',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('lumio-api-3f2a9c');
    expect(rows[0]).toHaveTextContent(/28\.11\.2026/);
    expect(rows[1]).toHaveTextContent('Noch nicht verwendet');
    expect(calls.getList).toHaveBeenCalledWith(
      'api-clients',
      expect.objectContaining({ filter: { systemIntegratorId: 'si-1' } }),
    );
  });

  it('asks for a name before creating, in German', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'API-Zugang anlegen' }));
    const dialog = await screen.findByTestId('api-client-dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.type(name, '   ');
    await user.tab();
    expect(await within(dialog).findByText(texts.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Anlegen' })).toBeDisabled();
    expect(calls.create).not.toHaveBeenCalled();
  });

  it('shows a name the server refuses at the field', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.create.mockRejectedValueOnce(
      new HttpError('x', 400, {
        errorCode: 'VALIDATION_FAILED',
        messages: [`name: ${texts.nameTooLong}`],
        traceId: 't-1',
        status: 400,
      }),
    );
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'API-Zugang anlegen' }));
    const dialog = await screen.findByTestId('api-client-dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Warenwirtschaft');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await within(dialog).findByText(texts.nameTooLong)).toBeInTheDocument();
    expect(screen.queryByText('Das war nicht so geplant :/')).not.toBeInTheDocument();
  });

  it('shows client id, the secret once and the token address after creating', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'API-Zugang anlegen' }));
    const dialog = await screen.findByTestId('api-client-dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), ' Buchhaltung ');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));

    const secretDialog = await screen.findByTestId('one-time-secret-dialog');
    expect(calls.create).toHaveBeenCalledWith(
      'api-clients',
      expect.objectContaining({ data: { name: 'Buchhaltung' }, meta: { systemIntegratorId: 'si-1' } }),
    );
    expect(within(secretDialog).getByRole('heading', { name: 'API-Zugang angelegt' })).toBeInTheDocument();
    expect(within(secretDialog).getByRole('textbox', { name: 'Client-ID' })).toHaveValue('lumio-api-0a1b2c');
    expect(within(secretDialog).getByRole('textbox', { name: 'Client-Secret' })).toHaveValue(SECRET);
    expect(within(secretDialog).getByRole('textbox', { name: 'Token-Adresse (Token URL)' })).toHaveValue(
      'https://login.lumio.example/realms/lumio/protocol/openid-connect/token',
    );
    expect(secretDialog).toHaveTextContent('Das Geheimnis wird nur jetzt angezeigt');

    await user.click(within(secretDialog).getByRole('button', { name: 'Client-Secret kopieren' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(secretDialog).getByRole('button', { name: 'Ich habe es gespeichert' }));
    await waitFor(() => expect(screen.queryByTestId('one-time-secret-dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('revokes by the OAuth client id only after a confirmation saying its tokens stop working at once', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'API-Zugang „Webshop“ widerrufen' }));
    let confirm = await screen.findByRole('dialog', { name: 'API-Zugang widerrufen?' });
    expect(confirm).toHaveTextContent(
      'Soll der API-Zugang „Webshop“ wirklich widerrufen werden? Seine Tokens funktionieren sofort nicht mehr, und Aufrufe mit ihm werden abgelehnt.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'API-Zugang widerrufen?' })).not.toBeInTheDocument(),
    );
    expect(calls.delete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'API-Zugang „Webshop“ widerrufen' }));
    confirm = await screen.findByRole('dialog', { name: 'API-Zugang widerrufen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Widerrufen' }));
    expect(await screen.findByText('API-Zugang widerrufen')).toBeInTheDocument();
    expect(calls.delete).toHaveBeenCalledWith(
      'api-clients',
      expect.objectContaining({ id: 'lumio-api-77be01', meta: { systemIntegratorId: 'si-1' } }),
    );
  });
});

describe('token address', () => {
  it("is the realm's OpenID token endpoint, whether the configured address ends in a slash or not", () => {
    const keycloak = { url: 'https://portal.example', realm: 'lumio', clientId: 'x' };
    expect(tokenUrlOf(keycloak)).toBe('https://portal.example/realms/lumio/protocol/openid-connect/token');
    expect(tokenUrlOf({ ...keycloak, url: 'https://portal.example/' })).toBe(tokenUrlOf(keycloak));
  });
});
