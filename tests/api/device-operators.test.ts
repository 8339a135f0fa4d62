import { randomUUID } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eidBindings, identificationProcesses, users } from '../../server/db/schema';
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
import { snapshotTables } from './helpers/snapshot';
import { buildCompany, buildUser } from './helpers/usage';

const START = new Date('2026-06-15T10:00:00Z');
const TODAY = '2026-06-15';
const MACHINE = 'BEDIENER-PC-01';

interface Operator {
  id: string;
  firstName: string;
  lastName: string;
}

/** Who carries out an identification (issue 28): GET /api/device/operators and operatorId. */
describe('device API: the person at the device (GET /api/device/operators, operatorId)', () => {
  let app: FastifyInstance;
  let owners: LicenseOwners;
  let idOf: (email: string) => Promise<string>;
  /** Of Sonnenschein: approved, eID bound, not disabled, except where the name says otherwise. */
  let extra: { disabled: string; noEid: string; foreign: string; foreignCompanyId: string };

  beforeAll(async () => {
    app = await buildTestApp({}, { clock: () => START });
    owners = await demoLicenseOwners(app);
    idOf = async (email) => (await app.db.select().from(users).where(eq(users.email, email)))[0].id;
    const bound = async (userId: string) =>
      app.db.insert(eidBindings).values({
        userId,
        pseudonymHash: `bediener-${userId}`,
        documentType: 'ID',
        createdAt: START,
        boundAt: START,
      });
    const disabled = await buildUser(app, {
      email: 'gesperrt@studio-sonnenschein.example',
      role: 'Employee',
      companyId: owners.companyId,
      lastName: 'Gesperrt',
      disabledAt: START,
    });
    await bound(disabled.id);
    const noEid = await buildUser(app, {
      email: 'ohne-ausweis@studio-sonnenschein.example',
      role: 'Employee',
      companyId: owners.companyId,
      lastName: 'Ohneausweis',
    });
    // Everything would qualify, but another company's.
    const { company } = await buildCompany(app, 'Fremdstudio Bediener GmbH');
    const foreign = await buildUser(app, {
      email: 'fremd@fremdstudio.example',
      role: 'Owner',
      companyId: company.id,
      lastName: 'Fremd',
    });
    await bound(foreign.id);
    extra = { disabled: disabled.id, noEid: noEid.id, foreign: foreign.id, foreignCompanyId: company.id };
  });
  afterAll(async () => {
    await app.close();
  });

  async function boundLicense(amount = 10, overrides: { suspended?: boolean } = {}) {
    const license = await insertLicense(app, owners, { boundMachineId: MACHINE, ...overrides });
    const packageId = await insertPackage(app, license.id, {
      startDate: addDays(TODAY, -10),
      endDate: addDays(TODAY, 30),
      amount,
    });
    return { ...license, packageId, device: deviceClient(app, license.key, MACHINE) };
  }

  function expectRefusal(res: ApiResponse, status: number, message: string, errorCode: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(errorOf(res)).toMatchObject({ messages: [message], errorCode });
  }

  async function operatorOf(processId: string) {
    const [row] = await app.db
      .select({ operatorUserId: identificationProcesses.operatorUserId })
      .from(identificationProcesses)
      .where(eq(identificationProcesses.id, processId));
    return row.operatorUserId;
  }

  it("lists the licence's company's people who may identify: ids and names only, sorted by name", async () => {
    const { device } = await boundLicense();
    const res = await device.operators();
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as { items: Operator[] };
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['firstName', 'id', 'lastName']);
    const ids = items.map((item) => item.id);
    // Owner, account administrator and employee, each approved with a bound eID.
    for (const email of [DEMO.owner, DEMO.accountAdmin, DEMO.employee]) expect(ids).toContain(await idOf(email));
    expect(items).toContainEqual({ id: await idOf(DEMO.employee), firstName: 'Maria', lastName: 'Mitarbeit' });
    // Not approved, not verified, rejected, in eID review, disabled, without eID.
    for (const email of [
      'neuling@studio-sonnenschein.example',
      'verifiziert@studio-sonnenschein.example',
      'freigegeben@studio-sonnenschein.example',
      'abgelehnt@studio-sonnenschein.example',
      'pruefung@studio-sonnenschein.example',
    ]) {
      expect(ids, email).not.toContain(await idOf(email));
    }
    expect(ids).not.toContain(extra.disabled);
    expect(ids).not.toContain(extra.noEid);
    // Nobody of another company, and no administrators.
    const outsiders = await app.db.select({ id: users.id }).from(users).where(ne(users.companyId, owners.companyId));
    expect(outsiders.map((o) => o.id)).toContain(extra.foreign);
    for (const outsider of outsiders) expect(ids).not.toContain(outsider.id);
    for (const email of [DEMO.integrator, DEMO.lumioAdmin, DEMO.systemAdmin]) {
      expect(ids).not.toContain(await idOf(email));
    }
    // No e-mail, no eID data anywhere in the answer.
    expect(res.body).not.toContain('@');
    expect(res.body).not.toMatch(/pseudonym|documentType|birthDate/i);
    // By last name (the database's collation): Konto, Mitarbeit, Sonnenschein.
    const order = [DEMO.accountAdmin, DEMO.employee, DEMO.owner].map(async (email) => ids.indexOf(await idOf(email)));
    const positions = await Promise.all(order);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('is for the bound machine of a licence that is not suspended, like recording', async () => {
    const { key } = await boundLicense();
    const other = deviceClient(app, key, 'ANDERER-PC');
    expectRefusal(await other.operators(), 409, SERVER_MESSAGES.licenseKeyAlreadyInUse, 'OTHER_MACHINE');
    const suspended = await boundLicense(10, { suspended: true });
    expectRefusal(await suspended.device.operators(), 403, SERVER_MESSAGES.licenseSuspended, 'LICENSE_SUSPENDED');
    const unbound = await insertLicense(app, owners);
    expectRefusal(
      await deviceClient(app, unbound.key, MACHINE).operators(),
      409,
      SERVER_MESSAGES.licenseNotActivated,
      'LICENSE_NOT_ACTIVATED',
    );
    const unknown = deviceClient(app, 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', MACHINE);
    expectRefusal(await unknown.operators(), 404, SERVER_MESSAGES.licenseKeyUnknown, 'LICENSE_KEY_UNKNOWN');
  });

  it('stores the named operator with the process; a replay answers the first result and keeps its operator', async () => {
    const { device, packageId } = await boundLicense(5);
    const maria = await idOf(DEMO.employee);
    const key = randomUUID();
    const first = await device.identify(key, maria);
    expect(first.statusCode, first.body).toBe(201);
    expect(await operatorOf(first.json<{ id: string }>().id)).toBe(maria);
    const replay = await device.identify(key, await idOf(DEMO.owner));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await operatorOf(first.json<{ id: string }>().id)).toBe(maria);
    // Without operatorId, as before: the process names nobody.
    const plain = await device.identify();
    expect(plain.statusCode).toBe(201);
    expect(await operatorOf(plain.json<{ id: string }>().id)).toBeNull();
    expect(await packageCounts(app, packageId)).toMatchObject({ usedAmount: 2 });
  });

  it('refuses an operator who may not identify on this licence 400 UNKNOWN_OPERATOR, consuming nothing', async () => {
    const { device, packageId } = await boundLicense(5);
    const refused = [
      randomUUID(),
      extra.foreign,
      extra.disabled,
      extra.noEid,
      await idOf('freigegeben@studio-sonnenschein.example'),
      await idOf('verifiziert@studio-sonnenschein.example'),
      await idOf(DEMO.integrator),
    ];
    for (const operatorId of refused) {
      const before = await snapshotTables(app);
      const res = await device.identify(randomUUID(), operatorId);
      expectRefusal(res, 400, SERVER_MESSAGES.unknownOperator, 'UNKNOWN_OPERATOR');
      expect(await snapshotTables(app)).toEqual(before);
    }
    expect(await packageCounts(app, packageId)).toMatchObject({ usedAmount: 0 });
    expect(serverMessageToGerman(SERVER_MESSAGES.unknownOperator)).toMatch(/^Diese Person kann mit dieser Lizenz/);
    // Not a UUID: the body's validation, in German.
    const malformed = await device.identify(randomUUID(), 'Maria');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed)).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
    expect(errorOf(malformed).messages.join(' ')).toContain('Ungültige Personen-ID.');
  });

  it('refuses the operator also on a postpaid licence without a package, recording nothing', async () => {
    const license = await insertLicense(app, owners, { boundMachineId: MACHINE, postpaidAllowed: true });
    const device = deviceClient(app, license.key, MACHINE);
    const before = await snapshotTables(app);
    expectRefusal(
      await device.identify(randomUUID(), extra.foreign),
      400,
      SERVER_MESSAGES.unknownOperator,
      'UNKNOWN_OPERATOR',
    );
    expect(await snapshotTables(app)).toEqual(before);
    const ok = await device.identify(randomUUID(), await idOf(DEMO.accountAdmin));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ postpaid: true });
  });
});
