import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { identificationProcesses, licenseActivations, licenses } from '../../server/db/schema';
import { SERVER_MESSAGES, serverMessageToGerman } from '../../src/domain/errorCatalogue';
import { buildTestApp, DEMO, errorOf, type ApiResponse } from './helpers/app';
import {
  addDays,
  demoLicenseOwners,
  deviceClient,
  insertLicense,
  insertPackage,
  packageCounts,
  type LicenseOwners,
} from './helpers/deviceLicenses';
import { loginAs } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

/** The device API's clock: noon in Germany on a fixed day, moved by the tests. */
const START = new Date('2026-06-15T10:00:00Z');
const TODAY = '2026-06-15';
const MACHINE = 'STUDIO-PC-01';
const OTHER_MACHINE = 'studio-pc.02:kasse_1';

describe('device API (docs/device-api.md)', () => {
  let app: FastifyInstance;
  let now = START;
  let owners: LicenseOwners;

  beforeAll(async () => {
    app = await buildTestApp({}, { clock: () => now });
    owners = await demoLicenseOwners(app);
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    now = START;
    // A machine is bound to one licence of an integrator at a time (issue 24): each test starts
    // with both machines free, its own licences take them.
    await app.db
      .update(licenses)
      .set({ boundMachineId: null, boundAt: null })
      .where(inArray(licenses.boundMachineId, [MACHINE, OTHER_MACHINE]));
  });

  /** A licence bound to MACHINE with one running package of `amount` units (none when 0). */
  async function boundLicense(amount = 10, overrides: { postpaidAllowed?: boolean; machine?: string } = {}) {
    const { machine = MACHINE, ...licenseOverrides } = overrides;
    const license = await insertLicense(app, owners, { boundMachineId: machine, ...licenseOverrides });
    const packageId =
      amount > 0
        ? await insertPackage(app, license.id, { startDate: addDays(TODAY, -10), endDate: addDays(TODAY, 30), amount })
        : undefined;
    return { ...license, packageId, device: deviceClient(app, license.key, machine) };
  }

  function expectRefusal(res: ApiResponse, status: number, message: string, errorCode?: string) {
    expect(res.statusCode, res.body).toBe(status);
    const body = errorOf(res);
    expect(body.messages[0]).toBe(message);
    if (errorCode) expect(body.errorCode).toBe(errorCode);
  }

  describe('authentication', () => {
    const calls = (key: string, machine = MACHINE) => {
      const device = deviceClient(app, key, machine);
      return [
        () => device.activate(),
        () => device.license(),
        () => device.identify(),
        () => device.cancel(randomUUID()),
      ];
    };

    it('answers an unknown key 404 License key unknown on every call, never a 5xx', async () => {
      for (const call of calls('AAAAA-BBBBB-CCCCC-DDDDD-EEEEE')) {
        expectRefusal(await call(), 404, SERVER_MESSAGES.licenseKeyUnknown, 'LICENSE_KEY_UNKNOWN');
      }
    });

    it.each(['ABC', 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE-F', 'IIIII-LLLLL-OOOOO-UUUUU-AAAAA', "' OR 1=1 --"])(
      'answers the malformed key %s 400 Invalid license key',
      async (key) => {
        for (const call of calls(key)) {
          expectRefusal(await call(), 400, SERVER_MESSAGES.invalidLicenseKey, 'INVALID_LICENSE_KEY');
        }
      },
    );

    it('takes a key in lower case and with spaces around it', async () => {
      const { key } = await boundLicense();
      const res = await deviceClient(app, `  ${key.toLowerCase()} `, MACHINE).license();
      expect(res.statusCode).toBe(200);
      expect(res.json().state).toBe('VALID');
    });

    it('refuses a call without the License scheme 401, also with a portal bearer token', async () => {
      const { accessToken } = await loginAs(app, DEMO.integrator);
      for (const authorization of [undefined, `Bearer ${accessToken}`, 'Basic dXNlcjpwYXNz']) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/device/license',
          headers: { 'x-machine-id': MACHINE, ...(authorization ? { authorization } : {}) },
        });
        expectRefusal(res, 401, SERVER_MESSAGES.unauthorized);
        expect(res.headers['www-authenticate']).toBe('License');
      }
    });

    it('refuses a missing or malformed machine id 400 with the validation message', async () => {
      const { key } = await boundLicense();
      const tooLong = 'M'.repeat(129);
      for (const machine of ['', tooLong, 'PC 01', 'PC/01', 'Kasse-ä']) {
        for (const call of calls(key, machine)) {
          const res = await call();
          expect(res.statusCode, machine).toBe(400);
          const body = errorOf(res);
          expect(body.errorCode).toBe('VALIDATION_FAILED');
          expect(body.messages[0]).toContain('Die Geräte-ID darf nur Buchstaben');
        }
      }
      const res = await app.inject({
        method: 'GET',
        url: '/api/device/license',
        headers: { authorization: `License ${key}` },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).messages[0]).toContain('Die Geräte-ID');
      expect((await deviceClient(app, key, 'M'.repeat(128)).license()).statusCode).toBe(200);
    });

    it('needs no cookie and no anti-forgery token, and hands out none', async () => {
      const { device } = await boundLicense();
      for (const res of [await device.license(), await device.identify(), await device.activate()]) {
        expect(res.statusCode).toBeLessThan(300);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('has German texts for its new messages', () => {
      for (const message of [
        SERVER_MESSAGES.licenseNotActivated,
        SERVER_MESSAGES.forcedRebindLimitReached,
        SERVER_MESSAGES.cancelWindowPassed,
      ]) {
        expect(serverMessageToGerman(message)).toMatch(/\.$/);
      }
    });
  });

  describe('POST /api/device/activation', () => {
    async function activations(licenseId: string) {
      return app.db.select().from(licenseActivations).where(eq(licenseActivations.licenseId, licenseId));
    }

    it('binds an unbound licence to the machine (201), and again on the same machine changes nothing (200)', async () => {
      const license = await insertLicense(app, owners);
      const device = deviceClient(app, license.key, MACHINE);
      const first = await device.activate();
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({
        machineId: MACHINE,
        boundAt: START.toISOString(),
        forced: false,
        forcedRebindsLeft: 3,
      });
      now = new Date(START.getTime() + 60_000);
      const again = await device.activate({ force: true });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const [row] = await app.db.select().from(licenses).where(eq(licenses.id, license.id));
      expect(row.boundMachineId).toBe(MACHINE);
      expect(await activations(license.id)).toHaveLength(1);
    });

    it('refuses another machine 409 License key already in use unless forced, and nothing changes', async () => {
      const { id, key } = await boundLicense();
      const before = await snapshotTables(app);
      const res = await deviceClient(app, key, OTHER_MACHINE).activate({ force: false });
      expectRefusal(res, 409, SERVER_MESSAGES.licenseKeyAlreadyInUse, 'OTHER_MACHINE');
      expect(await snapshotTables(app)).toEqual(before);
      const [row] = await app.db.select().from(licenses).where(eq(licenses.id, id));
      expect(row.boundMachineId).toBe(MACHINE);
    });

    it('moves the licence with force at most 3 times in 30 days', async () => {
      const { id, key } = await boundLicense();
      const machines = ['PC-A', 'PC-B', 'PC-C', 'PC-D'];
      for (const [i, machine] of machines.slice(0, 3).entries()) {
        now = new Date(START.getTime() + i * 86_400_000);
        const res = await deviceClient(app, key, machine).activate({ force: true });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ machineId: machine, forced: true, forcedRebindsLeft: 2 - i });
      }
      const before = await snapshotTables(app);
      const refused = await deviceClient(app, key, 'PC-D').activate({ force: true });
      expectRefusal(refused, 409, SERVER_MESSAGES.forcedRebindLimitReached, 'FORCED_REBIND_LIMIT_REACHED');
      expect(await snapshotTables(app)).toEqual(before);
      // The old machine is refused; the bound one keeps working.
      expect((await deviceClient(app, key, MACHINE).license()).json().state).toBe('OTHER_MACHINE');
      expect((await deviceClient(app, key, 'PC-C').license()).json().state).toBe('VALID');
      // 30 days after the first forced rebind one more is allowed.
      now = new Date(START.getTime() + 30 * 86_400_000 + 1000);
      const later = await deviceClient(app, key, 'PC-D').activate({ force: true });
      expect(later.statusCode).toBe(201);
      expect(later.json()).toMatchObject({ forced: true, forcedRebindsLeft: 0 });
      const rows = await activations(id);
      expect(rows.map((r) => [r.machineId, r.replacedMachineId, r.forced])).toEqual(
        expect.arrayContaining([
          ['PC-A', MACHINE, true],
          ['PC-B', 'PC-A', true],
          ['PC-C', 'PC-B', true],
          ['PC-D', 'PC-C', true],
        ]),
      );
    });

    it('refuses a suspended licence 403 License suspended', async () => {
      const license = await insertLicense(app, owners, { suspended: true });
      const before = await snapshotTables(app);
      const res = await deviceClient(app, license.key, MACHINE).activate();
      expectRefusal(res, 403, SERVER_MESSAGES.licenseSuspended, 'LICENSE_SUSPENDED');
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses unknown fields and a force that is not a boolean', async () => {
      const { device } = await boundLicense();
      expect((await device.activate({ force: 'yes' })).statusCode).toBe(400);
      expect((await device.activate({ machineId: 'PC-X' })).statusCode).toBe(400);
    });
  });

  describe('GET /api/device/license', () => {
    it('tells each state', async () => {
      const unbound = await insertLicense(app, owners);
      expect((await deviceClient(app, unbound.key, MACHINE).license()).json().state).toBe('NOT_BOUND');
      const bound = await boundLicense(5);
      expect((await bound.device.license()).json()).toEqual({
        state: 'VALID',
        remainingAmount: 5,
        postpaidAllowed: false,
        packages: [
          {
            id: bound.packageId,
            startDate: addDays(TODAY, -10),
            endDate: addDays(TODAY, 30),
            remainingAmount: 5,
            suspended: false,
          },
        ],
      });
      expect((await deviceClient(app, bound.key, OTHER_MACHINE).license()).json().state).toBe('OTHER_MACHINE');
      const empty = await boundLicense(0);
      expect((await empty.device.license()).json()).toMatchObject({ state: 'NO_CREDIT', remainingAmount: 0 });
      const postpaid = await boundLicense(0, { postpaidAllowed: true });
      expect((await postpaid.device.license()).json()).toMatchObject({
        state: 'VALID',
        remainingAmount: 0,
        postpaidAllowed: true,
      });
      const suspended = await insertLicense(app, owners, { boundMachineId: MACHINE, suspended: true });
      expect((await deviceClient(app, suspended.key, MACHINE).license()).json().state).toBe('SUSPENDED');
    });

    it('sums only the packages valid today, lists running and future ones in consumption order', async () => {
      const { id, device } = await boundLicense(0);
      const add = (startOffset: number, endOffset: number, amount: number, extra = {}) =>
        insertPackage(app, id, {
          startDate: addDays(TODAY, startOffset),
          endDate: addDays(TODAY, endOffset),
          amount,
          ...extra,
        });
      await add(-40, -1, 10); // expired: not listed
      const future = await add(1, 60, 7);
      const suspended = await add(-5, 20, 8, { suspended: true });
      const usedUp = await add(-5, 10, 3, { usedAmount: 3 });
      const endsLater = await add(-5, 90, 4, { usedAmount: 1 });
      const endsToday = await add(-3, 0, 2);
      const res = (await device.license()).json();
      expect(res.state).toBe('VALID');
      expect(res.remainingAmount).toBe(3 + 2);
      expect(res.packages.map((p: { id: string }) => p.id)).toEqual([endsToday, usedUp, suspended, future, endsLater]);
      expect(res.packages[2]).toMatchObject({ suspended: true, remainingAmount: 8 });
      // The calendar day in Germany: 22:30 UTC on the 15th is already the 16th, when the package
      // ending on the 15th is over and the future one has begun.
      now = new Date('2026-06-15T22:30:00Z');
      expect((await device.license()).json().remainingAmount).toBe(3 + 7);
    });

    it('says NO_CREDIT when only suspended, future or used-up packages have units', async () => {
      const { id, device } = await boundLicense(0);
      await insertPackage(app, id, { startDate: addDays(TODAY, 1), endDate: addDays(TODAY, 9), amount: 5 });
      await insertPackage(app, id, { startDate: TODAY, endDate: addDays(TODAY, 9), amount: 5, suspended: true });
      await insertPackage(app, id, { startDate: TODAY, endDate: addDays(TODAY, 9), amount: 5, usedAmount: 5 });
      expect((await device.license()).json()).toMatchObject({ state: 'NO_CREDIT', remainingAmount: 0 });
    });
  });

  describe('POST /api/device/identification-process', () => {
    it('records a process from the bound machine and copies licence, studio, company, integrator and reseller', async () => {
      const { id, device, packageId } = await boundLicense(10);
      const res = await device.identify();
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({ id: expect.any(String), packageId, postpaid: false, remainingAmount: 9 });
      const [row] = await app.db.select().from(identificationProcesses).where(eq(identificationProcesses.id, body.id));
      expect(row).toMatchObject({
        licenseId: id,
        storeId: owners.storeId,
        companyId: owners.companyId,
        systemIntegratorId: owners.systemIntegratorId,
        resellerId: owners.resellerId,
        packageId,
        postpaid: false,
        machineId: MACHINE,
        status: 'Completed',
        createdAt: START,
      });
      expect(await packageCounts(app, packageId!)).toEqual({ amount: 10, usedAmount: 1, remainingAmount: 9 });
    });

    it('takes from the valid package that ends first, then the one that started first', async () => {
      const { id, device } = await boundLicense(0);
      const add = (startOffset: number, endOffset: number, amount: number, extra = {}) =>
        insertPackage(app, id, {
          startDate: addDays(TODAY, startOffset),
          endDate: addDays(TODAY, endOffset),
          amount,
          ...extra,
        });
      const endsLast = await add(-30, 60, 2);
      const startsLater = await add(-2, 10, 1);
      const startsFirst = await add(-20, 10, 1);
      await add(-20, 5, 5, { suspended: true });
      await add(1, 3, 5);
      await add(-20, -1, 5);
      const taken = [];
      for (let i = 0; i < 4; i++) taken.push((await device.identify()).json());
      expect(taken.map((t) => [t.packageId, t.remainingAmount])).toEqual([
        [startsFirst, 3],
        [startsLater, 2],
        [endsLast, 1],
        [endsLast, 0],
      ]);
      expectRefusal(await device.identify(), 402, SERVER_MESSAGES.noPrepaidCredit, 'NO_PREPAID_CREDIT');
    });

    it('records a postpaid process when no package has units and the licence allows it', async () => {
      const { id, device } = await boundLicense(0, { postpaidAllowed: true });
      const usedUp = await insertPackage(app, id, {
        startDate: TODAY,
        endDate: addDays(TODAY, 5),
        amount: 2,
        usedAmount: 2,
      });
      const res = await device.identify();
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ packageId: null, postpaid: true, remainingAmount: 0 });
      expect(await packageCounts(app, usedUp)).toMatchObject({ usedAmount: 2 });
    });

    it('refuses 402 No prepaid credit without units and postpaid, and records nothing', async () => {
      const { device } = await boundLicense(0);
      const before = await snapshotTables(app);
      expectRefusal(await device.identify(), 402, SERVER_MESSAGES.noPrepaidCredit, 'NO_PREPAID_CREDIT');
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses an unbound licence, another machine and a suspended licence, and consumes nothing', async () => {
      const unbound = await insertLicense(app, owners);
      await insertPackage(app, unbound.id, { startDate: TODAY, endDate: addDays(TODAY, 5), amount: 5 });
      const bound = await boundLicense(5);
      const suspended = await insertLicense(app, owners, { boundMachineId: `${MACHINE}-S`, suspended: true });
      await insertPackage(app, suspended.id, { startDate: TODAY, endDate: addDays(TODAY, 5), amount: 5 });
      const before = await snapshotTables(app);
      expectRefusal(
        await deviceClient(app, unbound.key, MACHINE).identify(),
        409,
        SERVER_MESSAGES.licenseNotActivated,
        'LICENSE_NOT_ACTIVATED',
      );
      expectRefusal(
        await deviceClient(app, bound.key, OTHER_MACHINE).identify(),
        409,
        SERVER_MESSAGES.licenseKeyAlreadyInUse,
        'OTHER_MACHINE',
      );
      // The machine id is compared exactly.
      expectRefusal(
        await deviceClient(app, bound.key, MACHINE.toLowerCase()).identify(),
        409,
        SERVER_MESSAGES.licenseKeyAlreadyInUse,
      );
      expectRefusal(
        await deviceClient(app, suspended.key, `${MACHINE}-S`).identify(),
        403,
        SERVER_MESSAGES.licenseSuspended,
        'LICENSE_SUSPENDED',
      );
      expect((await bound.device.identify('not-a-uuid')).statusCode).toBe(400);
      const noBody = await app.inject({
        method: 'POST',
        url: '/api/device/identification-process',
        headers: { authorization: `License ${bound.key}`, 'x-machine-id': MACHINE },
      });
      expect(noBody.statusCode).toBe(400);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('answers a retry with the same idempotency key with the first answer and consumes nothing again', async () => {
      const { device, packageId, key } = await boundLicense(10);
      const idempotencyKey = randomUUID();
      const first = await device.identify(idempotencyKey);
      expect(first.statusCode).toBe(201);
      await device.identify();
      const before = await snapshotTables(app);
      const retry = await device.identify(idempotencyKey);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await snapshotTables(app)).toEqual(before);
      expect(await packageCounts(app, packageId!)).toMatchObject({ usedAmount: 2 });
      // The key is the licence's: another licence may use the same one.
      const other = await boundLicense(10);
      const elsewhere = await other.device.identify(idempotencyKey);
      expect(elsewhere.statusCode).toBe(201);
      expect(elsewhere.json().id).not.toBe(first.json().id);
      expect(key).not.toBe(other.key);
    });

    it('consumes one unit for concurrent requests with the same idempotency key', async () => {
      const { device, id, packageId } = await boundLicense(10);
      const idempotencyKey = randomUUID();
      const answers = await Promise.all(Array.from({ length: 8 }, () => device.identify(idempotencyKey)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await packageCounts(app, packageId!)).toMatchObject({ usedAmount: 1 });
      const rows = await app.db.select().from(identificationProcesses).where(eq(identificationProcesses.licenseId, id));
      expect(rows).toHaveLength(1);
    });

    it('lets 200 concurrent requests spend exactly the 10 units of a package, never more', async () => {
      const { device, id, packageId } = await boundLicense(10);
      const answers = await Promise.all(Array.from({ length: 200 }, () => device.identify()));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 402)).toHaveLength(190);
      for (const refused of answers.filter((a) => a.statusCode === 402)) {
        expect(errorOf(refused).messages[0]).toBe(SERVER_MESSAGES.noPrepaidCredit);
      }
      expect(await packageCounts(app, packageId!)).toEqual({ amount: 10, usedAmount: 10, remainingAmount: 0 });
      const rows = await app.db.select().from(identificationProcesses).where(eq(identificationProcesses.licenseId, id));
      expect(rows).toHaveLength(10);
      expect(new Set(rows.map((r) => r.id)).size).toBe(10);
    });

    it('moves on to the next package when the first runs out under concurrent requests', async () => {
      // On PostgreSQL the requests wait for each other's row lock on the first package; the ones that
      // find it used up after waiting must take from the second, not answer No prepaid credit.
      const { device, id } = await boundLicense(0);
      const first = await insertPackage(app, id, { startDate: TODAY, endDate: addDays(TODAY, 5), amount: 10 });
      const second = await insertPackage(app, id, { startDate: TODAY, endDate: addDays(TODAY, 50), amount: 10 });
      const answers = await Promise.all(Array.from({ length: 20 }, () => device.identify()));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
      expect(await packageCounts(app, first)).toMatchObject({ remainingAmount: 0 });
      expect(await packageCounts(app, second)).toMatchObject({ remainingAmount: 0 });
    });
  });

  describe('POST /api/device/identification-process/{id}/cancel', () => {
    it('gives the unit back within 15 minutes, marks the process cancelled, and answers a second cancel alike', async () => {
      const { device, packageId } = await boundLicense(10);
      const process = (await device.identify()).json();
      now = new Date(START.getTime() + 15 * 60_000);
      const res = await device.cancel(process.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: process.id,
        status: 'Cancelled',
        packageId,
        postpaid: false,
        cancelledAt: now.toISOString(),
      });
      expect(await packageCounts(app, packageId!)).toMatchObject({ usedAmount: 0, remainingAmount: 10 });
      const [row] = await app.db
        .select()
        .from(identificationProcesses)
        .where(eq(identificationProcesses.id, process.id));
      expect(row).toMatchObject({ status: 'Cancelled', cancelledAt: now });
      const before = await snapshotTables(app);
      now = new Date(START.getTime() + 60 * 60_000);
      const again = await device.cancel(process.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(res.json());
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses a cancel after the window 409 Cancel window passed and keeps the process billable', async () => {
      const { device, packageId } = await boundLicense(10);
      const process = (await device.identify()).json();
      now = new Date(START.getTime() + 15 * 60_000 + 1);
      const before = await snapshotTables(app);
      expectRefusal(await device.cancel(process.id), 409, SERVER_MESSAGES.cancelWindowPassed, 'CANCEL_WINDOW_PASSED');
      expect(await snapshotTables(app)).toEqual(before);
      expect(await packageCounts(app, packageId!)).toMatchObject({ usedAmount: 1 });
    });

    it('cancels a postpaid process without touching any package', async () => {
      const { device } = await boundLicense(0, { postpaidAllowed: true });
      const process = (await device.identify()).json();
      const res = await device.cancel(process.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ packageId: null, postpaid: true, status: 'Cancelled' });
    });

    it('refuses the old PC a cancel once the licence was moved to another PC, 409 like its other calls', async () => {
      const { device, key, packageId } = await boundLicense(10);
      const process = (await device.identify()).json();
      expect((await deviceClient(app, key, OTHER_MACHINE).activate({ force: true })).statusCode).toBe(201);
      const before = await snapshotTables(app);
      expectRefusal(await device.identify(), 409, SERVER_MESSAGES.licenseKeyAlreadyInUse, 'OTHER_MACHINE');
      expectRefusal(await device.cancel(process.id), 409, SERVER_MESSAGES.licenseKeyAlreadyInUse, 'OTHER_MACHINE');
      expect(await snapshotTables(app)).toEqual(before);
      expect(await packageCounts(app, packageId!)).toMatchObject({ usedAmount: 1 });
    });

    it('refuses the old PC a cancel once the integrator freed the licence', async () => {
      const { device, id } = await boundLicense(10);
      const process = (await device.identify()).json();
      await app.db.update(licenses).set({ boundMachineId: null }).where(eq(licenses.id, id));
      expectRefusal(await device.cancel(process.id), 409, SERVER_MESSAGES.licenseNotActivated, 'LICENSE_NOT_ACTIVATED');
    });

    it("answers another licence's process, another machine's and an unknown id 404, and a malformed id 400", async () => {
      const mine = await boundLicense(10);
      // One machine is bound to one licence of an integrator at a time (issue 24).
      const other = await boundLicense(10, { machine: 'studio-pc.03' });
      const process = (await other.device.identify()).json();
      const before = await snapshotTables(app);
      expectRefusal(await mine.device.cancel(process.id), 404, SERVER_MESSAGES.notFound);
      expectRefusal(await mine.device.cancel(randomUUID()), 404, SERVER_MESSAGES.notFound);
      await app.db.update(licenses).set({ boundMachineId: OTHER_MACHINE }).where(eq(licenses.id, other.id));
      expectRefusal(
        await deviceClient(app, other.key, OTHER_MACHINE).cancel(process.id),
        404,
        SERVER_MESSAGES.notFound,
      );
      expect((await mine.device.cancel('123')).statusCode).toBe(400);
      await app.db.update(licenses).set({ boundMachineId: 'studio-pc.03' }).where(eq(licenses.id, other.id));
      expect(await snapshotTables(app)).toEqual(before);
    });
  });

  it('lists the device API in the OpenAPI document with summary, operationId, tag and the licence key scheme', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    // A named schema ($ref to components.schemas) carries its example itself, an inline one on the media type.
    const exampleOf = (media: { example?: unknown; schema?: { $ref?: string } }): unknown =>
      media.example ?? doc.components.schemas[media.schema?.$ref?.split('/').pop() ?? '']?.example;
    expect(doc.components.securitySchemes.licenseKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    const operations = [
      doc.paths['/api/device/activation'].post,
      doc.paths['/api/device/license'].get,
      doc.paths['/api/device/identification-process'].post,
      doc.paths['/api/device/identification-process/{id}/cancel'].post,
      doc.paths['/api/device/operators'].get,
    ];
    for (const operation of operations) {
      expect(operation.summary).toBeTruthy();
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.tags).toEqual(['Device']);
      expect(operation.security).toEqual([{ licenseKey: [] }]);
      expect(operation.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'x-machine-id', required: true })]),
      );
      const success = operation.responses['200'] ?? operation.responses['201'];
      expect(exampleOf(success.content['application/json'])).toBeDefined();
    }
    expect(exampleOf(operations[2].requestBody.content['application/json'])).toEqual({
      idempotencyKey: expect.any(String),
      operatorId: expect.any(String),
    });
    // The refusal of an operator who may not identify is documented beside the malformed key.
    const badRequest = operations[2].responses['400'].content['application/json'];
    expect(JSON.stringify(badRequest)).toContain('UNKNOWN_OPERATOR');
  });
});

describe('device API rate limit', () => {
  let app: FastifyInstance;
  let owners: LicenseOwners;

  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_DEVICE_PER_MINUTE: '3' });
    owners = await demoLicenseOwners(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('defaults to 1,000 requests a minute', () => {
    expect(loadConfig({}).rateLimitDevicePerMinute).toBe(1000);
    expect(() => loadConfig({ RATE_LIMIT_DEVICE_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_DEVICE_PER_MINUTE/);
  });

  it('counts all calls of one licence together and refuses the one over the limit 429, consuming nothing', async () => {
    const license = await insertLicense(app, owners, { boundMachineId: MACHINE });
    const today = new Date().toISOString().slice(0, 10);
    await insertPackage(app, license.id, { startDate: addDays(today, -2), endDate: addDays(today, 2), amount: 5 });
    const device = deviceClient(app, license.key, MACHINE);
    expect((await device.activate()).statusCode).toBe(200);
    expect((await device.license()).statusCode).toBe(200);
    expect((await device.identify()).statusCode).toBe(201);
    const before = await snapshotTables(app);
    const refused = await device.identify();
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).errorCode).toBe('TOO_MANY_REQUESTS');
    expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The list of operators counts against the same limit.
    expect((await device.operators()).statusCode).toBe(429);
    expect(await snapshotTables(app)).toEqual(before);
    // Another licence has its own count.
    const other = await insertLicense(app, owners, { boundMachineId: `${MACHINE}-2` });
    expect((await deviceClient(app, other.key, `${MACHINE}-2`).license()).statusCode).toBe(200);
  });
});
