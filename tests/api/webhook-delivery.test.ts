import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, systemIntegrators, webhookDeliveries, webhookEndpoints } from '../../server/db/schema';
import type { JobContext } from '../../server/jobs/job';
import { WEBHOOK_ENDPOINT_DISABLED_SUBJECT } from '../../server/mail/templates/webhook-endpoint-disabled';
import { deliverWebhook, type WebhookDeliveryDeps } from '../../server/modules/webhooks/delivery';
import { registry } from '../../server/metrics/registry';
import { emitWebhookEvent } from '../../server/modules/webhooks/emit';
import { buildTestApp, captureLog, DEMO, errorOf } from './helpers/app';
import { demoClient, type Client } from './helpers/eid';

const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child: () => silentLog,
} as unknown as JobContext['log'];

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on a loopback port: answers each call with the next planned status (then 200), keeps what came. */
async function startReceiver() {
  const received: Received[] = [];
  const planned: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(planned.shift() ?? 200, { 'content-type': 'text/plain' }).end('Antwort des Empfängers');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/lumio`,
    received,
    /** The next calls answer with these statuses. */
    plan: (...statuses: number[]) => planned.push(...statuses),
    reset: () => {
      received.splice(0);
      planned.splice(0);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks signature, written out: base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)). */
function specSignature(secret: string, id: string, timestamp: string, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/** Issue 26, part 4: signed deliveries, retries, disabling, the test event, the delivery log and redelivery. */
describe('webhook delivery', () => {
  let app: FastifyInstance;
  let fotosoftAdmin: Client;
  let bildwerkAdmin: Client;
  let fotosoft: string;
  let bildwerk: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let deps: WebhookDeliveryDeps;
  const base = (integratorId: string) => `/api/system-integrator/${integratorId}/webhook-endpoint`;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await buildTestApp();
    const integratorId = async (code: string) =>
      (await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, code)))[0].id;
    fotosoft = await integratorId('FOTOSOFT');
    bildwerk = await integratorId('BILDWERK');
    fotosoftAdmin = await demoClient(app, DEMO.integrator);
    bildwerkAdmin = await demoClient(app, DEMO.otherIntegrator);
    deps = {
      db: app.db,
      config: app.config,
      log: silentLog,
      outbox: app.mailOutbox,
      queueWebhookDeliveries: app.queueWebhookDeliveries,
    };
  });
  afterEach(() => receiver.reset());
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  async function createEndpoint(events: string[] = ['license.suspended']) {
    const res = await fotosoftAdmin.post(base(fotosoft), { url: receiver.url, events });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; secret: string };
  }

  const deliveryRow = async (id: string) =>
    (await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];
  const endpointRow = async (id: string) =>
    (await app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];

  async function sendTestEvent(endpointId: string) {
    const res = await fotosoftAdmin.post(`${base(fotosoft)}/${endpointId}/test`);
    expect(res.statusCode).toBe(202);
    return (res.json() as { deliveryId: string }).deliveryId;
  }

  /** Waits until the delivery's attempt number `attempts` is recorded, and answers the row. */
  async function attemptRecorded(deliveryId: string, attempts: number) {
    return vi.waitFor(
      async () => {
        const row = await deliveryRow(deliveryId);
        expect(row.attempts).toBe(attempts);
        return row;
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  it('signs a test event so that the specification’s algorithm verifies it, and logs the delivery', async () => {
    const endpoint = await createEndpoint();

    const deliveryId = await sendTestEvent(endpoint.id);
    const row = await attemptRecorded(deliveryId, 1);

    expect(row.status).toBe('delivered');
    expect(receiver.received).toHaveLength(1);
    const [{ headers, body }] = receiver.received;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]+$/);
    expect(headers['webhook-id']).toBe(row.messageId);
    const timestamp = headers['webhook-timestamp'] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = specSignature(endpoint.secret, row.messageId, timestamp, body);
    expect((headers['webhook-signature'] as string).split(' ')).toContain(`v1,${expected}`);
    const payload = JSON.parse(body) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toEqual({
      type: 'webhook.test',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { endpointId: endpoint.id, systemIntegratorId: fotosoft, message: 'Testereignis von Lumio' },
    });

    const page = (await fotosoftAdmin.get(`${base(fotosoft)}/${endpoint.id}/delivery`)).json() as {
      totalItemCount: number;
      items: Record<string, unknown>[];
    };
    expect(page.totalItemCount).toBe(1);
    expect(page.items[0]).toEqual({
      id: deliveryId,
      messageId: row.messageId,
      eventType: 'webhook.test',
      createdAt: expect.any(String),
      status: 'delivered',
      attempts: 1,
      lastAttemptAt: expect.any(String),
      httpStatus: 200,
      durationMs: expect.any(Number),
      nextAttemptAt: null,
    });
    expect(JSON.stringify(page)).not.toContain('Antwort des Empfängers');
    const audit = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, endpoint.id), eq(auditEvents.action, 'webhook-endpoint.test-sent')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(endpoint.secret);
    expect(await registry.metrics()).toMatch(
      /lumio_webhook_deliveries_total\{event="webhook.test",outcome="delivered"\} [1-9]/,
    );
  });

  it('retries after a 500 of the receiver, after the first wait, and then delivers', async () => {
    const endpoint = await createEndpoint();
    receiver.plan(500);

    const deliveryId = await sendTestEvent(endpoint.id);
    const failed = await attemptRecorded(deliveryId, 1);

    expect(failed).toMatchObject({ status: 'pending', httpStatus: 500 });
    expect(failed.nextAttemptAt!.getTime() - failed.lastAttemptAt!.getTime()).toBe(5_000);
    expect((await endpointRow(endpoint.id)).failingSince).not.toBeNull();
    // The next attempt is a job of the queue that is not due before the wait is over.
    const jobs = await app.db.execute<{ start_after: Date | string }>(
      sql`select start_after from pgboss.job where name = 'webhook-delivery' and data->>'deliveryId' = ${deliveryId} order by created_on`,
    );
    expect(jobs.rows).toHaveLength(2);
    expect(new Date(jobs.rows[1].start_after).getTime()).toBe(failed.nextAttemptAt!.getTime());

    // The job the first attempt queued, run now rather than after its five seconds.
    await deliverWebhook(deps, deliveryId);

    const delivered = await deliveryRow(deliveryId);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, httpStatus: 200, nextAttemptAt: null });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();
  });

  it('sends an event emitted in a transaction that commits, and nothing for one that rolls back', async () => {
    const endpoint = await createEndpoint(['package.low']);
    const event = { systemIntegratorId: fotosoft, type: 'package.low' as const, data: { packageId: 'p-1' } };

    await expect(
      app.db.transaction(async (tx) => {
        await emitWebhookEvent(tx, app.queueWebhookDeliveries, event);
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');
    const [committedId] = await app.db.transaction((tx) =>
      emitWebhookEvent(tx, app.queueWebhookDeliveries, { ...event, data: { packageId: 'p-2' } }),
    );

    await attemptRecorded(committedId, 1);
    const rows = await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.map((row) => row.id)).toEqual([committedId]);
    expect(receiver.received.map((r) => (JSON.parse(r.body) as { data: unknown }).data)).toEqual([
      { packageId: 'p-2' },
    ]);
  });

  it('sends an event only to active endpoints of the integrator that subscribed to it', async () => {
    const subscribed = await createEndpoint(['package.exhausted']);
    await createEndpoint(['package.low']);
    const paused = await createEndpoint(['package.exhausted']);
    await fotosoftAdmin.put(`${base(fotosoft)}/${paused.id}`, {
      url: receiver.url,
      events: ['package.exhausted'],
      active: false,
    });

    const ids = await app.db.transaction((tx) =>
      emitWebhookEvent(tx, app.queueWebhookDeliveries, {
        systemIntegratorId: fotosoft,
        type: 'package.exhausted',
        data: {},
      }),
    );
    const others = await app.db.transaction((tx) =>
      emitWebhookEvent(tx, app.queueWebhookDeliveries, {
        systemIntegratorId: bildwerk,
        type: 'package.exhausted',
        data: {},
      }),
    );

    expect(others).toEqual([]);
    expect(ids).toHaveLength(1);
    expect((await attemptRecorded(ids[0], 1)).endpointId).toBe(subscribed.id);
    expect(receiver.received).toHaveLength(1);
  });

  it('gives a delivery up three days after its first attempt', async () => {
    const endpoint = await createEndpoint();
    receiver.plan(503);
    const deliveryId = await sendTestEvent(endpoint.id);
    await attemptRecorded(deliveryId, 1);
    // The delivery as if it had been created three days ago; its next attempt fails as well.
    await app.db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3600_000 - 60_000) })
      .where(eq(webhookDeliveries.id, deliveryId));
    receiver.plan(503);

    await deliverWebhook(deps, deliveryId);

    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: null });
  });

  it('switches off an endpoint failing for three days and mails the integrator’s admins in German; switching it on clears that', async () => {
    const endpoint = await createEndpoint();
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600_000 - 60_000);
    await app.db
      .update(webhookEndpoints)
      .set({ failingSince: threeDaysAgo })
      .where(eq(webhookEndpoints.id, endpoint.id));
    receiver.plan(500);

    const deliveryId = await sendTestEvent(endpoint.id);
    await attemptRecorded(deliveryId, 1);

    const off = await endpointRow(endpoint.id);
    expect(off.active).toBe(false);
    expect(off.disabledAt).not.toBeNull();
    expect(off.failingSince).toEqual(threeDaysAgo);
    // The audit log records the switch-off as the portal's own change.
    const [audit] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, endpoint.id), eq(auditEvents.action, 'webhook-endpoint.updated')));
    expect(audit).toMatchObject({ actorId: null, before: { active: true }, after: { active: false } });
    const mail = await app.mailCatcher!.waitFor(
      (m) => m.to === DEMO.integrator && m.subject === WEBHOOK_ENDPOINT_DISABLED_SUBJECT,
    );
    expect(mail.text).toContain(receiver.url);
    expect(mail.text).toContain('Nach drei Tagen ohne erfolgreiche Zustellung haben wir ihn abgeschaltet');
    // Its pending retry does not go out any more.
    await deliverWebhook(deps, deliveryId);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'failed', attempts: 1 });
    const listed = (await fotosoftAdmin.get(base(fotosoft))).json() as {
      items: { id: string; active: boolean; disabledAt: string | null; failingSince: string | null }[];
    };
    expect(listed.items.find((item) => item.id === endpoint.id)).toMatchObject({
      active: false,
      disabledAt: off.disabledAt!.toISOString(),
      failingSince: threeDaysAgo.toISOString(),
    });

    const res = await fotosoftAdmin.put(`${base(fotosoft)}/${endpoint.id}`, {
      url: receiver.url,
      events: ['license.suspended'],
      active: true,
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: true, disabledAt: null, failingSince: null });
  });

  it('sends the test event to a paused endpoint once, and does not retry it there', async () => {
    const endpoint = await createEndpoint();
    await fotosoftAdmin.put(`${base(fotosoft)}/${endpoint.id}`, {
      url: receiver.url,
      events: ['license.suspended'],
      active: false,
    });
    receiver.plan(500);

    const deliveryId = await sendTestEvent(endpoint.id);
    await attemptRecorded(deliveryId, 1);
    // Its retry, run now: the endpoint is still paused.
    await deliverWebhook(deps, deliveryId);

    expect(receiver.received).toHaveLength(1);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'failed', attempts: 1, httpStatus: 500 });
  });

  it('redelivers a delivery as a new one with the same message id and body', async () => {
    const endpoint = await createEndpoint();
    const firstId = await sendTestEvent(endpoint.id);
    await attemptRecorded(firstId, 1);

    const res = await fotosoftAdmin.post(`${base(fotosoft)}/${endpoint.id}/delivery/${firstId}/redeliver`);

    expect(res.statusCode).toBe(202);
    const { deliveryId } = res.json() as { deliveryId: string };
    expect(deliveryId).not.toBe(firstId);
    await attemptRecorded(deliveryId, 1);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
    expect(JSON.parse(receiver.received[1].body)).toEqual(JSON.parse(receiver.received[0].body));
    const page = (await fotosoftAdmin.get(`${base(fotosoft)}/${endpoint.id}/delivery`)).json() as {
      items: { id: string }[];
    };
    expect(page.items.map((item) => item.id)).toEqual([deliveryId, firstId]);
    const audit = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, endpoint.id), eq(auditEvents.action, 'webhook-delivery.redelivered')))
      .orderBy(asc(auditEvents.at));
    expect(audit).toHaveLength(1);
  });

  it('keeps only the newest 100 deliveries of an endpoint', async () => {
    const endpoint = await createEndpoint();
    const old = Date.now() - 3600_000;
    await app.db.insert(webhookDeliveries).values(
      Array.from({ length: 105 }, (_, i) => ({
        endpointId: endpoint.id,
        messageId: `msg_alt${i}`,
        eventType: 'license.suspended',
        payload: { type: 'license.suspended', timestamp: new Date(old).toISOString(), data: {} },
        status: 'delivered' as const,
        createdAt: new Date(old + i * 1000),
      })),
    );

    const newest = await sendTestEvent(endpoint.id);
    await attemptRecorded(newest, 1);

    const remaining = await app.db
      .select({ messageId: webhookDeliveries.messageId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(remaining).toHaveLength(100);
    expect(remaining.map((row) => row.messageId)).not.toContain('msg_alt5');
    expect(remaining.map((row) => row.messageId)).toContain('msg_alt6');
  });

  it('refuses another integrator’s admin (403) and answers 404 for an endpoint or delivery not of this integrator', async () => {
    const endpoint = await createEndpoint();
    const deliveryId = await sendTestEvent(endpoint.id);
    await attemptRecorded(deliveryId, 1);
    const foreign = (
      await bildwerkAdmin.post(base(bildwerk), { url: 'https://erp.bildwerk.example/hook', events: ['package.low'] })
    ).json() as { id: string };

    const refused = [
      await bildwerkAdmin.post(`${base(fotosoft)}/${endpoint.id}/test`),
      await bildwerkAdmin.get(`${base(fotosoft)}/${endpoint.id}/delivery`),
      await bildwerkAdmin.post(`${base(fotosoft)}/${endpoint.id}/delivery/${deliveryId}/redeliver`),
    ];
    const unknown = [
      await fotosoftAdmin.post(`${base(fotosoft)}/${foreign.id}/test`),
      await fotosoftAdmin.get(`${base(fotosoft)}/${foreign.id}/delivery`),
      await bildwerkAdmin.post(`${base(bildwerk)}/${foreign.id}/delivery/${deliveryId}/redeliver`),
    ];
    const badId = await fotosoftAdmin.post(`${base(fotosoft)}/${endpoint.id}/delivery/not-a-uuid/redeliver`);

    expect(refused.map((res) => errorOf(res).status)).toEqual([403, 403, 403]);
    expect(unknown.map((res) => errorOf(res).status)).toEqual([404, 404, 404]);
    expect(errorOf(badId)).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(n).toBe(1);
  });
});

describe('webhook delivery with production’s target rules', () => {
  let app: FastifyInstance;
  let admin: Client;
  let fotosoft: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await buildTestApp({}, { adjustConfig: (config) => ({ ...config, webhookPublicTargetsOnly: true }) });
    fotosoft = (await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'FOTOSOFT')))[0].id;
    admin = await demoClient(app, DEMO.integrator);
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it('refuses a loopback or private target when the endpoint is created', async () => {
    const base = `/api/system-integrator/${fotosoft}/webhook-endpoint`;

    const loopback = await admin.post(base, { url: 'https://127.0.0.1/lumio', events: ['package.low'] });
    const privateNet = await admin.post(base, { url: 'https://10.0.0.7/lumio', events: ['package.low'] });
    const metadata = await admin.post(base, { url: 'https://169.254.169.254/latest', events: ['package.low'] });

    for (const res of [loopback, privateNet, metadata]) {
      expect(errorOf(res)).toMatchObject({ status: 400, messages: ['Webhook target refused'] });
    }
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.systemIntegratorId, fotosoft));
    expect(n).toBe(0);
  });

  it('checks the target again at delivery and does not call an address that is not public', async () => {
    // An endpoint saved while its address was acceptable (here: written directly), now loopback.
    const [endpoint] = await app.db
      .insert(webhookEndpoints)
      .values({ systemIntegratorId: fotosoft, url: receiver.url, events: ['package.low'], secret: 'whsec_dGVzdA==' })
      .returning();
    const [deliveryId] = await app.db.transaction((tx) =>
      emitWebhookEvent(tx, app.queueWebhookDeliveries, {
        systemIntegratorId: fotosoft,
        type: 'package.low',
        data: {},
      }),
    );

    const row = await vi.waitFor(
      async () => {
        const [found] = await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
        expect(found.attempts).toBe(1);
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );

    expect(row).toMatchObject({ endpointId: endpoint.id, status: 'pending', httpStatus: null });
    expect(receiver.received).toHaveLength(0);
  });
});

describe('/dev/webhooks, the embedded mode’s receiver', () => {
  /** The portal listens here, and its PUBLIC_URL says so: the delivery job calls it like any receiver. */
  const PORT = 8142;
  const publicUrl = `http://127.0.0.1:${PORT}`;
  let app: FastifyInstance;
  let admin: Client;
  let fotosoft: string;

  const log = captureLog();

  beforeAll(async () => {
    app = await buildTestApp({ PUBLIC_URL: publicUrl }, { logStream: log.stream });
    await app.listen({ port: PORT, host: '127.0.0.1' });
    fotosoft = (await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'FOTOSOFT')))[0].id;
    admin = await demoClient(app, DEMO.integrator);
  });
  afterAll(() => app.close());

  it('receives a test event at PUBLIC_URL/dev/webhooks/in, checks its signature and lists it in German', async () => {
    const created = await admin.post(`/api/system-integrator/${fotosoft}/webhook-endpoint`, {
      url: `${publicUrl}/dev/webhooks/in`,
      events: ['package.low'],
    });
    const { id: endpointId, secret } = created.json() as { id: string; secret: string };

    const deliveryId = (
      (await admin.post(`/api/system-integrator/${fotosoft}/webhook-endpoint/${endpointId}/test`)).json() as {
        deliveryId: string;
      }
    ).deliveryId;

    await vi.waitFor(
      async () => {
        const [row] = await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
        expect(row).toMatchObject({ status: 'delivered', httpStatus: 204 });
      },
      { timeout: 10_000, interval: 50 },
    );
    const page = await app.inject({ method: 'GET', url: '/dev/webhooks' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Empfangene Webhooks');
    expect(page.body).toContain('webhook.test');
    expect(page.body).toContain('<td data-label="Signatur gültig">ja</td>');
    expect(page.body).toContain('Testereignis von Lumio');
    // The attempt is logged in figures; neither the secret nor a signature reaches the log.
    expect(log.text()).toContain('webhook delivery attempt');
    expect(log.text()).not.toContain(secret);
    expect(log.text()).not.toContain(secret.replace(/^whsec_/, ''));
    expect(log.text()).not.toMatch(/v1,[A-Za-z0-9+/]{20,}/);
  });

  it('answers 401 to a delivery whose signature no endpoint of that address made, and lists it as not valid', async () => {
    const body = JSON.stringify({ type: 'package.low', timestamp: new Date().toISOString(), data: { fake: true } });
    const at = String(Math.floor(Date.now() / 1000));

    const res = await app.inject({
      method: 'POST',
      url: '/dev/webhooks/in',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_gefaelscht',
        'webhook-timestamp': at,
        'webhook-signature': `v1,${specSignature('whsec_ZmFsc2NoZXIgU2NobMO8c3NlbA==', 'msg_gefaelscht', at, body)}`,
      },
      payload: body,
    });

    expect(res.statusCode).toBe(401);
    const page = await app.inject({ method: 'GET', url: '/dev/webhooks' });
    expect(page.body).toContain('msg_gefaelscht');
    expect(page.body).toContain('<td data-label="Signatur gültig">nein</td>');
  });
});

describe('/dev/webhooks outside embedded development', () => {
  it('is not there in production mode', async () => {
    const app = await buildTestApp({ NODE_ENV: 'production', EMBEDDED: 'true', SEED_DEMO_DATA: 'false' });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/webhooks' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: '/dev/webhooks/in', payload: {} })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
