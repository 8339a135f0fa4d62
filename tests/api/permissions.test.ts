import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_EID_REVIEW_EMAIL, DEMO_INVITATION_TOKEN } from '../../server/db/seed';
import { todayInGermany } from '../../src/domain/dates';
import {
  companies,
  dataExports,
  eidReviews,
  identificationReports,
  licenses,
  prepaidPackages,
  resellers,
  stores,
  systemIntegrators,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../server/db/schema';
import { idpSecondFactors } from '../../server/idp/second-factor.table';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { backOffice, clientToken } from './helpers/apiClients';
import { applicationBody, mailedConfirmPath, openApplication, submitApplication } from './helpers/applications';
import { mailedEmailChangePath } from './helpers/emailChange';
import { mailedInvitationToken, registrationBody } from './helpers/invitations';
import { loginAs } from './helpers/login';
import { approvedOwner } from './helpers/owners';
import { addDays } from './helpers/deviceLicenses';
import { requestReport, waitForState } from './helpers/reports';
import { apiRouteTable, normalizedPath } from './helpers/routes';
import { snapshotTables } from './helpers/snapshot';
import { runningMonth } from '../../src/domain/statements';
import { buildCompany, buildLicense, buildPackage } from './helpers/usage';

/** The permission table of docs/permissions.md, read as data: the test and the docs cannot drift. */
const ROLE_COLUMNS = {
  SystemAdmin: DEMO.systemAdmin,
  LumioAdmin: DEMO.lumioAdmin,
  SystemIntegratorAdmin: DEMO.integrator,
  Owner: DEMO.owner,
  AccountAdministrator: DEMO.accountAdmin,
  Employee: DEMO.employee,
  'Registrierung offen': DEMO.unverifiedOwner,
} as const;
type Column = keyof typeof ROLE_COLUMNS;

interface Row {
  method: string;
  path: string;
  anonymous: string;
  cells: Record<Column, string>;
  /** The column `API-Client`: an API client of FotoSoft (issue 26, part 3), with its token alone. */
  apiClientCell: string;
}

function readPermissionTable(): Row[] {
  const text = readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8');
  const lines = text
    .split('\n')
    .filter(
      (l) => l.startsWith('| GET') || l.startsWith('| POST') || l.startsWith('| PUT') || l.startsWith('| DELETE'),
    );
  return lines.map((line) => {
    const [endpoint, anonymous, ...rest] = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const [method, path] = endpoint.split(' ');
    const cells = Object.fromEntries(Object.keys(ROLE_COLUMNS).map((col, i) => [col, rest[i]])) as Record<
      Column,
      string
    >;
    return { method, path, anonymous, cells, apiClientCell: rest[Object.keys(ROLE_COLUMNS).length] };
  });
}

/**
 * The device API's routes, listed in docs/permissions.md outside the role table: they authenticate
 * by licence key, not by role (docs/device-api.md).
 */
function readDeviceRoutes(): string[] {
  const text = readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8');
  return [...text.matchAll(/^\| `((?:GET|POST|PUT|DELETE) \/api\/device\/\S*)`/gm)].map((match) => match[1]);
}

/** A 1×1 PNG: the smallest upload the document endpoint accepts. */
const PNG_FILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Fixture {
  /** Path parameters for the user's own tenant (or any valid target). */
  own: Record<string, string>;
  /** Path parameters of another tenant, for `eigene` cells. */
  foreign?: Record<string, string>;
  /** Where `eigene` means the caller's own user: the own and a foreign target per column. */
  perColumn?: (column: Column) => { own: Record<string, string>; foreign: Record<string, string> };
  body?: unknown;
  /** Extra request headers, e.g. the content type of a raw upload. */
  headers?: Record<string, string>;
  /** A query string for every call, e.g. the token of a mailed link. */
  query?: string;
  /**
   * Another user of the column's kind stands in for the column's demo user, with the path
   * parameters of that user's own tenant: e.g. an owner whose own company may be deleted.
   */
  standIns?: Partial<Record<Column, { token: string; own: Record<string, string> }>>;
  /**
   * Waits for what an allowed request starts in the background (a report's job, which completes it
   * and queues its mail in one transaction), so that it does not land in a later check's snapshot.
   */
  settle?: (
    response: Awaited<ReturnType<ReturnType<typeof apiClient>['get']>>,
    token: string | undefined,
  ) => Promise<void>;
}

describe('permissions (docs/permissions.md)', () => {
  let app: FastifyInstance;
  const tokens = new Map<string, string>();
  let fixtures: Record<string, Fixture>;
  /** The access token of an API client of FotoSoft, created through the API (client-credentials grant). */
  let apiClientToken: string;

  beforeAll(async () => {
    app = await buildTestApp();
    for (const email of Object.values(ROLE_COLUMNS)) tokens.set(email, (await loginAs(app, email)).accessToken);
    const [fotosoft] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'FOTOSOFT'));
    const [other] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'BILDWERK'));
    let codeCounter = 0;
    const reseller = async (systemIntegratorId: string, name: string) =>
      (await app.db.insert(resellers).values({ systemIntegratorId, name }).returning())[0];
    const ownReseller = await reseller(fotosoft.id, 'Rechte-Test Reseller');
    const ownResellerToDelete = await reseller(fotosoft.id, 'Rechte-Test Reseller zum Löschen');
    const foreignReseller = await reseller(other.id, 'Rechte-Test Fremdreseller');
    const webhookBody = { url: 'https://erp.rechte-test.example/lumio', events: ['package.low'] };
    const webhookEndpoint = async (systemIntegratorId: string) =>
      (
        await app.db
          .insert(webhookEndpoints)
          .values({ systemIntegratorId, ...webhookBody, secret: 'whsec_cmVjaHRlLXRlc3Q=' })
          .returning()
      )[0];
    // API clients through the API, as their integrators' SystemIntegratorAdmins create them.
    const bildwerkAdmin = apiClient(app, (await loginAs(app, DEMO.otherIntegrator)).accessToken);
    const createdApiClient = async (admin: ReturnType<typeof apiClient>, systemIntegratorId: string, name: string) => {
      const res = await admin.post(`/api/system-integrator/${systemIntegratorId}/api-client`, { name });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { clientId: string; clientSecret: string };
    };
    const integratorAdmin = apiClient(app, tokens.get(DEMO.integrator));
    const ownApiClientToDelete = await createdApiClient(integratorAdmin, fotosoft.id, 'Rechte-Test zum Löschen');
    const foreignApiClient = await createdApiClient(bildwerkAdmin, other.id, 'Rechte-Test Fremdzugang');
    const backOfficeClient = await createdApiClient(integratorAdmin, fotosoft.id, 'Rechte-Test Backoffice');
    apiClientToken = await clientToken(app, backOfficeClient.clientId, backOfficeClient.clientSecret);
    const ownEndpoint = await webhookEndpoint(fotosoft.id);
    const ownEndpointToDelete = await webhookEndpoint(fotosoft.id);
    const foreignEndpoint = await webhookEndpoint(other.id);
    const webhookDelivery = async (endpointId: string) =>
      (
        await app.db
          .insert(webhookDeliveries)
          .values({
            endpointId,
            messageId: `msg_rechte${endpointId.slice(0, 8)}`,
            eventType: 'package.low',
            payload: { type: 'package.low', timestamp: '2026-01-01T00:00:00.000Z', data: {} },
            status: 'failed',
          })
          .returning()
      )[0];
    const ownDelivery = await webhookDelivery(ownEndpoint.id);
    const foreignDelivery = await webhookDelivery(foreignEndpoint.id);
    let resellerCounter = 0;
    const [sonnenschein] = await app.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'));
    const [morgenrot] = await app.db.select().from(companies).where(eq(companies.name, 'Studio Morgenrot e.K.'));
    const studio = async (companyId: string, name: string) =>
      (
        await app.db
          .insert(stores)
          .values({ companyId, name, address: 'Testweg 1, 10115 Berlin', country: 'Deutschland' })
          .returning()
      )[0];
    const ownStudio = await studio(sonnenschein.id, 'Rechte-Test Studio');
    const ownStudioToDelete = await studio(sonnenschein.id, 'Rechte-Test Studio zum Löschen');
    const foreignStudio = await studio(morgenrot.id, 'Rechte-Test Fremdstudio');
    // A studio FotoSoft serves: its integrator reads it and its licences (the licence screens).
    const [servedStudio] = await app.db
      .insert(stores)
      .values({
        companyId: sonnenschein.id,
        name: 'Rechte-Test betreutes Studio',
        address: 'Testweg 2, 10115 Berlin',
        country: 'Deutschland',
        systemIntegratorId: fotosoft.id,
      })
      .returning();
    // FotoSoft's licence in Sonnenschein's studio; Bildwerk's in Morgenrot's, the other tenant of both.
    const licence = async (key: string, values: { storeId: string; companyId: string; systemIntegratorId: string }) => {
      const [row] = await app.db
        .insert(licenses)
        .values({ key, ...values })
        .returning();
      const [pkg] = await app.db
        .insert(prepaidPackages)
        .values({ licenseId: row.id, startDate: '2026-01-01', endDate: '2026-12-31', amount: 100 })
        .returning();
      return { license: row, pkg };
    };
    const ownLicence = await licence('RECHT-E0TES-T0000-00000-0WN01', {
      storeId: servedStudio.id,
      companyId: sonnenschein.id,
      systemIntegratorId: fotosoft.id,
    });
    const foreignLicence = await licence('RECHT-E0TES-T0000-00000-FRMD1', {
      storeId: foreignStudio.id,
      companyId: morgenrot.id,
      systemIntegratorId: other.id,
    });
    const licenceTargets = { own: { id: ownLicence.license.id }, foreign: { id: foreignLicence.license.id } };
    const packageTargets = {
      own: { id: ownLicence.license.id, packageId: ownLicence.pkg.id },
      foreign: { id: foreignLicence.license.id, packageId: foreignLicence.pkg.id },
    };
    const { id: _id, createdAt: _createdAt, ...sonnenscheinFields } = sonnenschein;
    const storeBody = { name: 'Rechte-Test Studio', address: 'Testweg 1, 10115 Berlin', country: 'Deutschland' };
    const [employee] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    const unconfirmed = await submitApplication(app);
    const reviewable = await openApplication(app);
    const toDecide = await openApplication(app);
    const demoUser = async (email: string) => (await app.db.select().from(users).where(eq(users.email, email)))[0];
    const userOfColumn = Object.fromEntries(
      await Promise.all(
        Object.entries(ROLE_COLUMNS).map(async ([column, email]) => [column, await demoUser(email)] as const),
      ),
    ) as Record<Column, typeof employee>;
    // The confirmations change a login name and end its sessions: users of their own, not the role columns'.
    const extraUser = async (email: string, role: 'Employee' | 'LumioAdmin') => {
      const [row] = await app.db
        .insert(users)
        .values({
          email,
          firstName: 'Rechte',
          lastName: 'Test',
          role,
          status: 'VerifiedAndApproved',
          companyId: role === 'Employee' ? sonnenschein.id : null,
          passwordHash: employee.passwordHash,
        })
        .returning();
      return { row, client: apiClient(app, (await loginAs(app, email)).accessToken) };
    };
    const changingEmployee = await extraUser('rechte.mitarbeiter@studio-sonnenschein.example', 'Employee');
    await changingEmployee.client.put(`/api/company/${sonnenschein.id}/user/${changingEmployee.row.id}/email`, {
      email: 'rechte.mitarbeiter.neu@example.test',
    });
    const changingAdmin = await extraUser('rechte.admin@lumio.example', 'LumioAdmin');
    await changingAdmin.client.put(`/api/administrator/${changingAdmin.row.id}/email`, {
      email: 'rechte.admin.neu@example.test',
    });
    const userConfirm = await mailedEmailChangePath(app, 'rechte.mitarbeiter.neu@example.test');
    const adminConfirm = await mailedEmailChangePath(app, 'rechte.admin.neu@example.test');
    let emailCounter = 0;
    const newEmailBody = () => {
      emailCounter += 1;
      return { email: `rechte-${emailCounter}@neu.example` };
    };
    // The company's decisions change their target: people of their own, one per endpoint.
    const colleague = async (email: string, status: 'Unverified' | 'VerifiedAndApproved') =>
      (
        await app.db
          .insert(users)
          .values({ email, firstName: 'Rechte', lastName: 'Kollegin', status, companyId: sonnenschein.id })
          .returning()
      )[0];
    const toPromote = await colleague('rechte.rolle@studio-sonnenschein.example', 'VerifiedAndApproved');
    const toDecideOn = await colleague('rechte.pruefen@studio-sonnenschein.example', 'Unverified');
    const toRemove = await colleague('rechte.loeschen@studio-sonnenschein.example', 'VerifiedAndApproved');
    const morgenrotOwner = userOfColumn['Registrierung offen'];
    const colleagueOf = (target: { id: string }) => ({
      own: { companyId: sonnenschein.id, userId: target.id },
      foreign: { companyId: morgenrot.id, userId: morgenrotOwner.id },
    });
    const upload = { 'content-type': 'application/octet-stream', 'x-filename': 'Rechte-Test.png' };
    const uploaded = await apiClient(app).post('/api/document', PNG_FILE, { headers: upload });
    // Deleting a company succeeds for an unfinished owner: a company of its own, not a demo one.
    const leaving = await approvedOwner(app);
    // Accepting an invitation needs an open one of its own: the anonymous call registers, the rest replay it.
    const invited = 'rechte.eingeladen@studio-sonnenschein.example';
    await apiClient(app, tokens.get(DEMO.owner)).post('/api/employee-invitation', { email: invited });
    const invitationToken = await mailedInvitationToken(app, invited);
    // Resending and withdrawing need open invitations of their own (a withdrawn one then answers 404).
    const openInvitation = async (email: string) =>
      (
        (await apiClient(app, tokens.get(DEMO.owner)).post('/api/employee-invitation', { email })).json() as {
          id: string;
        }
      ).id;
    const toResend = await openInvitation('rechte.erneut@studio-sonnenschein.example');
    const toWithdraw = await openInvitation('rechte.zurueck@studio-sonnenschein.example');
    const foreignInvitation = { companyId: morgenrot.id, id: toWithdraw };
    let inviteCounter = 0;
    // The SystemAdmin's changes of administrators change their target: accounts of their own.
    const administrator = async (email: string) =>
      (
        await app.db
          .insert(users)
          .values({ email, firstName: 'Rechte', lastName: 'Admin', role: 'LumioAdmin', status: 'Active' })
          .returning()
      )[0];
    const adminToRename = await administrator('rechte.umbenennen@lumio.example');
    const adminToDelete = await administrator('rechte.loeschen@lumio.example');
    // The SystemAdmin resets its second factor; every refused call before and after leaves it.
    const adminToReset = await administrator('rechte.zweiterfaktor@lumio.example');
    await app.db.insert(idpSecondFactors).values({ userId: adminToReset.id, sealedSecret: 'rechte-test' });
    let adminCounter = 0;
    const [inReview] = await app.db
      .select({ id: eidReviews.id })
      .from(eidReviews)
      .innerJoin(users, eq(users.id, eidReviews.userId))
      .where(eq(users.email, DEMO_EID_REVIEW_EMAIL));
    // Reports: each column's own completed report; another scope's is Bildwerk's integrator's or
    // Morgenrot's (written straight into the table: only 404 is asked of them).
    const reportPeriod = { startDate: addDays(todayInGermany(), -30), endDate: todayInGermany() };
    const completedReport = async (email: string) => {
      const client = apiClient(app, tokens.get(email));
      const report = await requestReport(client, reportPeriod);
      await waitForState(client, report.id, 'Completed');
      return report.id;
    };
    const ownReports = {
      LumioAdmin: await completedReport(DEMO.lumioAdmin),
      SystemIntegratorAdmin: await completedReport(DEMO.integrator),
      Owner: await completedReport(DEMO.owner),
    };
    const foreignReport = async (scope: { scopeCompanyId?: string; scopeSystemIntegratorId?: string }) =>
      (
        await app.db
          .insert(identificationReports)
          .values({ ...scope, ...reportPeriod, state: 'Completed' })
          .returning()
      )[0].id;
    const foreignReports = {
      SystemIntegratorAdmin: await foreignReport({ scopeSystemIntegratorId: other.id }),
      Owner: await foreignReport({ scopeCompanyId: morgenrot.id }),
    };
    // Usage: FotoSoft serves Sonnenschein through a licence; a company of its own, served by
    // Bildwerk only, is the foreign tenant of the Owner and of FotoSoft's integrator alike.
    const ownLicense = await buildLicense(app, {
      storeId: ownStudio.id,
      companyId: sonnenschein.id,
      systemIntegratorId: fotosoft.id,
    });
    const ownPackage = await buildPackage(app, {
      licenseId: ownLicense.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      amount: 100,
    });
    const usageForeign = await buildCompany(app, 'Rechte-Test Fremdfirma');
    const foreignLicense = await buildLicense(app, {
      storeId: usageForeign.stores[0].id,
      companyId: usageForeign.company.id,
      systemIntegratorId: other.id,
    });
    const foreignPackage = await buildPackage(app, {
      licenseId: foreignLicense.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      amount: 100,
    });
    // 'Meine Daten': a finished (failed) export of each column's person, so that none is in
    // preparation and each reads another column's as someone else's (404).
    const exportOf = {} as Record<Column, string>;
    for (const [column, email] of Object.entries(ROLE_COLUMNS) as [Column, string][]) {
      const [person] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const [row] = await app.db.insert(dataExports).values({ userId: person.id, status: 'failed' }).returning();
      exportOf[column] = row.id;
    }
    const dataExportTargets = (column: Column) => ({
      own: { id: exportOf[column] },
      foreign: { id: exportOf[column === 'Employee' ? 'Owner' : 'Employee'] },
    });
    fixtures = {
      'GET /config/config.json': { own: {} },
      'GET /health/live': { own: {} },
      'GET /health/ready': { own: {} },
      'GET /api/self': { own: {} },
      'GET /api/dashboard': { own: {} },
      'POST /api/self/data-export': {
        own: {},
        settle: async (res, token) => {
          const { id } = res.json() as { id: string };
          await vi.waitFor(
            async () =>
              expect((await apiClient(app, token).get(`/api/self/data-export/${id}`)).json()).toMatchObject({
                status: 'ready',
              }),
            { timeout: 30_000, interval: 100 },
          );
        },
      },
      'GET /api/self/data-export': { own: {} },
      'GET /api/self/data-export/{id}': { own: { id: exportOf.Owner }, perColumn: dataExportTargets },
      'GET /api/self/data-export/{id}/download': { own: { id: exportOf.Owner }, perColumn: dataExportTargets },
      'GET /api/system-integrator': { own: {} },
      // The audit log: an Owner's list is their company's (no id in the path).
      'GET /api/audit': { own: {} },
      'GET /api/audit/csv': { own: {} },
      // The retention job's runs (issue 28): SystemAdmin only, no id in the path.
      'GET /api/retention-run': { own: {} },
      'GET /api/system-integrator/{id}': { own: { id: fotosoft.id }, foreign: { id: other.id } },
      'POST /api/system-integrator': {
        own: {},
        get body() {
          codeCounter += 1;
          return { name: 'Rechte-Test GmbH', code: `RECHTE${codeCounter}` };
        },
      },
      'PUT /api/system-integrator/{id}': { own: { id: other.id }, body: { name: 'Bildwerk Systeme AG' } },
      // `eigene` = the caller's own system integrator (FotoSoft for the demo integrator).
      'GET /api/system-integrator/{id}/reseller': { own: { id: fotosoft.id }, foreign: { id: other.id } },
      'POST /api/system-integrator/{id}/reseller': {
        own: { id: fotosoft.id },
        foreign: { id: other.id },
        get body() {
          resellerCounter += 1;
          return { name: `Rechte-Test Reseller ${resellerCounter}` };
        },
      },
      'GET /api/system-integrator/{id}/reseller/{resellerId}': {
        own: { id: fotosoft.id, resellerId: ownReseller.id },
        foreign: { id: other.id, resellerId: foreignReseller.id },
      },
      // The integrator saves the name as it is: allowed, and no change.
      'PUT /api/system-integrator/{id}/reseller/{resellerId}': {
        own: { id: fotosoft.id, resellerId: ownReseller.id },
        foreign: { id: other.id, resellerId: foreignReseller.id },
        body: { name: ownReseller.name },
      },
      'DELETE /api/system-integrator/{id}/reseller/{resellerId}': {
        own: { id: fotosoft.id, resellerId: ownResellerToDelete.id },
        foreign: { id: other.id, resellerId: foreignReseller.id },
      },
      'GET /api/system-integrator/{id}/webhook-endpoint': { own: { id: fotosoft.id }, foreign: { id: other.id } },
      'POST /api/system-integrator/{id}/webhook-endpoint': {
        own: { id: fotosoft.id },
        foreign: { id: other.id },
        body: webhookBody,
      },
      'PUT /api/system-integrator/{id}/webhook-endpoint/{endpointId}': {
        own: { id: fotosoft.id, endpointId: ownEndpoint.id },
        foreign: { id: other.id, endpointId: foreignEndpoint.id },
        body: webhookBody,
      },
      'DELETE /api/system-integrator/{id}/webhook-endpoint/{endpointId}': {
        own: { id: fotosoft.id, endpointId: ownEndpointToDelete.id },
        foreign: { id: other.id, endpointId: foreignEndpoint.id },
      },
      'GET /api/system-integrator/{id}/api-client': { own: { id: fotosoft.id }, foreign: { id: other.id } },
      'POST /api/system-integrator/{id}/api-client': {
        own: { id: fotosoft.id },
        foreign: { id: other.id },
        body: { name: 'Rechte-Test ERP' },
      },
      'DELETE /api/system-integrator/{id}/api-client/{clientId}': {
        own: { id: fotosoft.id, clientId: ownApiClientToDelete.clientId },
        foreign: { id: other.id, clientId: foreignApiClient.clientId },
      },
      'POST /api/system-integrator/{id}/webhook-endpoint/{endpointId}/test': {
        own: { id: fotosoft.id, endpointId: ownEndpoint.id },
        foreign: { id: other.id, endpointId: foreignEndpoint.id },
      },
      'GET /api/system-integrator/{id}/webhook-endpoint/{endpointId}/delivery': {
        own: { id: fotosoft.id, endpointId: ownEndpoint.id },
        foreign: { id: other.id, endpointId: foreignEndpoint.id },
      },
      'POST /api/system-integrator/{id}/webhook-endpoint/{endpointId}/delivery/{deliveryId}/redeliver': {
        own: { id: fotosoft.id, endpointId: ownEndpoint.id, deliveryId: ownDelivery.id },
        foreign: { id: other.id, endpointId: foreignEndpoint.id, deliveryId: foreignDelivery.id },
      },
      'GET /api/company-application': { own: {} },
      'POST /api/company-application': {
        own: {},
        get body() {
          return applicationBody();
        },
      },
      'GET /api/company-application/{id}/confirm': {
        own: { id: unconfirmed.id },
        query: (await mailedConfirmPath(app, unconfirmed.body.email)).split('?')[1],
      },
      'GET /api/company-application/{id}': { own: { id: reviewable.id } },
      // The LumioAdmin's call decides it; every refused call before and after must leave it as it is.
      'PUT /api/company-application/{id}/status': { own: { id: toDecide.id }, body: { status: 'Rejected' } },
      'GET /api/company': { own: {} },
      'GET /api/company/{id}': { own: { id: sonnenschein.id }, foreign: { id: morgenrot.id } },
      'GET /api/company/{id}/store': { own: { id: sonnenschein.id }, foreign: { id: morgenrot.id } },
      // The owner saves the company as it is: allowed, and no change.
      'PUT /api/company/{id}': {
        own: { id: sonnenschein.id },
        foreign: { id: morgenrot.id },
        body: { ...sonnenscheinFields, phoneNumber2: sonnenscheinFields.phoneNumber2 ?? '' },
      },
      // The finished Owner of Sonnenschein is refused like every other demo user.
      'DELETE /api/company/{id}': {
        own: { id: sonnenschein.id },
        foreign: { id: morgenrot.id },
        standIns: { 'Registrierung offen': { token: leaving.accessToken, own: { id: leaving.companyId } } },
      },
      'GET /api/company/{id}/history': { own: { id: sonnenschein.id }, foreign: { id: morgenrot.id } },
      'POST /api/company/{id}/store': { own: { id: sonnenschein.id }, foreign: { id: morgenrot.id }, body: storeBody },
      'GET /api/company/{id}/store/{storeId}': {
        own: { id: sonnenschein.id, storeId: servedStudio.id },
        foreign: { id: morgenrot.id, storeId: foreignStudio.id },
      },
      'PUT /api/company/{companyId}/user/{userId}': {
        own: { companyId: sonnenschein.id, userId: employee.id },
        body: { salutation: 'Frau', firstName: 'Maria', lastName: 'Mitarbeiterin', birthDate: '1990-01-01' },
      },
      'GET /api/company/{companyId}/user': {
        own: { companyId: sonnenschein.id },
        foreign: { companyId: morgenrot.id },
      },
      'GET /api/company/{companyId}/user/{userId}': colleagueOf(employee),
      'GET /api/company/{companyId}/user/{userId}/history': colleagueOf(employee),
      // The Owner promotes, the AccountAdministrator then sets the same role again (no change).
      'PUT /api/company/{companyId}/user/{userId}/role': {
        ...colleagueOf(toPromote),
        body: { role: 'AccountAdministrator' },
      },
      // The Owner approves; the AccountAdministrator's second approval is the 409 of the machine.
      'PUT /api/company/{companyId}/user/{userId}/status': { ...colleagueOf(toDecideOn), body: { status: 'Approved' } },
      // The Owner deletes; the AccountAdministrator then finds nobody (404).
      'DELETE /api/company/{companyId}/user/{userId}': colleagueOf(toRemove),
      // `eigene` = the caller's own user: another user's id, even in the same company, is 403.
      'PUT /api/company/{companyId}/user/{userId}/email': {
        own: { companyId: sonnenschein.id, userId: employee.id },
        perColumn: (column) => {
          const self = userOfColumn[column];
          const other = self.id === employee.id ? userOfColumn.Owner : employee;
          return {
            own: { companyId: self.companyId!, userId: self.id },
            foreign: { companyId: other.companyId!, userId: other.id },
          };
        },
        get body() {
          return newEmailBody();
        },
      },
      'GET /api/administrator': { own: {} },
      'GET /api/administrator/{id}': { own: { id: userOfColumn.LumioAdmin.id } },
      'POST /api/administrator': {
        own: {},
        get body() {
          adminCounter += 1;
          return {
            role: 'LumioAdmin',
            firstName: 'Rechte',
            lastName: 'Neu',
            email: `rechte-admin-${adminCounter}@neu.example`,
            systemIntegratorId: null,
          };
        },
      },
      'PUT /api/administrator/{id}': { own: { id: adminToRename.id }, body: { firstName: 'Rechte', lastName: 'Neu' } },
      // The SystemAdmin deletes it; every refused call before and after leaves it as it is.
      'DELETE /api/administrator/{id}': { own: { id: adminToDelete.id } },
      'DELETE /api/user/{id}/second-factor': { own: { id: adminToReset.id } },
      'PUT /api/administrator/{id}/email': {
        own: { id: userOfColumn.SystemAdmin.id },
        perColumn: (column) => {
          const self = userOfColumn[column];
          const other = self.id === userOfColumn.LumioAdmin.id ? userOfColumn.SystemAdmin : userOfColumn.LumioAdmin;
          return { own: { id: self.id }, foreign: { id: other.id } };
        },
        get body() {
          return newEmailBody();
        },
      },
      // The anonymous call confirms; every later one is the replay (409, nothing changes).
      'GET /api/user-email-change-request/{id}/confirm': {
        own: { id: userConfirm.split('/')[3] },
        query: userConfirm.split('?')[1],
      },
      'GET /api/administrator-email-change-request/{id}/confirm': {
        own: { id: adminConfirm.split('/')[3] },
        query: adminConfirm.split('?')[1],
      },
      'PUT /api/company/{id}/store/{storeId}': {
        own: { id: sonnenschein.id, storeId: ownStudio.id },
        foreign: { id: morgenrot.id, storeId: foreignStudio.id },
        body: storeBody,
      },
      'DELETE /api/company/{id}/store/{storeId}': {
        own: { id: sonnenschein.id, storeId: ownStudioToDelete.id },
        foreign: { id: morgenrot.id, storeId: foreignStudio.id },
      },
      // Every demo owner has a password: the LumioAdmin's re-send is a 409 that changes nothing.
      'GET /api/company/{id}/owner-activation': { own: { id: morgenrot.id } },
      'POST /api/company/{id}/owner-activation': { own: { id: morgenrot.id } },
      'POST /api/employee-invitation': {
        own: {},
        get body() {
          inviteCounter += 1;
          return { email: `rechte-einladung-${inviteCounter}@neu.example` };
        },
      },
      // The demo invitation stays open: nobody registers through it here.
      'GET /api/employee-invitation/{id}': { own: { id: DEMO_INVITATION_TOKEN } },
      'POST /api/employee-invitation/{id}': { own: { id: invitationToken }, body: registrationBody() },
      'GET /api/company/{companyId}/employee-invitation': {
        own: { companyId: sonnenschein.id },
        foreign: { companyId: morgenrot.id },
      },
      'POST /api/company/{companyId}/employee-invitation/{id}/resend': {
        own: { companyId: sonnenschein.id, id: toResend },
        foreign: foreignInvitation,
      },
      'DELETE /api/company/{companyId}/employee-invitation/{id}': {
        own: { companyId: sonnenschein.id, id: toWithdraw },
        foreign: foreignInvitation,
      },
      'POST /api/document': { own: {}, body: PNG_FILE, headers: upload },
      'GET /api/document/{id}': { own: { id: (uploaded.json() as { id: string }).id } },
      // Finished company users are 409 'eID already bound'; the unfinished owner starts a session.
      'POST /api/user/eid/bind': { own: {} },
      // Without x-session-id every company user is 404 'Session not found'.
      'GET /api/user/eid/bind': { own: {} },
      'GET /api/eid-review': { own: {} },
      'GET /api/eid-review/{id}': { own: { id: inReview.id } },
      // The demo review: the LumioAdmin's call decides it; every refused call leaves it as it is.
      'PUT /api/eid-review/{id}/decision': {
        own: { id: inReview.id },
        body: { decision: 'reject', reason: 'Der Nachname weicht ab.' },
      },
      // Licences: `eigene` is the caller's integrator (FotoSoft) or company (Sonnenschein); the
      // foreign licence is Bildwerk's in Morgenrot's studio. The integrator creates one per call.
      'GET /api/license': { own: {} },
      'POST /api/license': {
        own: {},
        body: { storeId: servedStudio.id, systemIntegratorId: fotosoft.id, resellerId: null, postpaidAllowed: false },
      },
      'GET /api/license/{id}': licenceTargets,
      // The integrator saves the licence as it is: allowed, and no change.
      'PUT /api/license/{id}': {
        ...licenceTargets,
        body: { postpaidAllowed: false, boundMachineId: null, suspended: false },
      },
      'GET /api/license/{id}/history': licenceTargets,
      'GET /api/company/{id}/store/{storeId}/license': {
        own: { id: sonnenschein.id, storeId: servedStudio.id },
        foreign: { id: morgenrot.id, storeId: foreignStudio.id },
      },
      'GET /api/license/{id}/prepaid-package': licenceTargets,
      'POST /api/license/{id}/prepaid-package': {
        ...licenceTargets,
        body: { startDate: '2027-01-01', endDate: '2027-12-31', amount: 10 },
      },
      'PUT /api/license/{id}/prepaid-package/{packageId}': {
        ...packageTargets,
        body: { startDate: '2026-01-01', endDate: '2026-12-31', suspended: false },
      },
      'PUT /api/license/{id}/prepaid-package/{packageId}/amount/increase': { ...packageTargets, body: { amount: 1 } },
      'GET /api/license/{id}/prepaid-package/{packageId}/history': packageTargets,
      // Reports: `eigene` is the caller's scope; each allowed request queues a report of its own.
      'GET /api/identification-process/reports': { own: {} },
      'POST /api/identification-process/reports': {
        own: {},
        body: reportPeriod,
        settle: async (res, token) => {
          await waitForState(apiClient(app, token), (res.json() as { id: string }).id, 'Completed');
        },
      },
      'GET /api/identification-process/reports/{id}': {
        own: { id: ownReports.LumioAdmin },
        perColumn: (column) => {
          const own = ownReports[column as keyof typeof ownReports] ?? ownReports.LumioAdmin;
          const foreign = foreignReports[column as keyof typeof foreignReports] ?? ownReports.Owner;
          return { own: { id: own }, foreign: { id: foreign } };
        },
      },
      'GET /api/company/{companyId}/usage': {
        own: { companyId: sonnenschein.id },
        foreign: { companyId: usageForeign.company.id },
      },
      'GET /api/company/{id}/statement': {
        own: { id: sonnenschein.id },
        foreign: { id: usageForeign.company.id },
      },
      // The running month: a preview, built on the request and never stored.
      'GET /api/company/{id}/statement/{month}': {
        own: { id: sonnenschein.id, month: runningMonth() },
        foreign: { id: usageForeign.company.id, month: runningMonth() },
      },
      'GET /api/system-integrator/{id}/statement': { own: { id: fotosoft.id }, foreign: { id: other.id } },
      // The integrator's statement and the provider's export of the running month: previews, nothing stored.
      'GET /api/system-integrator/{id}/statement/{month}': {
        own: { id: fotosoft.id, month: runningMonth() },
        foreign: { id: other.id, month: runningMonth() },
      },
      'GET /api/statement/{month}/csv': { own: { month: runningMonth() } },
      'GET /api/company/{id}/statement/{month}/pdf': {
        own: { id: sonnenschein.id, month: runningMonth() },
        foreign: { id: usageForeign.company.id, month: runningMonth() },
      },
      'GET /api/company/{id}/statement/{month}/csv': {
        own: { id: sonnenschein.id, month: runningMonth() },
        foreign: { id: usageForeign.company.id, month: runningMonth() },
      },
      'GET /api/system-integrator/{id}/statement/{month}/pdf': {
        own: { id: fotosoft.id, month: runningMonth() },
        foreign: { id: other.id, month: runningMonth() },
      },
      'GET /api/system-integrator/{id}/statement/{month}/csv': {
        own: { id: fotosoft.id, month: runningMonth() },
        foreign: { id: other.id, month: runningMonth() },
      },
      'GET /api/license/{id}/prepaid-package/{packageId}/consumption': {
        own: { id: ownLicense.id, packageId: ownPackage.id },
        foreign: { id: foreignLicense.id, packageId: foreignPackage.id },
      },
    };
  });

  afterAll(async () => {
    await app.close();
  });

  const rows = readPermissionTable();
  const deviceRoutes = readDeviceRoutes();

  it('lists every /api route the server has, nested ones included', () => {
    // Fastify's tree names parameters only per position, so both sides compare with `{}` for them.
    const documented = new Set(
      [...rows.map((r) => `${r.method} ${r.path}`), ...deviceRoutes].map((route) => normalizedPath(route)),
    );
    const routes = apiRouteTable(app);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
  });

  function url(path: string, params: Record<string, string>) {
    return path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);
  }

  /** `bare`: the token alone, no cookie and no anti-forgery header, as a back office calls. */
  async function send(row: Row, params: Record<string, string>, token?: string, bare = false) {
    const fixture = fixtures[`${row.method} ${row.path}`];
    const target = url(row.path, params) + (fixture.query ? `?${fixture.query}` : '');
    if (bare && token) {
      const office = backOffice(app, token);
      if (row.method === 'GET') return office.get(target);
      if (row.method === 'DELETE') return office.delete(target);
      return row.method === 'POST' ? office.post(target, fixture.body) : office.put(target, fixture.body);
    }
    const client = apiClient(app, token);
    if (row.method === 'GET') return client.get(target);
    if (row.method === 'DELETE') return client.delete(target);
    const extra = { headers: fixture.headers };
    return row.method === 'POST' ? client.post(target, fixture.body, extra) : client.put(target, fixture.body, extra);
  }

  describe('device API (licence key instead of a role)', () => {
    it('lists only routes the server has', () => {
      expect(deviceRoutes.length).toBeGreaterThan(0);
      const routes = new Set(apiRouteTable(app));
      expect(deviceRoutes.filter((route) => !routes.has(normalizedPath(route)))).toEqual([]);
    });

    it('answers every device route 401 without a licence key, whatever bearer token comes along', async () => {
      const headers = { 'x-machine-id': 'RECHTE-PC-1', 'content-type': 'application/json' };
      for (const route of deviceRoutes) {
        const [method, path] = route.split(' ');
        const url = path.replace('{id}', '00000000-0000-4000-8000-000000000000');
        for (const token of [undefined, ...Object.values(ROLE_COLUMNS).map((email) => tokens.get(email))]) {
          const before = await snapshotTables(app);
          const res = await app.inject({
            method: method as 'GET' | 'POST',
            url,
            headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
            ...(method === 'POST' ? { payload: { idempotencyKey: '00000000-0000-4000-8000-000000000001' } } : {}),
          });
          expect(res.statusCode, `${route} ${token ? 'with a bearer token' : 'anonymous'}`).toBe(401);
          expect(errorOf(res).messages[0]).toBe('Unauthorized');
          expect(await snapshotTables(app)).toEqual(before);
        }
      }
    });
  });

  for (const row of rows) {
    const key = `${row.method} ${row.path}`;
    describe(key, () => {
      it(`anonymous: ${row.anonymous}`, async () => {
        const fixture = fixtures[key];
        expect(fixture, `fixture for ${key}`).toBeDefined();
        const before = await snapshotTables(app);
        const res = await send(row, fixture.own);
        if (row.anonymous === '401') {
          expect(res.statusCode).toBe(401);
          expect(errorOf(res).messages[0]).toBe('Unauthorized');
          expect(await snapshotTables(app)).toEqual(before);
        } else if (row.anonymous === 'frei') {
          // No token, no rate limit, no anti-forgery cookie handed out.
          expect(res.statusCode).toBe(200);
          expect(res.headers['set-cookie']).toBeUndefined();
          expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
        } else {
          expect(res.statusCode).toBeLessThan(400);
        }
      });

      it(`API-Client: ${row.apiClientCell}`, async () => {
        const fixture = fixtures[key];
        const cell = row.apiClientCell;
        if (cell === 'öffentlich' || cell === 'frei') {
          // A public route does not look at a token: the API client is anyone there (a mailed
          // link the anonymous call used up answers 404 or 409, as to the role columns).
          const res = await send(row, fixture.own, apiClientToken);
          expect([401, 403]).not.toContain(res.statusCode);
          expect(res.statusCode).toBeLessThan(500);
          return;
        }
        if (cell === '✗') {
          const before = await snapshotTables(app);
          const res = await send(row, fixture.own, apiClientToken, true);
          expect(res.statusCode, res.body).toBe(403);
          expect(errorOf(res).messages[0]).toBe('Forbidden');
          expect(await snapshotTables(app)).toEqual(before);
          return;
        }
        // It acts as FotoSoft's SystemIntegratorAdmin: the same targets, the same tenant rule.
        const targets = fixture.perColumn?.('SystemIntegratorAdmin') ?? { own: fixture.own, foreign: fixture.foreign };
        if ((cell === 'eigene' || cell === 'eig404') && targets.foreign) {
          const before = await snapshotTables(app);
          const foreign = await send(row, targets.foreign, apiClientToken, true);
          expect(foreign.statusCode).toBe(cell === 'eig404' ? 404 : 403);
          expect(await snapshotTables(app)).toEqual(before);
        }
        const res = await send(row, targets.own, apiClientToken, true);
        expect([401, 403], res.body).not.toContain(res.statusCode);
        expect(res.statusCode).toBeLessThan(500);
      });
      for (const [column, email] of Object.entries(ROLE_COLUMNS) as [Column, string][]) {
        const cell = row.cells[column];
        it(`${column}: ${cell}`, async () => {
          const fixture = fixtures[key];
          const standIn = fixture.standIns?.[column];
          const token = standIn?.token ?? tokens.get(email);
          const own = standIn?.own ?? fixture.own;
          if (cell === '✗') {
            const before = await snapshotTables(app);
            const res = await send(row, own, token);
            expect(res.statusCode).toBe(403);
            expect(errorOf(res).messages[0]).toBe('Forbidden');
            expect(await snapshotTables(app)).toEqual(before);
            return;
          }
          const targets = fixture.perColumn?.(column) ?? { own, foreign: fixture.foreign };
          // The foreign tenant first: the own call may end the caller's account (deleting the company).
          if ((cell === 'eigene' || cell === 'eig404') && targets.foreign) {
            const before = await snapshotTables(app);
            const foreign = await send(row, targets.foreign, token);
            expect(foreign.statusCode).toBe(cell === 'eig404' ? 404 : 403);
            expect(await snapshotTables(app)).toEqual(before);
          }
          const res = await send(row, targets.own, token);
          expect([401, 403]).not.toContain(res.statusCode);
          expect(res.statusCode).toBeLessThan(500);
          await fixture.settle?.(res, token);
        });
      }
    });
  }
});
