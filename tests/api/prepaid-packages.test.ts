import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGermany } from '../../src/domain/dates';
import { LICENSE_VALIDATION_TEXTS, PACKAGE_AMOUNT_MAX, type PrepaidPackage } from '../../src/domain/licenses';
import { prepaidPackages } from '../../server/db/schema';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { demoClient, type Client } from './helpers/eid';
import { auditRowsOf, createLicence, createPackage, licenceWorld, type LicenceWorld } from './helpers/licenses';
import { snapshotTables } from './helpers/snapshot';

const OUT_OF_RANGE = 'Bitte geben Sie ein Datum zwischen dem 01.01.2000 und dem 31.12.2100 an.';

const UNKNOWN_ID = '6f1c8f0e-6b7e-4c1e-9a53-0d6c3f5b9a11';

interface Page<T> {
  totalItemCount: number;
  orderBy: string | null;
  items: T[];
}

/** amount = used + remaining, in the answer and in the database. */
async function expectBalanced(app: FastifyInstance, pkg: PrepaidPackage) {
  expect(pkg.amount).toBe(pkg.usedAmount + pkg.remainingAmount);
  const [row] = await app.db.select().from(prepaidPackages).where(eq(prepaidPackages.id, pkg.id));
  expect(row.amount).toBe(row.usedAmount + row.remainingAmount);
}

describe('prepaid packages API', () => {
  let app: FastifyInstance;
  let w: LicenceWorld;
  /** The server's clock: tests move "today" (package states) without touching token lifetimes. */
  let now = new Date();
  let integrator: Client;
  let otherIntegrator: Client;
  let lumioAdmin: Client;
  let owner: Client;
  let licenseId: string;
  const base = (id = licenseId) => `/api/license/${id}/prepaid-package`;

  beforeAll(async () => {
    app = await buildTestApp({}, { clock: () => now });
    w = await licenceWorld(app);
    integrator = await demoClient(app, DEMO.integrator);
    otherIntegrator = await demoClient(app, DEMO.otherIntegrator);
    lumioAdmin = await demoClient(app, DEMO.lumioAdmin);
    owner = await demoClient(app, DEMO.owner);
    licenseId = (await createLicence(integrator, { storeId: w.neukoelln.id, systemIntegratorId: w.fotosoft.id })).id;
  });
  afterAll(() => app.close());

  /** A refused request: the status and messages, and not one row changed. */
  async function expectRefused(send: () => ReturnType<Client['get']>, status: number, messages: string[]) {
    const before = await snapshotTables(app);
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect(errorOf(res).messages).toEqual(messages);
    expect(await snapshotTables(app)).toEqual(before);
  }

  /** A device's consumption as the device API does it: used + 1 in one conditional UPDATE. */
  async function consume(packageId: string, units = 1) {
    for (let i = 0; i < units; i += 1) {
      await app.db
        .update(prepaidPackages)
        .set({ usedAmount: sql`${prepaidPackages.usedAmount} + 1` })
        .where(sql`${prepaidPackages.id} = ${packageId} AND ${prepaidPackages.usedAmount} < ${prepaidPackages.amount}`);
    }
  }

  describe('the demo packages', () => {
    it('come in every state, balanced, with the used amounts of their processes', async () => {
      const states = new Set<string>();
      for (const licence of Object.values(w.demo)) {
        const page = (await owner.get(`${base(licence.id)}?pageSize=100`)).json() as Page<PrepaidPackage>;
        for (const pkg of page.items) {
          states.add(pkg.state);
          await expectBalanced(app, pkg);
          const [{ processes }] = (
            await app.db.execute<{ processes: number }>(
              sql`SELECT count(*)::int AS processes FROM identification_processes WHERE package_id = ${pkg.id} AND status = 'Completed'`,
            )
          ).rows;
          expect(processes).toBe(pkg.usedAmount);
        }
      }
      expect([...states].sort()).toEqual(['expired', 'future', 'suspended', 'usedUp', 'valid']);
      const [{ total, postpaid }] = (
        await app.db.execute<{ total: number; postpaid: number }>(
          sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE postpaid))::int AS postpaid FROM identification_processes`,
        )
      ).rows;
      expect(total).toBeGreaterThan(2000);
      expect(postpaid).toBeGreaterThan(0);
    });

    it('are listed newest first, sortable, in pages; a package has no search', async () => {
      const id = w.demo.neukoellnPc01.id;
      const page = (await integrator.get(base(id))).json() as Page<PrepaidPackage>;
      expect(page.totalItemCount).toBe(3);
      expect(page.items.map((p) => p.state)).toEqual(['valid', 'usedUp', 'expired']);
      const byAmount = (await lumioAdmin.get(`${base(id)}?orderBy=amount&pageSize=1&pageIndex=1`)).json();
      expect(byAmount).toMatchObject({ orderBy: 'amount', totalItemCount: 3 });
      expect(byAmount.items.map((p: PrepaidPackage) => p.amount)).toEqual([800]);
      for (const query of ['filter=2026', 'orderBy=state', 'orderBy=licenseId']) {
        const res = await integrator.get(`${base(id)}?${query}`);
        expect(res.statusCode, query).toBe(400);
      }
    });
  });

  describe('createLicensePackage (POST)', () => {
    it('creates a package of the licence with its state on the server’s day, and an audit row', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const created = await createPackage(integrator, licenseId, {
        startDate: '2026-12-02',
        endDate: '2027-01-31',
        amount: 50,
      });
      expect(created).toEqual({
        id: expect.any(String),
        licenseId,
        startDate: '2026-12-02',
        endDate: '2027-01-31',
        amount: 50,
        usedAmount: 0,
        remainingAmount: 50,
        suspended: false,
        state: 'future',
      });
      // The states follow the clock in Germany: 23:30 UTC on Dec 1 is already Dec 2 in Berlin.
      now = new Date('2026-12-01T23:30:00Z');
      const read = async () =>
        ((await owner.get(base())).json() as Page<PrepaidPackage>).items.find((p) => p.id === created.id)!;
      expect((await read()).state).toBe('valid');
      now = new Date('2027-02-01T09:00:00Z');
      expect((await read()).state).toBe('expired');
      now = new Date();

      const [row] = await auditRowsOf(app, 'package', created.id);
      expect(row).toMatchObject({
        action: 'package.created',
        actorEmail: DEMO.integrator,
        before: null,
        after: {
          licenseId,
          startDate: '2026-12-02',
          endDate: '2027-01-31',
          amount: 50,
          usedAmount: 0,
          remainingAmount: 50,
          suspended: false,
        },
      });
    });

    it.each([
      ['an end on the start day', { endDate: '2026-12-01' }, `endDate: ${LICENSE_VALIDATION_TEXTS.invalidEndDate}`],
      ['an end before the start', { endDate: '2026-11-30' }, `endDate: ${LICENSE_VALIDATION_TEXTS.invalidEndDate}`],
      ['no amount', { amount: undefined }, `amount: ${LICENSE_VALIDATION_TEXTS.amountRequired}`],
      ['an amount of 0', { amount: 0 }, `amount: ${LICENSE_VALIDATION_TEXTS.amountAtLeastOne}`],
      ['a broken amount', { amount: 2.5 }, `amount: ${LICENSE_VALIDATION_TEXTS.amountWhole}`],
      ['a huge amount', { amount: PACKAGE_AMOUNT_MAX + 1 }, `amount: ${LICENSE_VALIDATION_TEXTS.amountTooLarge}`],
      ['no such day', { startDate: '2026-02-30' }, `startDate: ${LICENSE_VALIDATION_TEXTS.dateInvalid}`],
      ['a German date', { startDate: '01.12.2026' }, `startDate: ${LICENSE_VALIDATION_TEXTS.dateInvalid}`],
      ['a used amount', { usedAmount: 3 }, 'usedAmount: Unbekanntes Feld'],
      ...['0000-01-01', '0001-01-01', '1999-12-31'].map((day): [string, object, string] => [
        `the start ${day}`,
        { startDate: day },
        `startDate: ${OUT_OF_RANGE}`,
      ]),
      ['the end 2101-01-01', { endDate: '2101-01-01' }, `endDate: ${OUT_OF_RANGE}`],
      ['the end 0000-12-31', { endDate: '0000-12-31' }, `endDate: ${OUT_OF_RANGE}`],
    ])('refuses %s with 400 and writes nothing', async (_case, change, message) => {
      const body = { startDate: '2026-12-01', endDate: '2026-12-31', amount: 10, ...change };
      const before = await snapshotTables(app);
      const res = await integrator.post(base(), body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
      expect(errorOf(res).messages).toContain(message);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('accepts a package from the first to the last day of the portal calendar', async () => {
      const res = await integrator.post(base(), { startDate: '2000-01-01', endDate: '2100-12-31', amount: 1 });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('is for the licence’s own integrator only', async () => {
      const body = { startDate: '2026-12-01', endDate: '2026-12-31', amount: 10 };
      for (const client of [otherIntegrator, lumioAdmin, owner]) {
        await expectRefused(() => client.post(base(), body), 403, ['Forbidden']);
      }
      await expectRefused(() => integrator.post(base(UNKNOWN_ID), body), 404, ['Not found']);
      await expectRefused(() => integrator.post(base('lizenz'), body), 400, ['Invalid license id']);
      await expectRefused(() => apiClient(app).post(base(), body), 401, ['Unauthorized']);
    });
  });

  describe('updateLicensePackage (PUT …/{packageId})', () => {
    let pkg: PrepaidPackage;
    beforeAll(async () => {
      pkg = await createPackage(integrator, licenseId, { startDate: '2026-01-01', endDate: '2026-06-30', amount: 20 });
      await consume(pkg.id, 5);
    });
    const put = (client: Client, body: unknown, packageId = pkg.id, id = licenseId) =>
      client.put(`${base(id)}/${packageId}`, body);

    it('changes dates and suspension, never the counters, and records the change', async () => {
      now = new Date('2026-03-01T12:00:00Z');
      const res = await put(integrator, {
        startDate: '2026-02-01',
        endDate: '2026-12-31',
        suspended: true,
        amount: 20,
        remainingAmount: 15,
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json() as PrepaidPackage;
      expect(saved).toEqual({
        ...pkg,
        startDate: '2026-02-01',
        endDate: '2026-12-31',
        suspended: true,
        usedAmount: 5,
        remainingAmount: 15,
        state: 'suspended',
      });
      await expectBalanced(app, saved);
      now = new Date();

      // The same again without counters is no change and leaves no trace.
      expect(
        (await put(integrator, { startDate: '2026-02-01', endDate: '2026-12-31', suspended: true })).statusCode,
      ).toBe(200);
      const rows = await auditRowsOf(app, 'package', pkg.id);
      expect(rows.map((r) => r.action)).toEqual(['package.created', 'package.updated']);
      expect(rows[1]).toMatchObject({
        before: { startDate: '2026-01-01', endDate: '2026-06-30', suspended: false, amount: 20, usedAmount: 5 },
        after: { startDate: '2026-02-01', endDate: '2026-12-31', suspended: true, amount: 20, usedAmount: 5 },
      });
    });

    it("refuses counters that are no longer the package's: 409 'Prepaid package changed'", async () => {
      const dates = { startDate: '2026-02-01', endDate: '2026-12-31', suspended: false };
      await expectRefused(() => put(integrator, { ...dates, amount: 25 }), 409, ['Prepaid package changed']);
      // A device used a unit since the dialog was opened.
      await consume(pkg.id);
      await expectRefused(() => put(integrator, { ...dates, amount: 20, remainingAmount: 15 }), 409, [
        'Prepaid package changed',
      ]);
    });

    it('refuses years outside 2000 to 2100 with 400 and changes nothing', async () => {
      for (const [startDate, endDate, field] of [
        ['0000-01-01', '2026-06-01', 'startDate'],
        ['0001-01-01', '2026-06-01', 'startDate'],
        ['2026-05-01', '2101-01-01', 'endDate'],
      ]) {
        await expectRefused(() => put(integrator, { startDate, endDate, suspended: false }), 400, [
          `${field}: ${OUT_OF_RANGE}`,
        ]);
      }
    });

    it('refuses an end that is not after the start (invalidEndDate on the end date)', async () => {
      await expectRefused(
        () => put(integrator, { startDate: '2026-05-01', endDate: '2026-05-01', suspended: false }),
        400,
        [`endDate: ${LICENSE_VALIDATION_TEXTS.invalidEndDate}`],
      );
      await expectRefused(
        () => put(integrator, { startDate: '2026-05-01', endDate: '2026-04-01', suspended: false }),
        400,
        [`endDate: ${LICENSE_VALIDATION_TEXTS.invalidEndDate}`],
      );
      const missing = await put(integrator, { startDate: '2026-05-01', endDate: '2026-06-01' });
      expect(missing.statusCode).toBe(400);
      const usedAmount = await put(integrator, {
        startDate: '2026-05-01',
        endDate: '2026-06-01',
        suspended: false,
        usedAmount: 0,
      });
      expect(usedAmount.statusCode).toBe(400);
    });

    it('refuses other roles and tenants, another licence’s package and malformed ids', async () => {
      const body = { startDate: '2026-02-01', endDate: '2026-12-31', suspended: false };
      for (const client of [otherIntegrator, lumioAdmin, owner]) {
        await expectRefused(() => put(client, body), 403, ['Forbidden']);
      }
      const demoPackage = (await owner.get(base(w.demo.potsdamReseller.id))).json().items[0] as PrepaidPackage;
      await expectRefused(() => put(integrator, body, demoPackage.id), 404, ['Not found']);
      await expectRefused(() => put(integrator, body, UNKNOWN_ID), 404, ['Not found']);
      await expectRefused(() => put(integrator, body, 'paket-1'), 400, ['Invalid prepaid package id']);
      await expectRefused(() => put(integrator, body, pkg.id, 'lizenz-1'), 400, ['Invalid license id']);
    });
  });

  describe('increaseLicensePackageAmount (PUT …/{packageId}/amount/increase)', () => {
    let pkg: PrepaidPackage;
    beforeAll(async () => {
      pkg = await createPackage(integrator, licenseId, { startDate: '2026-01-01', endDate: '2027-12-31', amount: 10 });
      await consume(pkg.id, 10);
    });
    const increase = (client: Client, amount: unknown, packageId = pkg.id) =>
      client.put(`${base()}/${packageId}/amount/increase`, { amount });

    it('raises amount and remaining by the amount, keeps used, and records it', async () => {
      const res = await increase(integrator, 15);
      expect(res.statusCode, res.body).toBe(200);
      const raised = res.json() as PrepaidPackage;
      expect(raised).toMatchObject({ amount: 25, usedAmount: 10, remainingAmount: 15, state: 'valid' });
      await expectBalanced(app, raised);
      const rows = await auditRowsOf(app, 'package', pkg.id);
      expect(rows.at(-1)).toMatchObject({
        action: 'package.increased',
        actorEmail: DEMO.integrator,
        before: { amount: 10, usedAmount: 10, remainingAmount: 0 },
        after: { amount: 25, usedAmount: 10, remainingAmount: 15 },
      });
      const history = (await owner.get(`${base()}/${pkg.id}/history`)).json();
      expect(history.items.map((i: { action: string }) => i.action)).toEqual(['package.increased', 'package.created']);
      expect(history.items[0]).toMatchObject({
        entityType: 'package',
        entityId: pkg.id,
        actor: { name: 'Ingo Integrator' },
      });
    });

    it.each([
      [0, LICENSE_VALIDATION_TEXTS.amountAtLeastOne],
      [-5, LICENSE_VALIDATION_TEXTS.amountAtLeastOne],
      [1.5, LICENSE_VALIDATION_TEXTS.amountWhole],
      ['5', LICENSE_VALIDATION_TEXTS.amountRequired],
    ])('refuses the amount %s with 400 and changes nothing', async (amount, text) => {
      await expectRefused(() => increase(integrator, amount), 400, [`amount: ${text}`]);
    });

    it('never takes a package above the maximum', async () => {
      await expectRefused(() => increase(integrator, PACKAGE_AMOUNT_MAX), 400, [
        `amount: ${LICENSE_VALIDATION_TEXTS.packageTooLarge}`,
      ]);
    });

    it('is for the licence’s own integrator only', async () => {
      for (const client of [otherIntegrator, lumioAdmin, owner]) {
        await expectRefused(() => increase(client, 1), 403, ['Forbidden']);
      }
      await expectRefused(() => increase(integrator, 1, UNKNOWN_ID), 404, ['Not found']);
    });

    it('lands every one of many concurrent increases, while devices consume', async () => {
      const [before] = await app.db.select().from(prepaidPackages).where(eq(prepaidPackages.id, pkg.id));
      const increases = Array.from({ length: 24 }, (_, i) => increase(integrator, i + 1));
      const consumptions = Array.from({ length: 6 }, () => consume(pkg.id));
      const answers = await Promise.all(increases);
      await Promise.all(consumptions);
      for (const res of answers) expect(res.statusCode).toBe(200);
      const [after] = await app.db.select().from(prepaidPackages).where(eq(prepaidPackages.id, pkg.id));
      const sum = (24 * 25) / 2;
      expect(after.amount).toBe(before.amount + sum);
      expect(after.usedAmount).toBe(before.usedAmount + 6);
      expect(after.remainingAmount).toBe(after.amount - after.usedAmount);
      const rows = (await auditRowsOf(app, 'package', pkg.id)).filter((r) => r.action === 'package.increased');
      expect(rows).toHaveLength(1 + 24);
      // Every audit row saw the amount its increase started from: together they chain without a gap.
      const steps = rows
        .slice(1)
        .map((r) => [r.before!.amount as number, r.after!.amount as number])
        .sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < steps.length; i += 1) expect(steps[i][0]).toBe(steps[i - 1][1]);
    });
  });

  describe('history', () => {
    it('is read like the licence and refused to others', async () => {
      const [pkg] = ((await integrator.get(base())).json() as Page<PrepaidPackage>).items;
      const path = `${base()}/${pkg.id}/history`;
      for (const client of [integrator, lumioAdmin, owner]) expect((await client.get(path)).statusCode).toBe(200);
      expect((await otherIntegrator.get(path)).statusCode).toBe(403);
      expect((await integrator.get(`${base()}/${UNKNOWN_ID}/history`)).statusCode).toBe(404);
      const other = (await owner.get(base(w.demo.neukoellnPc01.id))).json().items[0] as PrepaidPackage;
      expect((await integrator.get(`${base()}/${other.id}/history`)).statusCode).toBe(404);
      const demoHistory = (await owner.get(`${base(w.demo.neukoellnPc01.id)}/${other.id}/history`)).json();
      expect(demoHistory.items.map((i: { action: string }) => i.action)).toEqual([
        'package.increased',
        'package.created',
      ]);
    });
  });

  it('uses the day in Germany as "today"', () => {
    expect(todayInGermany(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-02');
  });
});
