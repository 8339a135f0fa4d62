import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Resource, type DataProvider, type GetListParams } from 'react-admin';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardResourceViews } from '../../src/components/auth';
import { SERVER_MESSAGE_TEXTS } from '../../src/domain/errorCatalogue';
import type { Self } from '../../src/domain/self';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_VALIDATION_TEXTS as texts,
  webhookEndpointState,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../src/domain/webhooks';
import { missingKeys, renderAdminApp } from './support/adminApp';

// Dialogs and lazy chunks on a busy 2-core machine take longer than the default second.
configure({ asyncUtilTimeout: 5000 });
let WebhooksPage: ComponentType;
// The page's chunk and its dialogs compile once before the tests, so no test's own time goes to them.
beforeAll(async () => {
  WebhooksPage = (await import('../../src/resources/webhooks/WebhooksPage')).default;
  await import('../../src/resources/webhooks/WebhookEndpointDialog');
  await import('../../src/resources/webhooks/WebhookDeliveriesDialog');
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

const erp: WebhookEndpoint = {
  id: 'e-1',
  url: 'https://erp.fotosoft.example/lumio',
  events: ['license.suspended', 'package.low'],
  active: true,
  createdAt: '2026-11-02T09:30:00.000Z',
  updatedAt: '2026-11-02T09:30:00.000Z',
  failingSince: null,
  disabledAt: null,
};
const shop: WebhookEndpoint = {
  ...erp,
  id: 'e-2',
  url: 'https://shop.fotosoft.example/hook',
  events: ['package.exhausted'],
  active: false,
};
const broken: WebhookEndpoint = {
  ...erp,
  id: 'e-3',
  url: 'https://alt.fotosoft.example/hook',
  events: ['process.cancelled'],
  failingSince: '2026-11-20T08:00:00.000Z',
  disabledAt: '2026-11-23T08:00:00.000Z',
};

const testDelivery: WebhookDelivery = {
  id: 'd-1',
  messageId: 'msg_1',
  eventType: 'webhook.test',
  createdAt: '2026-11-28T10:00:00.000Z',
  status: 'delivered',
  attempts: 1,
  lastAttemptAt: '2026-11-28T10:00:01.000Z',
  httpStatus: 204,
  durationMs: 42,
  nextAttemptAt: null,
};
const failedDelivery: WebhookDelivery = {
  ...testDelivery,
  id: 'd-2',
  eventType: 'license.suspended',
  status: 'failed',
  attempts: 9,
  httpStatus: 500,
  durationMs: 1200,
};

const SECRET = 'whsec_c2VjcmV0LW9ubHktc2hvd24tb25jZQ==';

const validationError = (...messages: string[]) =>
  new HttpError(messages[0], 400, { errorCode: 'VALIDATION_FAILED', messages, traceId: 't-1', status: 400 });

function fakeDataProvider(endpoints: WebhookEndpoint[] = [erp, shop, broken]) {
  const calls = {
    getList: vi.fn(async (resource: string, _params: GetListParams) =>
      resource === 'webhook-deliveries'
        ? { data: [testDelivery, failedDelivery], total: 2 }
        : { data: endpoints, total: endpoints.length },
    ),
    create: vi.fn(async (_resource: string, { data }: { data: { url: string; events: string[] } }) => ({
      data: { id: 'e-new', secret: SECRET, endpoint: { ...erp, id: 'e-new', ...data } },
    })),
    update: vi.fn(async (_resource: string, { id, data }: { id: string; data: object }) => ({
      data: { ...erp, id, ...data },
    })),
    delete: vi.fn(async (_resource: string, { previousData }: { previousData: WebhookEndpoint }) => ({
      data: previousData,
    })),
    sendWebhookTest: vi.fn(async () => ({ deliveryId: 'd-3' })),
    redeliverWebhook: vi.fn(async () => ({ deliveryId: 'd-4' })),
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

/** The page on its route, behind the role table's guard, as guardedRoutes.tsx mounts it. */
function renderPage(dataProvider: DataProvider) {
  return renderAdminApp('/webhooks', {
    dataProvider,
    self: INTEGRATOR,
    resources: <Resource name="webhooks" {...guardResourceViews('webhooks', { list: WebhooksPage })} />,
  });
}

const endpointDialog = () => screen.findByTestId('webhook-endpoint-dialog');
const urlField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Adresse \(URL\)/ });

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => {
  cleanup();
  expect(missingKeys).toEqual([]);
});

describe('webhook rules for the screen', () => {
  it('has a German name for every event the portal offers, and for the test event', () => {
    for (const type of WEBHOOK_EVENT_TYPES) expect(WEBHOOK_EVENT_LABELS[type]).toMatch(/\S/);
    expect(WEBHOOK_EVENT_LABELS['webhook.test']).toBe('Testereignis');
  });

  it('counts an endpoint the delivery disabled as disabled, whatever active says', () => {
    expect(webhookEndpointState({ active: true, disabledAt: null })).toBe('active');
    expect(webhookEndpointState({ active: false })).toBe('paused');
    expect(webhookEndpointState({ active: true, disabledAt: '2026-11-23T08:00:00.000Z' })).toBe('disabled');
  });
});

describe('Webhooks (route webhooks)', () => {
  it("lists the own integrator's endpoints with German events and states", async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(await screen.findByText(erp.url)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Adresse (URL)',
      'Ereignisse',
      'Status',
      'Angelegt',
      'Aktionen',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Lizenz gesperrt, Paket unter der Hinweisschwelle');
    expect(rows[0]).toHaveTextContent('Aktiv');
    expect(rows[1]).toHaveTextContent('Pausiert');
    expect(rows[2]).toHaveTextContent('Deaktiviert wegen Fehlern');
    expect(calls.getList).toHaveBeenCalledWith(
      'webhook-endpoints',
      expect.objectContaining({ filter: { systemIntegratorId: 'si-1' } }),
    );
  });

  it('keeps Hinzufügen disabled and says why until the address is valid and an event is chosen', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Empfänger hinzufügen' }));
    const dialog = await endpointDialog();
    const add = within(dialog).getByRole('button', { name: 'Hinzufügen' });
    expect(add).toBeDisabled();

    await user.type(urlField(dialog), 'erp.fotosoft.example');
    await user.tab();
    expect(await within(dialog).findByText(texts.urlInvalid)).toBeInTheDocument();

    await user.clear(urlField(dialog));
    await user.type(urlField(dialog), 'https://erp.fotosoft.example/lumio');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Paket aufgebraucht' }));
    expect(add).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Paket aufgebraucht' }));
    expect(await within(dialog).findByText(texts.eventsRequired)).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(calls.create).not.toHaveBeenCalled();
  });

  it("shows the server's refusal at the address field and keeps the dialog open", async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.create.mockRejectedValueOnce(validationError(`url: ${texts.urlInvalid}`)).mockRejectedValueOnce(
      new HttpError('Webhook target refused', 400, {
        errorCode: 'BAD_REQUEST',
        messages: ['Webhook target refused'],
        traceId: 't-2',
        status: 400,
      }),
    );
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Empfänger hinzufügen' }));
    const dialog = await endpointDialog();
    await user.type(urlField(dialog), 'http://erp.fotosoft.example/lumio');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lizenz gesperrt' }));
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));

    expect(await within(dialog).findByText(texts.urlInvalid)).toBeInTheDocument();
    expect(urlField(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Das war nicht so geplant :/')).not.toBeInTheDocument();

    await user.clear(urlField(dialog));
    await user.type(urlField(dialog), 'https://intern.fotosoft.example/lumio');
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(await within(dialog).findByText(SERVER_MESSAGE_TEXTS.webhookTargetRefused)).toBeInTheDocument();
    expect(calls.create).toHaveBeenCalledTimes(2);
  });

  it('shows the new secret once, with a copy button and the hint that it will not be shown again', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: 'Empfänger hinzufügen' }));
    const dialog = await endpointDialog();
    await user.type(urlField(dialog), '  https://erp.fotosoft.example/neu ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lizenz aktiviert' }));
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));

    const secretDialog = await screen.findByTestId('one-time-secret-dialog');
    expect(calls.create).toHaveBeenCalledWith(
      'webhook-endpoints',
      expect.objectContaining({
        data: { url: 'https://erp.fotosoft.example/neu', events: ['license.activated'] },
        meta: { systemIntegratorId: 'si-1' },
      }),
    );
    expect(within(secretDialog).getByRole('heading', { name: 'Empfänger hinzugefügt' })).toBeInTheDocument();
    expect(within(secretDialog).getByRole('textbox', { name: 'Geheimnis (Signing Secret)' })).toHaveValue(SECRET);
    expect(secretDialog).toHaveTextContent(
      'Das Geheimnis wird nur jetzt angezeigt und kann später nicht mehr abgerufen werden.',
    );
    expect(screen.queryByTestId('webhook-endpoint-dialog')).not.toBeInTheDocument();

    await user.click(within(secretDialog).getByRole('button', { name: 'Geheimnis (Signing Secret) kopieren' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Geheimnis (Signing Secret) in die Zwischenablage kopiert.')).toBeInTheDocument();

    // Escape does not lose it; only the button closes it, and then it is gone for good.
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('one-time-secret-dialog')).toBeInTheDocument();
    await user.click(within(secretDialog).getByRole('button', { name: 'Ich habe es gespeichert' }));
    await waitFor(() => expect(screen.queryByTestId('one-time-secret-dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('pauses an endpoint through the change dialog', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: erp.url }));
    const dialog = await endpointDialog();
    expect(within(dialog).getByRole('heading', { name: 'Empfänger bearbeiten' })).toBeInTheDocument();
    expect(urlField(dialog)).toHaveValue(erp.url);
    const save = within(dialog).getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('switch', { name: 'Aktiv' }));
    await user.click(save);

    expect(await screen.findByText('Empfänger geändert')).toBeInTheDocument();
    expect(calls.update).toHaveBeenCalledWith(
      'webhook-endpoints',
      expect.objectContaining({ id: erp.id, data: { url: erp.url, events: erp.events, active: false } }),
    );
  });

  it('deletes an endpoint only after the German confirmation', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: `Empfänger ${shop.url} löschen` }));
    let confirm = await screen.findByRole('dialog', { name: 'Empfänger löschen?' });
    expect(confirm).toHaveTextContent(
      `Soll der Empfänger ${shop.url} wirklich gelöscht werden? Er bekommt danach keine Ereignisse mehr.`,
    );
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Empfänger löschen?' })).not.toBeInTheDocument());
    expect(calls.delete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: `Empfänger ${shop.url} löschen` }));
    confirm = await screen.findByRole('dialog', { name: 'Empfänger löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Empfänger gelöscht')).toBeInTheDocument();
    expect(calls.delete).toHaveBeenCalledWith(
      'webhook-endpoints',
      expect.objectContaining({ id: shop.id, meta: { systemIntegratorId: 'si-1' } }),
    );
  });

  it("shows an endpoint's deliveries, sends a test event and sends a delivery again", async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(dataProvider);

    await user.click(await screen.findByRole('button', { name: `Zustellungen an ${erp.url} anzeigen` }));
    const dialog = await screen.findByTestId('webhook-deliveries-dialog');
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'EreignisZeitpunktHTTP-StatusDauerStatusAktionen',
      expect.stringMatching(/^Testereignis28\.11\.2026, \d\d:\d\d204 ?42 msZugestellt1 VersuchErneut senden$/),
      expect.stringMatching(
        /^Lizenz gesperrt28\.11\.2026, \d\d:\d\d500 ?1200 msFehlgeschlagen9 VersucheErneut senden$/,
      ),
    ]);
    expect(calls.getList).toHaveBeenCalledWith(
      'webhook-deliveries',
      expect.objectContaining({
        pagination: { page: 1, perPage: 100 },
        filter: { systemIntegratorId: 'si-1', endpointId: erp.id },
      }),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Testereignis senden' }));
    expect(await screen.findByText('Das Testereignis wird gesendet.')).toBeInTheDocument();
    expect(calls.sendWebhookTest).toHaveBeenCalledWith('si-1', erp.id);

    await user.click(within(dialog).getByRole('button', { name: /^Lizenz gesperrt vom .* erneut senden$/ }));
    expect(await screen.findByText('Das Ereignis wird erneut gesendet.')).toBeInTheDocument();
    expect(calls.redeliverWebhook).toHaveBeenCalledWith('si-1', erp.id, failedDelivery.id);
  });
});
