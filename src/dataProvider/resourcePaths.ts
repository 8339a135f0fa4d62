/**
 * The path map: react-admin resource → API path template (relative to config.apiUrl). `{name}`
 * placeholders are parent ids, taken from the call's `meta`, then its filter, then the record
 * (see resolvePath). A new resource is one entry here.
 *
 * `createFields`/`updateFields` list what the API accepts in POST/PUT bodies; the server refuses
 * unknown fields, and react-admin forms send the whole record (id, read-only fields).
 */
export interface ResourceRoute {
  path: string;
  createFields?: readonly string[];
  updateFields?: readonly string[];
  /** A list whose items carry no `id`: react-admin's id is this field of each item (e.g. a month). */
  idField?: string;
}

export const RESOURCE_ROUTES = {
  'system-integrators': { path: '/system-integrator', createFields: ['name', 'code'], updateFields: ['name'] },
  'company-applications': { path: '/company-application' },
  // The LumioAdmin's review screens (route open-applications) read the same API.
  'open-applications': { path: '/company-application' },
  companies: { path: '/company' },
  stores: {
    path: '/company/{companyId}/store',
    createFields: ['name', 'address', 'country', 'systemIntegratorId'],
    updateFields: ['name', 'address', 'country', 'systemIntegratorId'],
  },
  'company-users': { path: '/company/{companyId}/user' },
  // The company's people (route employees): the same API, read with the company id in meta or filter.
  employees: { path: '/company/{companyId}/user' },
  // POST only (dialog inviteEmployee): the company is the inviter's own, never part of the path.
  'employee-invitations': { path: '/employee-invitation', createFields: ['email'] },
  administrators: { path: '/administrator' },
  // The administrator accounts (route administration): dialogs createAdmin and the renaming.
  administration: {
    path: '/administrator',
    createFields: ['role', 'firstName', 'lastName', 'email', 'systemIntegratorId'],
    updateFields: ['firstName', 'lastName'],
  },
  resellers: {
    path: '/system-integrator/{systemIntegratorId}/reseller',
    createFields: ['name'],
    updateFields: ['name'],
  },
  // Route license-management (issue 13): companies, their studios, a studio's licences, a
  // licence's packages; each level a resource of its own (own access rules, own list state).
  'license-companies': { path: '/company' },
  'license-studios': { path: '/company/{companyId}/store' },
  'studio-licenses': { path: '/company/{companyId}/store/{storeId}/license' },
  // Dialogs createLicense and updateLicense.
  licenses: {
    path: '/license',
    createFields: ['storeId', 'systemIntegratorId', 'resellerId', 'postpaidAllowed'],
    updateFields: ['postpaidAllowed', 'boundMachineId', 'suspended'],
  },
  // Dialogs createLicensePackage and updateLicensePackage (amount and remainingAmount are sent
  // unchanged: the spec's payload; only increaseLicensePackageAmount raises the amount).
  'prepaid-packages': {
    path: '/license/{licenseId}/prepaid-package',
    createFields: ['startDate', 'endDate', 'amount'],
    updateFields: ['startDate', 'endDate', 'suspended', 'amount', 'remainingAmount'],
  },
  'identification-process-reports': { path: '/identification-process/reports' },
  documents: { path: '/document' },
  // The signed-in company user's eID binding: POST starts a session, GET (x-session-id) checks it.
  'eid-binding': { path: '/user/eid/bind' },
  // The LumioAdmin's review of differing eID data (route verification-check).
  'verification-check': { path: '/eid-review' },
  // Issue 26 (routes webhooks and api-clients): the SystemIntegratorAdmin's own integrator's.
  'webhook-endpoints': {
    path: '/system-integrator/{systemIntegratorId}/webhook-endpoint',
    createFields: ['url', 'events'],
    updateFields: ['url', 'events', 'active'],
  },
  'webhook-deliveries': { path: '/system-integrator/{systemIntegratorId}/webhook-endpoint/{endpointId}/delivery' },
  // The record's id is the row's; DELETE takes the OAuth clientId (useApiClientActions passes it).
  'api-clients': { path: '/system-integrator/{systemIntegratorId}/api-client', createFields: ['name'] },
  // Issue 27: a company's months with a statement and one month's (route statements/{companyId}),
  // and the integrator's statement of a month (route statements/integrator); a month is the id.
  'company-statements': { path: '/company/{companyId}/statement', idField: 'month' },
  'integrator-statements': { path: '/system-integrator/{systemIntegratorId}/statement', idField: 'month' },
  // Issue 28: the audit log (route audit-log) and the retention job's runs (administration/retention).
  'audit-log': { path: '/audit' },
  'retention-runs': { path: '/retention-run' },
} as const satisfies Record<string, ResourceRoute>;

export type ResourceName = keyof typeof RESOURCE_ROUTES;

export class UnknownResourceError extends Error {
  constructor(resource: string) {
    super(`Unbekannte Ressource „${resource}“: kein Eintrag in RESOURCE_ROUTES`);
  }
}

export function routeOf(resource: string, routes: Record<string, ResourceRoute> = RESOURCE_ROUTES): ResourceRoute {
  const route = routes[resource];
  if (!route) throw new UnknownResourceError(resource);
  return route;
}

/** Names of the `{placeholders}` of a path template. */
export function pathParameters(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

type Source = Record<string, unknown> | undefined | null;

/**
 * Fills the template's placeholders from the given sources, first one that has a non-empty value
 * wins. Throws when a parent id is missing: calling /company/undefined/store would only hide the
 * bug behind a 404.
 */
export function resolvePath(template: string, ...sources: Source[]): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    for (const source of sources) {
      const value = source?.[name];
      if (value !== undefined && value !== null && value !== '') return encodeURIComponent(String(value));
    }
    throw new Error(`Pfad ${template}: der Parameter ${name} fehlt`);
  });
}
