import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../server/db/schema';
import type { JobContext } from '../../server/jobs/job';
import { sendPackageNotices } from '../../server/jobs/package-notices.job';
import { WEBHOOK_EVENT_TYPES } from '../../src/domain/webhooks';
import { buildTestApp, DEMO, errorOf } from './helpers/app';
import {
  deviceClient,
  demoLicenseOwners,
  insertLicense,
  insertPackage,
  type LicenseOwners,
} from './helpers/deviceLicenses';
import { demoClient, type Client } from './helpers/eid';

const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child: () => silentLog,
} as unknown as JobContext['log'];

interface Payload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** Issue 26, part 4: the eleven events, each emitted with the change that causes it, and none for a refused one. */
describe('webhook events at their change points', () => {
  let app: FastifyInstance;
  let admin: Client;
  let owners: LicenseOwners;
  let endpointId: string;
  /** Deliveries are read after this moment: each test sees its own. */
  let since: Date;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await demoClient(app, DEMO.integrator);
    owners = await demoLicenseOwners(app);
    // A receiver that never answers is enough: these tests read what was queued, not what arrived.
    const res = await admin.post(`/api/system-integrator/${owners.systemIntegratorId}/webhook-endpoint`, {
      url: 'http://127.0.0.1:9/lumio',
      events: [...WEBHOOK_EVENT_TYPES],
    });
    expect(res.statusCode).toBe(201);
    endpointId = (res.json() as { id: string }).id;
  });
  afterAll(() => app.close());

  async function mark() {
    since = new Date(Date.now() - 1);
    // created_at comes from the database's clock; a millisecond apart is enough for ordering.
    await new Promise((resolve) => setImmediate(resolve));
  }

  async function queued(): Promise<Payload[]> {
    const rows = await app.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), gt(webhookDeliveries.createdAt, since)))
      .orderBy(asc(webhookDeliveries.createdAt));
    return rows.map((row) => row.payload as Payload);
  }

  it('announces a device activation, a forced move to another PC and a cancelled process', async () => {
    const license = await insertLicense(app, owners, { postpaidAllowed: true });
    await mark();
    const first = `PC-${randomUUID().slice(0, 8)}`;
    const second = `PC-${randomUUID().slice(0, 8)}`;

    expect((await deviceClient(app, license.key, first).activate()).statusCode).toBe(201);
    expect((await deviceClient(app, license.key, second).activate({ force: true })).statusCode).toBe(201);
    const processRes = await deviceClient(app, license.key, second).identify();
    const processId = (processRes.json() as { id: string }).id;
    expect((await deviceClient(app, license.key, second).cancel(processId)).statusCode).toBe(200);
    // Refused: a third PC without force changes nothing and announces nothing.
    expect((await deviceClient(app, license.key, 'PC-DRITTER').activate()).statusCode).toBe(409);

    const events = await queued();
    const subject = {
      licenseId: license.id,
      licenseKeyEnd: license.key.slice(-5),
      companyId: owners.companyId,
      storeId: owners.storeId,
    };
    expect(events.map((e) => e.type)).toEqual(['license.activated', 'license.rebound', 'process.cancelled']);
    expect(events[0].data).toEqual({ ...subject, machineId: first, activatedAt: expect.any(String) });
    expect(events[1].data).toEqual({
      ...subject,
      machineId: second,
      previousMachineId: first,
      forced: true,
      reboundAt: expect.any(String),
    });
    expect(events[2].data).toEqual({
      ...subject,
      processId,
      packageId: null,
      postpaid: true,
      cancelledAt: expect.any(String),
    });
    expect(JSON.stringify(events)).not.toContain(license.key);
  });

  it('announces a licence suspended and reinstated by its integrator, and nothing for a refused change', async () => {
    const license = await insertLicense(app, owners);
    await mark();
    const put = (body: object) => admin.put(`/api/license/${license.id}`, body);

    const refused = await put({ postpaidAllowed: false, boundMachineId: 'kein gültiger Name!', suspended: true });
    expect(errorOf(refused).status).toBe(400);
    expect((await put({ postpaidAllowed: false, boundMachineId: null, suspended: true })).statusCode).toBe(200);
    expect((await put({ postpaidAllowed: false, boundMachineId: null, suspended: false })).statusCode).toBe(200);

    const events = await queued();
    expect(events.map((e) => e.type)).toEqual(['license.suspended', 'license.reinstated']);
    expect(events[0].data).toMatchObject({ licenseId: license.id, suspendedAt: expect.any(String) });
    expect(events[1].data).toMatchObject({ licenseId: license.id, reinstatedAt: expect.any(String) });
  });

  it('announces a package created and increased, and nothing for an increase that is refused', async () => {
    const license = await insertLicense(app, owners);
    await mark();

    const created = await admin.post(`/api/license/${license.id}/prepaid-package`, {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      amount: 100,
    });
    expect(created.statusCode).toBe(201);
    const packageId = (created.json() as { id: string }).id;
    const increase = (amount: number) =>
      admin.put(`/api/license/${license.id}/prepaid-package/${packageId}/amount/increase`, { amount });
    expect(errorOf(await increase(1_000_000)).status).toBe(400);
    expect((await increase(50)).statusCode).toBe(200);

    const events = await queued();
    expect(events.map((e) => e.type)).toEqual(['package.created', 'package.increased']);
    expect(events[0].data).toEqual({
      licenseId: license.id,
      licenseKeyEnd: license.key.slice(-5),
      companyId: owners.companyId,
      storeId: owners.storeId,
      packageId,
      amount: 100,
      remainingAmount: 100,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    expect(events[1].data).toMatchObject({ packageId, previousAmount: 100, amount: 150, remainingAmount: 150 });
  });

  it('announces low, exhausted, expiring and expired packages once each, with the notices', async () => {
    // A day in 2030: the demo data's packages are long over and beyond the expired window.
    const now = new Date('2030-06-15T10:00:00Z');
    const license = await insertLicense(app, owners);
    const low = await insertPackage(app, license.id, {
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      amount: 100,
      usedAmount: 95,
    });
    const exhausted = await insertPackage(app, license.id, {
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      amount: 10,
      usedAmount: 10,
    });
    const expiring = await insertPackage(app, license.id, {
      startDate: '2030-01-01',
      endDate: '2030-06-18',
      amount: 10,
    });
    const expired = await insertPackage(app, license.id, {
      startDate: '2030-01-01',
      endDate: '2030-06-12',
      amount: 10,
    });
    await insertPackage(app, license.id, { startDate: '2030-01-01', endDate: '2030-05-01', amount: 10 });
    await mark();
    const deps = {
      db: app.db,
      config: app.config,
      outbox: app.mailOutbox,
      log: silentLog,
      queueWebhookDeliveries: app.queueWebhookDeliveries,
    };

    await sendPackageNotices(deps, now);
    await sendPackageNotices(deps, now);

    const events = await queued();
    const byPackage = Object.fromEntries(events.map((e) => [e.data.packageId as string, e]));
    expect(events).toHaveLength(4);
    expect(byPackage[low]).toMatchObject({ type: 'package.low', data: { remainingAmount: 5, amount: 100 } });
    expect(byPackage[exhausted]).toMatchObject({ type: 'package.exhausted', data: { remainingAmount: 0 } });
    expect(byPackage[expiring]).toMatchObject({ type: 'package.expiring', data: { daysLeft: 3 } });
    expect(byPackage[expired]).toMatchObject({
      type: 'package.expired',
      data: { endDate: '2030-06-12', daysLeft: -3, licenseKeyEnd: license.key.slice(-5) },
    });
  });
});
