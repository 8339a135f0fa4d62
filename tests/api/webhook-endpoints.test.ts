import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_VALIDATION_TEXTS } from '../../src/domain/webhooks';
import { auditEvents, systemIntegrators, webhookEndpoints } from '../../server/db/schema';
import { buildTestApp, DEMO, errorOf } from './helpers/app';
import { demoClient, type Client } from './helpers/eid';
import { snapshotTables } from './helpers/snapshot';

const UNKNOWN_ID = '6f1c8f0e-6b7e-4c1e-9a53-0d6c3f5b9a11';

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
}
interface Page {
  totalItemCount: number;
  orderBy: string | null;
  items: Endpoint[];
}

/** Issue 26, part 4: a system integrator's webhook endpoints, managed by its SystemIntegratorAdmin. */
describe('webhook endpoints API', () => {
  let app: FastifyInstance;
  let fotosoftAdmin: Client;
  let bildwerkAdmin: Client;
  let lumioAdmin: Client;
  let owner: Client;
  let fotosoft: string;
  let bildwerk: string;
  const base = (integratorId: string) => `/api/system-integrator/${integratorId}/webhook-endpoint`;
  const valid = { url: 'https://erp.fotosoft.example/lumio', events: ['license.suspended', 'package.low'] };

  beforeAll(async () => {
    app = await buildTestApp();
    const integratorId = async (code: string) =>
      (await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, code)))[0].id;
    fotosoft = await integratorId('FOTOSOFT');
    bildwerk = await integratorId('BILDWERK');
    fotosoftAdmin = await demoClient(app, DEMO.integrator);
    bildwerkAdmin = await demoClient(app, DEMO.otherIntegrator);
    lumioAdmin = await demoClient(app, DEMO.lumioAdmin);
    owner = await demoClient(app, DEMO.owner);
  });
  afterAll(() => app.close());

  async function create(body: object = valid) {
    const res = await fotosoftAdmin.post(base(fotosoft), body);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; secret: string; endpoint: Endpoint };
  }

  const auditOf = (endpointId: string) =>
    app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'webhook-endpoint'), eq(auditEvents.entityId, endpointId)))
      .orderBy(asc(auditEvents.at));

  it('creates an endpoint and answers its Standard Webhooks secret once, never again', async () => {
    const created = await create();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.endpoint).toMatchObject({ id: created.id, ...valid, active: true });

    const page = (await fotosoftAdmin.get(base(fotosoft))).json() as Page;
    const listed = page.items.find((item) => item.id === created.id);
    expect(listed).toEqual(created.endpoint);
    expect(JSON.stringify(page)).not.toContain(created.secret);

    const [row] = await app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row.secret).toBe(created.secret);
    const audit = await auditOf(created.id);
    expect(audit.map((event) => event.action)).toEqual(['webhook-endpoint.created']);
    expect(audit[0].after).toEqual({ ...valid, active: true, systemIntegratorId: fotosoft });
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  it('gives every endpoint its own secret', async () => {
    const [first, second] = [await create(), await create()];
    expect(first.secret).not.toBe(second.secret);
  });

  it('lists the own endpoints newest first, paged', async () => {
    const newest = await create({ url: 'https://shop.fotosoft.example/hooks', events: ['process.cancelled'] });
    const page = (await fotosoftAdmin.get(`${base(fotosoft)}?pageSize=2`)).json() as Page;
    expect(page.items).toHaveLength(2);
    expect(page.items[0].id).toBe(newest.id);
    expect(page.totalItemCount).toBeGreaterThanOrEqual(3);
    const found = (await fotosoftAdmin.get(`${base(fotosoft)}?filter=shop.fotosoft`)).json() as Page;
    expect(found.items.map((item) => item.id)).toEqual([newest.id]);
  });

  it('changes address, events and active, keeps the secret, and audits before and after', async () => {
    const created = await create();
    const change = { url: 'https://erp.fotosoft.example/v2', events: ['package.exhausted'], active: false };
    const res = await fotosoftAdmin.put(`${base(fotosoft)}/${created.id}`, change);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, ...change });
    const [row] = await app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row.secret).toBe(created.secret);
    const audit = await auditOf(created.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'webhook-endpoint.updated',
      before: { ...valid, active: true, systemIntegratorId: fotosoft },
      after: { ...change, systemIntegratorId: fotosoft },
    });
  });

  it('keeps a paused endpoint paused when a change does not name `active`', async () => {
    const created = await create();
    const url = `${base(fotosoft)}/${created.id}`;
    expect((await fotosoftAdmin.put(url, { ...valid, active: false })).json()).toMatchObject({ active: false });
    const res = await fotosoftAdmin.put(url, { ...valid, events: ['package.expired'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: false, events: ['package.expired'] });
  });

  it('deletes an endpoint (204) and audits it; a second delete is 404', async () => {
    const created = await create();
    const res = await fotosoftAdmin.delete(`${base(fotosoft)}/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id))).toEqual([]);
    expect((await auditOf(created.id)).at(-1)?.action).toBe('webhook-endpoint.deleted');
    const again = await fotosoftAdmin.delete(`${base(fotosoft)}/${created.id}`);
    expect(again.statusCode).toBe(404);
  });

  describe('another integrator, other roles', () => {
    it("refuses another integrator's admin (403) and changes nothing", async () => {
      const created = await create();
      const before = await snapshotTables(app);
      for (const res of [
        await bildwerkAdmin.get(base(fotosoft)),
        await bildwerkAdmin.post(base(fotosoft), valid),
        await bildwerkAdmin.put(`${base(fotosoft)}/${created.id}`, valid),
        await bildwerkAdmin.delete(`${base(fotosoft)}/${created.id}`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).messages).toEqual(['Forbidden']);
      }
      expect(await snapshotTables(app)).toEqual(before);
    });

    it("answers 404 for another integrator's endpoint under the own id", async () => {
      const created = await create();
      const res = await bildwerkAdmin.put(`${base(bildwerk)}/${created.id}`, valid);
      expect(res.statusCode).toBe(404);
      expect((await bildwerkAdmin.delete(`${base(bildwerk)}/${created.id}`)).statusCode).toBe(404);
      expect((await bildwerkAdmin.delete(`${base(bildwerk)}/${UNKNOWN_ID}`)).statusCode).toBe(404);
    });

    it('refuses LumioAdmin and company users (403)', async () => {
      for (const client of [lumioAdmin, owner]) {
        expect((await client.get(base(fotosoft))).statusCode).toBe(403);
        expect((await client.post(base(fotosoft), valid)).statusCode).toBe(403);
      }
    });
  });

  describe('bad input: 400 with German messages, nothing changed', () => {
    const cases: [string, object, string][] = [
      ['no address', { events: valid.events }, WEBHOOK_VALIDATION_TEXTS.urlRequired],
      ['not a web address', { ...valid, url: 'ftp://erp.fotosoft.example/x' }, WEBHOOK_VALIDATION_TEXTS.urlInvalid],
      ['no address at all', { ...valid, url: 'erp.fotosoft.example' }, WEBHOOK_VALIDATION_TEXTS.urlInvalid],
      [
        'user name and password',
        { ...valid, url: 'https://user:geheim@erp.fotosoft.example/' },
        WEBHOOK_VALIDATION_TEXTS.urlWithCredentials,
      ],
      ['no event', { ...valid, events: [] }, WEBHOOK_VALIDATION_TEXTS.eventsRequired],
      ['an unknown event', { ...valid, events: ['license.stolen'] }, WEBHOOK_VALIDATION_TEXTS.eventUnknown],
      ['an event twice', { ...valid, events: ['package.low', 'package.low'] }, WEBHOOK_VALIDATION_TEXTS.eventsTwice],
    ];
    it.each(cases)('%s', async (_name, body, message) => {
      const before = await snapshotTables(app);
      const res = await fotosoftAdmin.post(base(fotosoft), body);
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.errorCode).toBe('VALIDATION_FAILED');
      expect(error.messages.join(' ')).toContain(message);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses a field it does not know, and a malformed id', async () => {
      expect((await fotosoftAdmin.post(base(fotosoft), { ...valid, secret: 'whsec_mine' })).statusCode).toBe(400);
      expect((await fotosoftAdmin.delete(`${base(fotosoft)}/not-a-uuid`)).statusCode).toBe(400);
    });
  });
});
