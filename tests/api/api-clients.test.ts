import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENT_VALIDATION_TEXTS } from '../../src/domain/apiClients';
import type { License, PrepaidPackage } from '../../src/domain/licenses';
import { apiClients, auditEvents, licenses, webhookEndpoints } from '../../server/db/schema';
import { buildTestApp, captureLog, DEMO, errorOf } from './helpers/app';
import { backOffice, clientToken, requestClientToken, type CreatedApiClient } from './helpers/apiClients';
import { demoClient, type Client } from './helpers/eid';
import { loginAs } from './helpers/login';
import { auditRowsOf, licenceWorld, type LicenceWorld } from './helpers/licenses';
import { snapshotTables } from './helpers/snapshot';

interface ApiClientPage {
  totalItemCount: number;
  items: { id: string; clientId: string; name: string; createdAt: string; lastUsedAt: string | null }[];
}

/** Issue 26, part 3: API clients of a system integrator, with the client-credentials grant. */
describe('API clients', () => {
  let app: FastifyInstance;
  const log = captureLog();
  let w: LicenceWorld;
  let fotosoftAdmin: Client;
  let bildwerkAdmin: Client;
  const base = (integratorId: string) => `/api/system-integrator/${integratorId}/api-client`;

  beforeAll(async () => {
    app = await buildTestApp({}, { logStream: log.stream });
    w = await licenceWorld(app);
    fotosoftAdmin = await demoClient(app, DEMO.integrator);
    bildwerkAdmin = await demoClient(app, DEMO.otherIntegrator);
  });
  afterAll(() => app.close());

  async function createClient(name = 'Warenwirtschaft', admin = fotosoftAdmin, integratorId = w.fotosoft.id) {
    const res = await admin.post(base(integratorId), { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CreatedApiClient;
  }

  describe('managed by the own SystemIntegratorAdmin', () => {
    it('creates a client: its id and secret once, the list without the secret, an audit row without it', async () => {
      const created = await createClient('ERP Zentrale');
      expect(created).toEqual({
        id: expect.any(String),
        clientId: expect.stringMatching(/^lumio-api-[0-9a-f]{20}$/),
        clientSecret: expect.stringMatching(/^[\w-]{43}$/),
        name: 'ERP Zentrale',
        createdAt: expect.any(String),
      });

      const list = await fotosoftAdmin.get(base(w.fotosoft.id));
      expect(list.statusCode).toBe(200);
      const page = list.json() as ApiClientPage;
      expect(page.items).toContainEqual({
        id: created.id,
        clientId: created.clientId,
        name: 'ERP Zentrale',
        createdAt: created.createdAt,
        lastUsedAt: null,
      });
      expect(list.body).not.toContain(created.clientSecret);

      const [row] = await auditRowsOf(app, 'api-client', created.id);
      expect(row).toMatchObject({
        action: 'api-client.created',
        actorEmail: DEMO.integrator,
        after: { name: 'ERP Zentrale', clientId: created.clientId, systemIntegratorId: w.fotosoft.id },
      });
      expect(JSON.stringify(row)).not.toContain(created.clientSecret);
      // Stored as its hash only.
      const [stored] = await app.db.select().from(apiClients).where(eq(apiClients.id, created.id));
      expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.secretHash).not.toContain(created.clientSecret);
    });

    it('refuses a name that is empty or too long in German, and creates nothing', async () => {
      const before = await snapshotTables(app);
      for (const [name, message] of [
        ['  ', API_CLIENT_VALIDATION_TEXTS.nameRequired],
        ['x'.repeat(101), API_CLIENT_VALIDATION_TEXTS.nameTooLong],
      ]) {
        const res = await fotosoftAdmin.post(base(w.fotosoft.id), { name });
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({ errorCode: 'VALIDATION_FAILED', messages: [`name: ${message}`] });
      }
      expect(await snapshotTables(app)).toEqual(before);
    });

    it("keeps another integrator's clients invisible and untouchable", async () => {
      const theirs = await createClient('Bildwerk ERP', bildwerkAdmin, w.bildwerk.id);
      const page = (await fotosoftAdmin.get(base(w.fotosoft.id))).json() as ApiClientPage;
      expect(page.items.map((item) => item.clientId)).not.toContain(theirs.clientId);
      expect((await fotosoftAdmin.get(base(w.bildwerk.id))).statusCode).toBe(403);
      expect((await fotosoftAdmin.post(base(w.bildwerk.id), { name: 'Fremd' })).statusCode).toBe(403);
      // Under the own integrator's id, another's client is not found, as an unknown one.
      expect((await fotosoftAdmin.delete(`${base(w.fotosoft.id)}/${theirs.clientId}`)).statusCode).toBe(404);
      expect((await fotosoftAdmin.delete(`${base(w.fotosoft.id)}/lumio-api-unbekannt`)).statusCode).toBe(404);
      expect(await clientToken(app, theirs.clientId, theirs.clientSecret)).toEqual(expect.any(String));
    });
  });

  describe('the client-credentials grant', () => {
    it('gives a JWT access token for the API audience, naming the client, with the secret as basic or post', async () => {
      const created = await createClient();
      for (const method of ['basic', 'post'] as const) {
        const res = await requestClientToken(app, created.clientId, created.clientSecret, method);
        expect(res.statusCode, res.body).toBe(200);
        const { access_token: token, token_type: type } = res.json() as { access_token: string; token_type: string };
        expect(type).toBe('Bearer');
        const claims = decodeJwt(token);
        expect(claims).toMatchObject({ aud: app.config.keycloak.audience, azp: created.clientId });
        expect(claims.client_id).toBe(created.clientId);
      }
    });

    it('refuses a wrong secret and an unknown client', async () => {
      const created = await createClient();
      const wrong = await requestClientToken(app, created.clientId, `${created.clientSecret.slice(0, -1)}x`);
      expect(wrong.statusCode).toBe(401);
      expect((wrong.json() as { error: string }).error).toBe('invalid_client');
      const unknown = await requestClientToken(app, 'lumio-api-00000000000000000000', created.clientSecret);
      expect(unknown.statusCode).toBe(401);
      // The portal's own client has no secret and no client-credentials grant.
      const portal = await requestClientToken(app, app.config.keycloak.clientId, 'irgendwas', 'post');
      expect(portal.statusCode).toBe(401);
    });
  });

  describe('acting as the integrator’s back office', () => {
    let client: CreatedApiClient;
    let office: ReturnType<typeof backOffice>;

    beforeAll(async () => {
      client = await createClient('Backoffice Shop');
      office = backOffice(app, await clientToken(app, client.clientId, client.clientSecret));
    });

    it('lists the studios it serves, creates a licence and a package and suspends it, without cookie or XSRF header', async () => {
      const companies = await office.get('/api/company');
      expect(companies.statusCode, companies.body).toBe(200);
      const names = (companies.json() as { items: { name: string }[] }).items.map((c) => c.name);
      expect(names).toContain(w.sonnenschein.name);
      const studios = await office.get(`/api/company/${w.sonnenschein.id}/store`);
      expect(studios.statusCode).toBe(200);
      expect((studios.json() as { items: { id: string }[] }).items.map((s) => s.id)).toContain(w.neukoelln.id);

      const created = await office.post('/api/license', {
        storeId: w.neukoelln.id,
        systemIntegratorId: w.fotosoft.id,
        resellerId: null,
        postpaidAllowed: false,
      });
      expect(created.statusCode, created.body).toBe(201);
      const licence = created.json() as License;
      const pkg = await office.post(`/api/license/${licence.id}/prepaid-package`, {
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        amount: 50,
      });
      expect(pkg.statusCode, pkg.body).toBe(201);
      const increased = await office.put(
        `/api/license/${licence.id}/prepaid-package/${(pkg.json() as PrepaidPackage).id}/amount/increase`,
        { amount: 10 },
      );
      expect(increased.statusCode, increased.body).toBe(200);
      const suspended = await office.put(`/api/license/${licence.id}`, {
        postpaidAllowed: false,
        boundMachineId: null,
        suspended: true,
      });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect((suspended.json() as License).suspended).toBe(true);

      const list = await office.get('/api/license');
      expect(list.statusCode).toBe(200);
      const listed = (list.json() as { items: License[] }).items;
      expect(listed.map((l) => l.id)).toContain(licence.id);
      expect(listed.every((l) => l.systemIntegrator.id === w.fotosoft.id)).toBe(true);

      // Every change is audited with the client's name, and the secret is nowhere.
      const rows = await auditRowsOf(app, 'license', licence.id);
      expect(rows.map((row) => row.action)).toEqual(['license.created', 'license.updated']);
      for (const row of rows) {
        expect(row).toMatchObject({ actorId: client.id, actorEmail: 'Backoffice Shop', actorRole: 'ApiClient' });
      }
      const history = await fotosoftAdmin.get(`/api/license/${licence.id}/history`);
      expect((history.json() as { items: { actor: unknown }[] }).items[0].actor).toEqual({
        name: 'Backoffice Shop',
        role: 'ApiClient',
      });
      const all = await app.db.select().from(auditEvents);
      expect(JSON.stringify(all)).not.toContain(client.clientSecret);
    });

    it('records when the client was last used, not on every call', async () => {
      const lastUsed = async () =>
        (await app.db.select().from(apiClients).where(eq(apiClients.id, client.id)))[0].lastUsedAt;
      expect((await office.get('/api/license')).statusCode).toBe(200);
      const first = await lastUsed();
      expect(first).toBeInstanceOf(Date);
      expect((await office.get('/api/license')).statusCode).toBe(200);
      expect(await lastUsed()).toEqual(first);
      const page = (await fotosoftAdmin.get(base(w.fotosoft.id))).json() as ApiClientPage;
      expect(page.items.find((item) => item.id === client.id)?.lastUsedAt).toBe(first?.toISOString());
    });

    it("does not see or change another integrator's data", async () => {
      // Bildwerk's licence in Morgenrot's studio: the other tenant in every respect.
      const [theirs] = await app.db
        .insert(licenses)
        .values({
          key: 'APICL-IENTT-EST00-00000-FRMD1',
          storeId: w.morgenrotStudio.id,
          companyId: w.morgenrot.id,
          systemIntegratorId: w.bildwerk.id,
        })
        .returning();
      const before = await snapshotTables(app);
      expect([403, 404]).toContain((await office.get(`/api/license/${theirs.id}`)).statusCode);
      expect([403, 404]).toContain(
        (
          await office.put(`/api/license/${theirs.id}`, {
            postpaidAllowed: false,
            boundMachineId: null,
            suspended: true,
          })
        ).statusCode,
      );
      const listed = ((await office.get('/api/license?pageSize=100')).json() as { items: License[] }).items;
      expect(listed.map((l) => l.id)).not.toContain(theirs.id);
      expect((await office.get(`/api/system-integrator/${w.bildwerk.id}`)).statusCode).toBe(403);
      expect((await office.get(`/api/company/${w.morgenrot.id}`)).statusCode).toBe(403);
      expect(
        (
          await office.post('/api/license', {
            storeId: w.morgenrotStudio.id,
            systemIntegratorId: w.bildwerk.id,
            resellerId: null,
            postpaidAllowed: false,
          })
        ).statusCode,
      ).toBe(403);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('cannot manage API clients, its own integrator’s either, nor reach routes not opened to it', async () => {
      const before = await snapshotTables(app);
      for (const res of [
        await office.get(base(w.fotosoft.id)),
        await office.post(base(w.fotosoft.id), { name: 'Selbst angelegt' }),
        await office.delete(`${base(w.fotosoft.id)}/${client.clientId}`),
        await office.get('/api/self'),
        await office.get('/api/dashboard'),
        await office.get(`/api/system-integrator/${w.fotosoft.id}/reseller`),
        await office.post('/api/user/eid/bind'),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(errorOf(res).messages).toEqual(['Forbidden']);
      }
      expect(await snapshotTables(app)).toEqual(before);
    });

    it("manages its own integrator's webhook endpoints, not another's", async () => {
      const body = { url: 'https://erp.fotosoft.example/lumio-hook', events: ['license.suspended'] };
      const own = await office.post(`/api/system-integrator/${w.fotosoft.id}/webhook-endpoint`, body);
      expect(own.statusCode, own.body).toBe(201);
      const endpointId = (own.json() as { id: string }).id;
      const [audit] = await auditRowsOf(app, 'webhook-endpoint', endpointId);
      expect(audit).toMatchObject({ actorEmail: 'Backoffice Shop', actorRole: 'ApiClient' });

      const [theirs] = await app.db
        .insert(webhookEndpoints)
        .values({ systemIntegratorId: w.bildwerk.id, ...body, secret: 'whsec_ZnJlbWQ=' })
        .returning();
      const before = await snapshotTables(app);
      const foreign = `/api/system-integrator/${w.bildwerk.id}/webhook-endpoint`;
      expect((await office.get(foreign)).statusCode).toBe(403);
      expect((await office.post(foreign, body)).statusCode).toBe(403);
      expect((await office.put(`${foreign}/${theirs.id}`, body)).statusCode).toBe(403);
      expect((await office.delete(`${foreign}/${theirs.id}`)).statusCode).toBe(403);
      expect(await snapshotTables(app)).toEqual(before);
    });
  });

  describe('deletion', () => {
    it('stops the same token at once, and the client gets no new one', async () => {
      const created = await createClient('Wird gelöscht');
      const token = await clientToken(app, created.clientId, created.clientSecret);
      const office = backOffice(app, token);
      expect((await office.get('/api/license')).statusCode).toBe(200);

      const deleted = await fotosoftAdmin.delete(`${base(w.fotosoft.id)}/${created.clientId}`);
      expect(deleted.statusCode).toBe(204);
      const after = await office.get('/api/license');
      expect(after.statusCode).toBe(401);
      expect(errorOf(after).messages).toEqual(['Unauthorized']);
      expect((await requestClientToken(app, created.clientId, created.clientSecret)).statusCode).toBe(401);

      const page = (await fotosoftAdmin.get(base(w.fotosoft.id))).json() as ApiClientPage;
      expect(page.items.map((item) => item.id)).not.toContain(created.id);
      const rows = await auditRowsOf(app, 'api-client', created.id);
      expect(rows.map((row) => row.action)).toEqual(['api-client.created', 'api-client.deleted']);
      expect(rows[1]).toMatchObject({ actorEmail: DEMO.integrator, before: { name: 'Wird gelöscht' } });
    });
  });

  describe('anti-forgery', () => {
    it("still refuses a person's cookie-less state-changing call without the XSRF pair", async () => {
      const { accessToken: token } = await loginAs(app, DEMO.integrator);
      const before = await snapshotTables(app);
      const res = await backOffice(app, token).post('/api/license', {
        storeId: w.neukoelln.id,
        systemIntegratorId: w.fotosoft.id,
        resellerId: null,
        postpaidAllowed: false,
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).errorCode).toBe('CSRF_TOKEN_INVALID');
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses a forged token naming an API client (wrong signature) with 401', async () => {
      const created = await createClient('Fälschungstest');
      const token = await clientToken(app, created.clientId, created.clientSecret);
      const [header, payload] = token.split('.');
      const res = await backOffice(app, `${header}.${payload}.${'A'.repeat(342)}`).get('/api/license');
      expect(res.statusCode).toBe(401);
    });
  });

  it('logs the client by name and never a secret or token', async () => {
    log.clear();
    const created = await createClient('Protokoll-Test');
    const token = await clientToken(app, created.clientId, created.clientSecret);
    expect((await backOffice(app, token).get('/api/license')).statusCode).toBe(200);
    const text = log.text();
    const line = text
      .split('\n')
      .filter(Boolean)
      .map((entry) => JSON.parse(entry) as { msg: string; route?: string; apiClient?: string })
      .find((entry) => entry.msg === 'request completed' && entry.route === '/api/license' && entry.apiClient);
    expect(line?.apiClient).toBe('Protokoll-Test');
    expect(text).not.toContain(created.clientSecret);
    expect(text).not.toContain(token);
  });
});
