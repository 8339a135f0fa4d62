import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, licenseActivations, licenses, systemIntegrators } from '../../server/db/schema';
import { DEVICE_ERROR_CODES } from '../../src/domain/deviceApi';
import { serverMessageToGerman, SERVER_MESSAGES } from '../../src/domain/errorCatalogue';
import { apiClient, buildTestApp, DEMO, errorOf, type ApiResponse } from './helpers/app';
import { demoLicenseOwners, deviceClient, insertLicense, type LicenseOwners } from './helpers/deviceLicenses';
import { loginAs } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

/**
 * Issue 24, part 4: a machine id is bound to one licence of an integrator at a time, through the
 * device API and by hand in the portal alike; a binding by hand is recorded as an activation; the
 * audit rows of licences and packages name the company.
 */
describe('one machine, one licence per integrator', () => {
  let app: FastifyInstance;
  let owners: LicenseOwners;
  let bildwerkOwners: LicenseOwners;
  let integrator: ReturnType<typeof apiClient>;
  let integratorId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    owners = await demoLicenseOwners(app);
    const [bildwerk] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'BILDWERK'));
    bildwerkOwners = { ...owners, systemIntegratorId: bildwerk.id, resellerId: null as unknown as string };
    const login = await loginAs(app, DEMO.integrator);
    integrator = apiClient(app, login.accessToken);
    integratorId = (await integrator.get('/api/self')).json().id;
  });
  afterAll(() => app.close());

  /** 409 with the device API's code, the catalogue message (German in the web app), nothing written. */
  async function expectMachineInUse(send: () => Promise<ApiResponse>) {
    const before = await snapshotTables(app);
    const res = await send();
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toMatchObject({
      errorCode: DEVICE_ERROR_CODES.machineBoundToOtherLicense,
      messages: [SERVER_MESSAGES.machineBoundToOtherLicense],
    });
    expect(await snapshotTables(app)).toEqual(before);
  }

  it('has a German text for the refusal', () => {
    expect(serverMessageToGerman(SERVER_MESSAGES.machineBoundToOtherLicense)).toBe(
      'Dieses Gerät ist bereits an eine andere Lizenz dieses System-Integrators gebunden. Bitte lösen Sie zuerst dort die Bindung.',
    );
  });

  it('refuses a device activation of a second licence from a bound machine, also with force', async () => {
    const first = await insertLicense(app, owners);
    const second = await insertLicense(app, owners);
    expect((await deviceClient(app, first.key, 'KASSE-A').activate()).statusCode).toBe(201);
    await expectMachineInUse(() => deviceClient(app, second.key, 'KASSE-A').activate());
    await expectMachineInUse(() => deviceClient(app, second.key, 'KASSE-A').activate({ force: true }));
    // The first licence keeps working on it; another machine may take the second licence.
    expect((await deviceClient(app, first.key, 'KASSE-A').activate()).statusCode).toBe(200);
    expect((await deviceClient(app, second.key, 'KASSE-B').activate()).statusCode).toBe(201);
  });

  it('lets the machine move once its first licence is released, and lets another integrator bind it', async () => {
    const first = await insertLicense(app, owners);
    const second = await insertLicense(app, owners);
    const foreign = await insertLicense(app, bildwerkOwners);
    expect((await deviceClient(app, first.key, 'KASSE-C').activate()).statusCode).toBe(201);
    expect((await deviceClient(app, foreign.key, 'KASSE-C').activate()).statusCode).toBe(201);
    const released = await integrator.put(`/api/license/${first.id}`, {
      postpaidAllowed: false,
      boundMachineId: null,
      suspended: false,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect((await deviceClient(app, second.key, 'KASSE-C').activate()).statusCode).toBe(201);
  });

  it('refuses setting by hand a device id another licence of the integrator holds', async () => {
    const first = await insertLicense(app, owners);
    const second = await insertLicense(app, owners);
    expect((await deviceClient(app, first.key, 'KASSE-D').activate()).statusCode).toBe(201);
    await expectMachineInUse(() =>
      integrator.put(`/api/license/${second.id}`, {
        postpaidAllowed: false,
        boundMachineId: 'KASSE-D',
        suspended: false,
      }),
    );
  });

  it('lets one of two concurrent bindings of one machine win, through the device API and the portal', async () => {
    const licences = await Promise.all([1, 2, 3, 4].map(() => insertLicense(app, owners)));
    const answers = await Promise.all([
      deviceClient(app, licences[0].key, 'KASSE-E').activate(),
      deviceClient(app, licences[1].key, 'KASSE-E').activate(),
      integrator.put(`/api/license/${licences[2].id}`, {
        postpaidAllowed: false,
        boundMachineId: 'KASSE-E',
        suspended: false,
      }),
      deviceClient(app, licences[3].key, 'KASSE-E').activate({ force: true }),
    ]);
    const won = answers.filter((res) => res.statusCode === 200 || res.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((res) => !won.includes(res))) {
      expect(lost.statusCode, lost.body).toBe(409);
      expect(errorOf(lost).errorCode).toBe(DEVICE_ERROR_CODES.machineBoundToOtherLicense);
    }
    const bound = await app.db
      .select({ id: licenses.id })
      .from(licenses)
      .where(and(eq(licenses.systemIntegratorId, owners.systemIntegratorId), eq(licenses.boundMachineId, 'KASSE-E')));
    expect(bound).toHaveLength(1);
  });

  it('has the database refuse a second binding that no check saw', async () => {
    const first = await insertLicense(app, owners);
    const second = await insertLicense(app, owners);
    await app.db.update(licenses).set({ boundMachineId: 'KASSE-F' }).where(eq(licenses.id, first.id));
    await expect(
      app.db.update(licenses).set({ boundMachineId: 'KASSE-F' }).where(eq(licenses.id, second.id)),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'licenses_machine_per_integrator_unique' } });
  });

  it('records a device id set by hand as an activation, as the device API does', async () => {
    const licence = await insertLicense(app, owners);
    const bind = (boundMachineId: string | null) =>
      integrator.put(`/api/license/${licence.id}`, { postpaidAllowed: false, boundMachineId, suspended: false });
    expect((await bind('KASSE-G')).statusCode).toBe(200);
    expect((await bind('KASSE-H')).statusCode).toBe(200);
    expect((await bind(null)).statusCode).toBe(200);
    expect((await deviceClient(app, licence.key, 'KASSE-I').activate()).statusCode).toBe(201);
    const activations = await app.db
      .select()
      .from(licenseActivations)
      .where(eq(licenseActivations.licenseId, licence.id))
      .orderBy(licenseActivations.at);
    expect(
      activations.map(({ machineId, replacedMachineId, forced, actorId }) => ({
        machineId,
        replacedMachineId,
        forced,
        actorId,
      })),
    ).toEqual([
      { machineId: 'KASSE-G', replacedMachineId: null, forced: false, actorId: integratorId },
      { machineId: 'KASSE-H', replacedMachineId: 'KASSE-G', forced: false, actorId: integratorId },
      { machineId: 'KASSE-I', replacedMachineId: null, forced: false, actorId: null },
    ]);
  });

  it('names the company on the audit rows of licences and packages', async () => {
    const created = await integrator.post('/api/license', {
      storeId: owners.storeId,
      systemIntegratorId: owners.systemIntegratorId,
      resellerId: null,
      postpaidAllowed: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const licenceId = created.json().id as string;
    const changed = await integrator.put(`/api/license/${licenceId}`, {
      postpaidAllowed: true,
      boundMachineId: null,
      suspended: false,
    });
    expect(changed.statusCode).toBe(200);
    const pkg = await integrator.post(`/api/license/${licenceId}/prepaid-package`, {
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      amount: 10,
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    const packageId = pkg.json().id as string;
    const increased = await integrator.put(`/api/license/${licenceId}/prepaid-package/${packageId}/amount/increase`, {
      amount: 5,
    });
    expect(increased.statusCode, increased.body).toBe(200);
    const rows = await app.db
      .select({ action: auditEvents.action, companyId: auditEvents.companyId })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, licenceId))
      .orderBy(desc(auditEvents.at));
    const packageRows = await app.db
      .select({ action: auditEvents.action, companyId: auditEvents.companyId })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, packageId));
    expect([...rows, ...packageRows].map((row) => row.action).sort()).toEqual([
      'license.created',
      'license.updated',
      'package.created',
      'package.increased',
    ]);
    for (const row of [...rows, ...packageRows]) expect(row.companyId, row.action).toBe(owners.companyId);
    // The company's history shows them.
    const lumioAdmin = apiClient(app, (await loginAs(app, DEMO.lumioAdmin)).accessToken);
    const history = await lumioAdmin.get(`/api/company/${owners.companyId}/history?pageSize=100`);
    expect(history.statusCode).toBe(200);
    const actions = (history.json().items as { action: string }[]).map((item) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['license.created', 'package.increased']));
  });
});
