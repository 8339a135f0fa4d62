// The back-office flow (issue 26, part 3) as an integrator's ERP writes it against the client
// generated from the served OpenAPI document (openapi-typescript + openapi-fetch), with no cast and
// no `any` (the contract test lints for both). A SystemIntegratorAdmin (a person, token from
// LUMIO_SIA_TOKEN: scripts/contract-test.mjs logs the demo account in) creates an API client; the
// back office then gets its own token with the client-credentials grant at the token URL the
// document names, and works with that token alone, no cookie and no anti-forgery header: lists the
// studios it serves, creates a licence and a package, suspends the licence. Deleting the client
// stops its token at once. Exits 1 on the first answer that differs from the contract.
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/lumio-api';

type CreatedApiClient = components['schemas']['CreatedApiClient'];
type License = components['schemas']['License'];
type ErrorBody = components['schemas']['ErrorBody'];

const baseUrl = process.env.LUMIO_URL ?? 'http://localhost:8080';
const personToken = process.env.LUMIO_SIA_TOKEN ?? '';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`Vertrag verletzt: ${what}`);
  console.log(`ok   ${what}`);
}

/** A property of parsed JSON, or undefined: JSON the generated types do not describe, read without a cast. */
function property(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Object.getOwnPropertyDescriptor(current, key)?.value;
  }
  return current;
}

/** The token URL of the document's clientCredentials scheme, as a generator's OAuth helper reads it. */
async function tokenUrlOf(documentUrl: string): Promise<string> {
  const document: unknown = await (await fetch(documentUrl)).json();
  const url = property(
    document,
    'components',
    'securitySchemes',
    'clientCredentials',
    'flows',
    'clientCredentials',
    'tokenUrl',
  );
  if (typeof url !== 'string') throw new Error('Vertrag verletzt: kein clientCredentials-Schema im Dokument');
  return url;
}

check(personToken !== '', 'Token eines SystemIntegratorAdmin vorhanden (LUMIO_SIA_TOKEN)');

// The person's portal calls need the anti-forgery pair: the cookie every answer sets, and its value.
const config = await fetch(`${baseUrl}/config/config.json`);
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(config.headers.get('set-cookie') ?? '')?.[1] ?? '';
const portal = createClient<paths>({
  baseUrl,
  headers: { Authorization: `Bearer ${personToken}`, Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
});

const self = await portal.GET('/api/self');
const integratorId = self.data?.associatedEntity?.id ?? '';
check(self.data?.role === 'SystemIntegratorAdmin' && integratorId !== '', 'self: SystemIntegratorAdmin mit Integrator');

const created = await portal.POST('/api/system-integrator/{id}/api-client', {
  params: { path: { id: integratorId } },
  body: { name: 'Vertragstest ERP' },
});
const apiClient: CreatedApiClient | undefined = created.data;
check(created.response.status === 201 && apiClient !== undefined, 'API-Zugang angelegt (201, Secret einmal)');
const clientId = apiClient?.clientId ?? '';
const clientSecret = apiClient?.clientSecret ?? '';

// The client-credentials grant (RFC 6749, 4.4) with the secret as HTTP Basic authentication.
const tokenUrl = await tokenUrlOf(`${baseUrl}/api/docs/json`);
const granted = await fetch(tokenUrl, {
  method: 'POST',
  headers: {
    Authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
    'Content-Type': 'application/x-www-form-urlencoded',
  },
  body: new URLSearchParams({ grant_type: 'client_credentials' }),
});
const grant: unknown = await granted.json();
const accessToken = property(grant, 'access_token');
check(granted.status === 200 && typeof accessToken === 'string', 'Token mit dem Client-Credentials-Grant');

// From here on the back office alone: its bearer token, no cookie, no anti-forgery header.
const backOffice = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${String(accessToken)}` } });

const companies = await backOffice.GET('/api/company', { params: { query: { pageSize: 100 } } });
check(companies.data !== undefined && companies.data.items.length > 0, 'Firmen der betreuten Studios gelistet');
let storeId = '';
for (const company of companies.data?.items ?? []) {
  const stores = await backOffice.GET('/api/company/{id}/store', { params: { path: { id: company.id } } });
  const served = stores.data?.items.find((store) => store.systemIntegratorId === integratorId);
  if (served) {
    storeId = served.id;
    break;
  }
}
check(storeId !== '', 'ein betreutes Studio gefunden');

const licence = await backOffice.POST('/api/license', {
  body: { storeId, systemIntegratorId: integratorId, resellerId: null, postpaidAllowed: false },
});
const createdLicence: License | undefined = licence.data;
check(licence.response.status === 201 && createdLicence?.suspended === false, 'Lizenz angelegt (201)');
const licenseId = createdLicence?.id ?? '';

const year = new Date().getFullYear() + 1;
const prepaid = await backOffice.POST('/api/license/{id}/prepaid-package', {
  params: { path: { id: licenseId } },
  body: { startDate: `${year}-01-01`, endDate: `${year}-12-31`, amount: 100 },
});
check(prepaid.response.status === 201 && prepaid.data?.amount === 100, 'Prepaid-Paket angelegt (201)');

const suspended = await backOffice.PUT('/api/license/{id}', {
  params: { path: { id: licenseId } },
  body: { postpaidAllowed: false, boundMachineId: null, suspended: true },
});
check(suspended.data?.suspended === true, 'Lizenz gesperrt');

const listed = await backOffice.GET('/api/license', { params: { query: { pageSize: 100 } } });
check(
  listed.data?.items.some((item) => item.id === licenseId && item.suspended) === true,
  'Lizenzliste zeigt die gesperrte Lizenz',
);

// API clients manage no API clients.
const refused = await backOffice.GET('/api/system-integrator/{id}/api-client', {
  params: { path: { id: integratorId } },
});
const refusal: ErrorBody | undefined = refused.error;
check(refused.response.status === 403 && refusal?.status === 403, 'API-Zugänge verwalten: 403 für den API-Zugang');

// Deleted: the same token is refused at once.
const deleted = await portal.DELETE('/api/system-integrator/{id}/api-client/{clientId}', {
  params: { path: { id: integratorId, clientId } },
});
check(deleted.response.status === 204, 'API-Zugang gelöscht (204)');
const afterDelete = await backOffice.GET('/api/license');
check(afterDelete.response.status === 401, 'gelöschter Zugang: dasselbe Token sofort 401');
