// The device flow as an integrator's studio software writes it against the client generated from
// the served OpenAPI document (openapi-typescript + openapi-fetch): no cast and no `any` (the
// contract test lints for both), so every request and answer type comes from the document.
// Run by scripts/contract-test.mjs against a running portal with the demo data; exits 1 on the
// first answer that differs from what the document and docs/device-api.md promise.
import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/lumio-api';

// The document's named models, as an integrator's code names them.
type IdentificationProcess = components['schemas']['IdentificationProcess'];
type DeviceOperator = components['schemas']['DeviceOperator'];
type ErrorBody = components['schemas']['ErrorBody'];

const baseUrl = process.env.LUMIO_URL ?? 'http://localhost:8080';
const licenseKey = process.env.LUMIO_LICENSE_KEY ?? 'SNNSC-HN01K-PC01B-FTSFT-DEM01';
const machineId = process.env.LUMIO_MACHINE_ID ?? 'STUDIO-SONNENSCHEIN-PC-01';

const client = createClient<paths>({ baseUrl, headers: { Authorization: `License ${licenseKey}` } });
const device = { header: { 'x-machine-id': machineId } };

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`Vertrag verletzt: ${what}`);
  console.log(`ok   ${what}`);
}

// Activate: binds the licence to this PC (or confirms the binding it has).
const activation = await client.POST('/api/device/activation', { params: device, body: { force: false } });
check(activation.data?.machineId === machineId, `activate: an ${machineId} gebunden (${activation.response.status})`);

// Validate: state, remaining processes and packages.
const license = await client.GET('/api/device/license', { params: device });
check(license.data !== undefined && license.data.remainingAmount >= 1, 'validate: Lizenz mit verbleibenden Vorgängen');
const before = license.data?.remainingAmount ?? 0;

// Record one process with an idempotency key, then the same call again: the replay answers the
// first answer and consumes nothing.
const idempotencyKey = randomUUID();
const recorded = await client.POST('/api/device/identification-process', { params: device, body: { idempotencyKey } });
check(recorded.response.status === 201 && recorded.data !== undefined, 'record: 201 mit dem Vorgang');
const recordedProcess: IdentificationProcess | undefined = recorded.data;
const processId = recordedProcess?.id ?? '';
check(recorded.data?.remainingAmount === before - 1, `record: ein Vorgang weniger (${before} → ${before - 1})`);

const replayed = await client.POST('/api/device/identification-process', { params: device, body: { idempotencyKey } });
check(replayed.response.status === 200, 'replay: 200 statt 201');
check(
  replayed.data?.id === processId && replayed.data.remainingAmount === before - 1,
  'replay: dieselbe Antwort, nichts verbraucht',
);

// Who may carry out identifications: ids and names of the licence's company's people.
const operators = await client.GET('/api/device/operators', { params: device });
const people: DeviceOperator[] = operators.data?.items ?? [];
check(operators.response.status === 200 && people.length > 0, `operators: ${people.length} Personen`);
const operator = people[0];
check(
  operator !== undefined && !('email' in operator) && operator.lastName.length > 0,
  'operators: nur id, Vor- und Nachname',
);

// Record a process naming the person at the device, then cancel it (the unit comes back).
const named = await client.POST('/api/device/identification-process', {
  params: device,
  body: { idempotencyKey: randomUUID(), operatorId: operator?.id },
});
check(named.response.status === 201 && named.data !== undefined, 'record mit operatorId: 201');
const namedCancel = await client.POST('/api/device/identification-process/{id}/cancel', {
  params: { ...device, path: { id: named.data?.id ?? '' } },
});
check(namedCancel.data?.status === 'Cancelled', 'record mit operatorId: storniert');

// Someone who may not identify on this licence: 400 UNKNOWN_OPERATOR, nothing consumed.
const stranger = await client.POST('/api/device/identification-process', {
  params: device,
  body: { idempotencyKey: randomUUID(), operatorId: randomUUID() },
});
check(
  stranger.response.status === 400 && stranger.error?.errorCode === 'UNKNOWN_OPERATOR',
  'unbekannte Person: 400 UNKNOWN_OPERATOR',
);

// Cancel within 15 minutes: the unit comes back.
const cancelled = await client.POST('/api/device/identification-process/{id}/cancel', {
  params: { ...device, path: { id: processId } },
});
check(cancelled.data?.status === 'Cancelled' && cancelled.data.id === processId, 'cancel: Vorgang storniert');
const after = await client.GET('/api/device/license', { params: device });
check(after.data?.remainingAmount === before, 'cancel: Vorgang wieder gutgeschrieben');

// A refusal comes as the document's named error body.
const unknown = await client.GET('/api/device/license', {
  params: device,
  headers: { Authorization: 'License AAAAA-AAAAA-AAAAA-AAAAA-AAAAA' },
});
const refusal: ErrorBody | undefined = unknown.error;
check(
  unknown.response.status === 404 && refusal?.errorCode === 'LICENSE_KEY_UNKNOWN',
  'unbekannter Schlüssel: 404 ErrorBody',
);
