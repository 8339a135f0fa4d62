import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyUsage, PackageConsumption, UsageRow } from '../../src/domain/usage';
import { apiClient, buildTestApp, DEMO, errorOf, type ApiResponse } from './helpers/app';
import { loginAs } from './helpers/login';
import {
  buildCompany,
  buildLicense,
  buildPackage,
  buildStores,
  buildUser,
  insertProcesses,
  integratorIdOf,
  type ProcessSpec,
} from './helpers/usage';

/** The server's today: 15 November 2026 in Germany, so the default range is 2025-11 … 2026-11. */
const NOW = new Date('2026-11-15T10:00:00Z');

const berlinMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' });
/** The test's own oracle of the Berlin month of an instant: "yyyy-MM". */
const monthOf = (at: Date) => berlinMonth.format(at).slice(0, 7);

type Client = ReturnType<typeof apiClient>;

describe('usage view (GET /api/company/{companyId}/usage, …/prepaid-package/{packageId}/consumption)', () => {
  let app: FastifyInstance;
  let admin: Client;
  let fotosoftAdmin: Client;
  let bildwerkAdmin: Client;
  let nordOwner: Client;
  let demoOwner: Client;
  let ids: {
    nord: string;
    sued: string;
    served: string;
    altona: string;
    eimsbuettel: string;
    fotosoftLicense: string;
    bildwerkLicense: string;
    pkg: string;
    longPkg: string;
    futurePkg: string;
    otherPkg: string;
  };
  /** Every process inserted for Nord, with its licence's studio and integrator. */
  const inserted: (ProcessSpec & { storeId: string; storeName: string; integrator: 'FOTOSOFT' | 'BILDWERK' })[] = [];

  beforeAll(async () => {
    app = await buildTestApp({}, { clock: () => NOW });
    const fotosoft = await integratorIdOf(app, 'FOTOSOFT');
    const bildwerk = await integratorIdOf(app, 'BILDWERK');
    const nord = await buildCompany(app, 'Nutzung Nord GmbH', ['Nord Altona', 'Nord Eimsbüttel', 'Nord Ohne Lizenz']);
    const [altona, eimsbuettel] = nord.stores;
    const sued = await buildCompany(app, 'Nutzung Süd GmbH');
    const served = await buildCompany(app, 'Nutzung Betreut GmbH', []);
    // Served by FotoSoft through the studio's integrator, though without a licence yet.
    await buildStores(app, served.company.id, ['Betreut Studio'], fotosoft);

    const fotosoftLicense = await buildLicense(app, {
      storeId: altona.id,
      companyId: nord.company.id,
      systemIntegratorId: fotosoft,
    });
    const bildwerkLicense = await buildLicense(app, {
      storeId: eimsbuettel.id,
      companyId: nord.company.id,
      systemIntegratorId: bildwerk,
    });
    const suedLicense = await buildLicense(app, {
      storeId: sued.stores[0].id,
      companyId: sued.company.id,
      systemIntegratorId: bildwerk,
    });
    // 14 units used from the package: 5 in September, 3 + 1 + 4 in October, 1 in November.
    const pkg = await buildPackage(app, {
      licenseId: fotosoftLicense.id,
      startDate: '2026-09-01',
      endDate: '2027-08-31',
      amount: 100,
      usedAmount: 14,
    });
    const bildwerkPkg = await buildPackage(app, {
      licenseId: bildwerkLicense.id,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      amount: 10,
      usedAmount: 2,
    });
    const longPkg = await buildPackage(app, {
      licenseId: fotosoftLicense.id,
      startDate: '2025-01-01',
      endDate: '2027-12-31',
      amount: 5,
    });
    const futurePkg = await buildPackage(app, {
      licenseId: fotosoftLicense.id,
      startDate: '2027-01-01',
      endDate: '2027-06-30',
      amount: 50,
    });
    const otherPkg = await buildPackage(app, {
      licenseId: suedLicense.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      amount: 50,
    });

    const altonaProcesses: ProcessSpec[] = [
      // 23:59 on 31 October 2025 in Berlin: before the default range.
      { at: '2025-10-31T22:59:00Z', postpaid: true, machineId: 'ALTONA-1' },
      // Midnight of 1 November 2025 in Berlin: the first instant of the default range.
      { at: '2025-10-31T23:00:00Z', postpaid: true, machineId: 'ALTONA-1' },
      { at: '2026-09-10T09:00:00Z', packageId: pkg.id, machineId: 'ALTONA-1', count: 5 },
      { at: '2026-09-10T09:30:00Z', postpaid: true, machineId: 'ALTONA-1', count: 2 },
      { at: '2026-09-10T10:00:00Z', packageId: pkg.id, machineId: 'ALTONA-1', status: 'Cancelled' },
      // 00:30 on 1 October in Berlin (summer time): an October process.
      { at: '2026-09-30T22:30:00Z', packageId: pkg.id, machineId: 'ALTONA-1' },
      { at: '2026-10-20T10:00:00Z', packageId: pkg.id, machineId: 'ALTONA-1', count: 3 },
      { at: '2026-10-20T11:00:00Z', packageId: pkg.id, machineId: 'ALTONA-1', status: 'Cancelled' },
      // The device was swapped: a second machine id on the same licence.
      { at: '2026-10-21T10:00:00Z', packageId: pkg.id, machineId: 'ALTONA-2', count: 4 },
      // 00:30 on 1 November in Berlin (winter time): a November process.
      { at: '2026-10-31T23:30:00Z', packageId: pkg.id, machineId: 'ALTONA-1' },
    ];
    const eimsbuettelProcesses: ProcessSpec[] = [
      { at: '2026-10-05T08:00:00Z', postpaid: true, machineId: 'EIMS-1', count: 6 },
      { at: '2026-10-05T09:00:00Z', postpaid: true, machineId: 'EIMS-1', status: 'Cancelled' },
      { at: '2026-11-02T08:00:00Z', packageId: bildwerkPkg.id, machineId: 'EIMS-1', count: 2 },
    ];
    await insertProcesses(app, fotosoftLicense, altonaProcesses);
    await insertProcesses(app, bildwerkLicense, eimsbuettelProcesses);
    await insertProcesses(app, suedLicense, [{ at: '2026-10-01T10:00:00Z', postpaid: true, count: 9 }]);
    inserted.push(
      ...altonaProcesses.map((p) => ({
        ...p,
        storeId: altona.id,
        storeName: altona.name,
        integrator: 'FOTOSOFT' as const,
      })),
      ...eimsbuettelProcesses.map((p) => ({
        ...p,
        storeId: eimsbuettel.id,
        storeName: eimsbuettel.name,
        integrator: 'BILDWERK' as const,
      })),
    );

    await buildUser(app, { email: 'inhaber@nutzung-nord.example', role: 'Owner', companyId: nord.company.id });
    const client = async (email: string) => apiClient(app, (await loginAs(app, email)).accessToken);
    admin = await client(DEMO.lumioAdmin);
    fotosoftAdmin = await client(DEMO.integrator);
    bildwerkAdmin = await client(DEMO.otherIntegrator);
    nordOwner = await client('inhaber@nutzung-nord.example');
    demoOwner = await client(DEMO.owner);
    ids = {
      nord: nord.company.id,
      sued: sued.company.id,
      served: served.company.id,
      altona: altona.id,
      eimsbuettel: eimsbuettel.id,
      fotosoftLicense: fotosoftLicense.id,
      bildwerkLicense: bildwerkLicense.id,
      pkg: pkg.id,
      longPkg: longPkg.id,
      futurePkg: futurePkg.id,
      otherPkg: otherPkg.id,
    };
  });
  afterAll(() => app.close());

  /** What the answer's rows must be: the inserted processes counted by the test's own rules. */
  function expectedRows(filter: (p: (typeof inserted)[number]) => boolean, from: string, to: string) {
    const rows = new Map<string, UsageRow>();
    for (const p of inserted.filter(filter)) {
      const month = monthOf(new Date(p.at));
      if (month < from || month > to) continue;
      const machineId = p.machineId ?? 'KASSE-1';
      const key = `${month}|${p.storeName}|${machineId}`;
      const row = rows.get(key) ?? {
        month,
        storeId: p.storeId,
        storeName: p.storeName,
        machineId,
        prepaid: 0,
        postpaid: 0,
        cancelled: 0,
        billable: 0,
      };
      const n = p.count ?? 1;
      if (p.status === 'Cancelled') row.cancelled += n;
      else if (p.postpaid) row.postpaid += n;
      else row.prepaid += n;
      row.billable = row.prepaid + row.postpaid;
      rows.set(key, row);
    }
    return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  }

  const usageOf = (res: ApiResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CompanyUsage;
  };

  describe('counts', () => {
    it('counts per Berlin month, studio and device exactly what was recorded, over the last 13 months by default', async () => {
      const usage = usageOf(await admin.get(`/api/company/${ids.nord}/usage`));
      expect(usage.from).toBe('2025-11');
      expect(usage.to).toBe('2026-11');
      expect(usage.months.map((m) => m.month)).toEqual([
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
        '2026-11',
      ]);
      expect(usage.rows).toEqual(expectedRows(() => true, '2025-11', '2026-11'));
      // The same, by hand: the boundaries of the Berlin months and the device swap.
      expect(usage.rows).toEqual([
        row('2025-11', 'Nord Altona', 'ALTONA-1', 0, 1, 0),
        row('2026-09', 'Nord Altona', 'ALTONA-1', 5, 2, 1),
        row('2026-10', 'Nord Altona', 'ALTONA-1', 4, 0, 1),
        row('2026-10', 'Nord Altona', 'ALTONA-2', 4, 0, 0),
        row('2026-10', 'Nord Eimsbüttel', 'EIMS-1', 0, 6, 1),
        row('2026-11', 'Nord Altona', 'ALTONA-1', 1, 0, 0),
        row('2026-11', 'Nord Eimsbüttel', 'EIMS-1', 2, 0, 0),
      ]);
      expect(usage.totals).toEqual({ prepaid: 16, postpaid: 9, cancelled: 3, billable: 25 });
      const october = usage.months.find((m) => m.month === '2026-10');
      expect(october).toEqual({ month: '2026-10', prepaid: 8, postpaid: 6, cancelled: 2, billable: 14 });
      expect(usage.months.find((m) => m.month === '2026-01')).toEqual({
        month: '2026-01',
        prepaid: 0,
        postpaid: 0,
        cancelled: 0,
        billable: 0,
      });
      // Studios with a licence only; the one without is no filter choice.
      expect(usage.stores).toEqual([
        { id: ids.altona, name: 'Nord Altona' },
        { id: ids.eimsbuettel, name: 'Nord Eimsbüttel' },
      ]);
      expect(usage).toMatchObject({ companyId: ids.nord, storeId: null, licenseId: null });
    });

    function row(
      month: string,
      storeName: string,
      machineId: string,
      prepaid: number,
      postpaid: number,
      cancelled: number,
    ) {
      const storeId = storeName === 'Nord Altona' ? ids.altona : ids.eimsbuettel;
      return { month, storeId, storeName, machineId, prepaid, postpaid, cancelled, billable: prepaid + postpaid };
    }

    it('never bills a cancelled process: billable is prepaid plus postpaid everywhere', async () => {
      const usage = usageOf(await admin.get(`/api/company/${ids.nord}/usage?from=2024-01&to=2026-12`));
      for (const counts of [...usage.rows, ...usage.months, usage.totals]) {
        expect(counts.billable).toBe(counts.prepaid + counts.postpaid);
      }
      expect(usage.totals.cancelled).toBe(3);
      expect(usage.rows).toEqual(expectedRows(() => true, '2024-01', '2026-12'));
    });

    it('takes a range: from and to included, the month before and after left out', async () => {
      const usage = usageOf(await admin.get(`/api/company/${ids.nord}/usage?from=2025-10&to=2025-11`));
      expect(usage.months).toEqual([
        { month: '2025-10', prepaid: 0, postpaid: 1, cancelled: 0, billable: 1 },
        { month: '2025-11', prepaid: 0, postpaid: 1, cancelled: 0, billable: 1 },
      ]);
      const one = usageOf(await admin.get(`/api/company/${ids.nord}/usage?from=2026-09&to=2026-09`));
      expect(one.rows).toEqual(expectedRows(() => true, '2026-09', '2026-09'));
    });

    it('narrows to one studio or one licence', async () => {
      const byStore = usageOf(await admin.get(`/api/company/${ids.nord}/usage?storeId=${ids.eimsbuettel}`));
      expect(byStore.storeId).toBe(ids.eimsbuettel);
      expect(byStore.rows).toEqual(expectedRows((p) => p.storeId === ids.eimsbuettel, '2025-11', '2026-11'));
      expect(byStore.totals).toEqual({ prepaid: 2, postpaid: 6, cancelled: 1, billable: 8 });
      // The studio choices stay complete, so the filter can be changed.
      expect(byStore.stores).toHaveLength(2);
      const byLicense = usageOf(await admin.get(`/api/company/${ids.nord}/usage?licenseId=${ids.fotosoftLicense}`));
      expect(byLicense.rows).toEqual(expectedRows((p) => p.integrator === 'FOTOSOFT', '2025-11', '2026-11'));
      // Another company's studio under this company finds nothing, and reveals nothing.
      const foreignStore = usageOf(await admin.get(`/api/company/${ids.sued}/usage?storeId=${ids.altona}`));
      expect(foreignStore.rows).toEqual([]);
    });
  });

  describe('scope', () => {
    it('shows the Owner its own company and refuses another company', async () => {
      const own = usageOf(await nordOwner.get(`/api/company/${ids.nord}/usage`));
      expect(own.rows).toEqual(expectedRows(() => true, '2025-11', '2026-11'));
      const foreign = await demoOwner.get(`/api/company/${ids.nord}/usage`);
      expect(foreign.statusCode).toBe(403);
      expect(errorOf(foreign).messages).toEqual(['Forbidden']);
    });

    it('shows a SystemIntegratorAdmin only the processes of its own licences', async () => {
      const fotosoft = usageOf(await fotosoftAdmin.get(`/api/company/${ids.nord}/usage`));
      expect(fotosoft.rows).toEqual(expectedRows((p) => p.integrator === 'FOTOSOFT', '2025-11', '2026-11'));
      expect(fotosoft.stores).toEqual([{ id: ids.altona, name: 'Nord Altona' }]);
      const bildwerk = usageOf(await bildwerkAdmin.get(`/api/company/${ids.nord}/usage`));
      expect(bildwerk.rows).toEqual(expectedRows((p) => p.integrator === 'BILDWERK', '2025-11', '2026-11'));
      expect(bildwerk.stores).toEqual([{ id: ids.eimsbuettel, name: 'Nord Eimsbüttel' }]);
      // Asking for the other integrator's licence or studio finds nothing.
      const otherLicense = usageOf(
        await fotosoftAdmin.get(`/api/company/${ids.nord}/usage?licenseId=${ids.bildwerkLicense}`),
      );
      expect(otherLicense.totals).toEqual({ prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 });
    });

    it('refuses a SystemIntegratorAdmin a company it does not serve, and serves one that names it on a studio', async () => {
      const notServed = await fotosoftAdmin.get(`/api/company/${ids.sued}/usage`);
      expect(notServed.statusCode).toBe(403);
      const unknown = await fotosoftAdmin.get('/api/company/00000000-0000-4000-8000-000000000000/usage');
      expect(unknown.statusCode).toBe(403);
      const served = usageOf(await fotosoftAdmin.get(`/api/company/${ids.served}/usage`));
      expect(served.rows).toEqual([]);
      expect(served.stores).toEqual([]);
    });

    it('shows LumioAdmin every company and answers an unknown one with 404', async () => {
      expect(usageOf(await admin.get(`/api/company/${ids.sued}/usage`)).totals.postpaid).toBe(9);
      const unknown = await admin.get('/api/company/00000000-0000-4000-8000-000000000000/usage');
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).messages).toEqual(['Not found']);
    });

    it.each([
      ['SystemAdmin', DEMO.systemAdmin],
      ['AccountAdministrator', DEMO.accountAdmin],
      ['Employee', DEMO.employee],
      ['an owner whose registration is unfinished', DEMO.unverifiedOwner],
    ])('refuses %s with 403', async (_who, email) => {
      const client = apiClient(app, (await loginAs(app, email)).accessToken);
      const res = await client.get(`/api/company/${ids.nord}/usage`);
      expect(res.statusCode).toBe(403);
      const consumption = await client.get(
        `/api/license/${ids.fotosoftLicense}/prepaid-package/${ids.pkg}/consumption`,
      );
      expect(consumption.statusCode).toBe(403);
    });

    it('refuses anonymous callers with 401', async () => {
      const anonymous = apiClient(app);
      expect((await anonymous.get(`/api/company/${ids.nord}/usage`)).statusCode).toBe(401);
      expect(
        (await anonymous.get(`/api/license/${ids.fotosoftLicense}/prepaid-package/${ids.pkg}/consumption`)).statusCode,
      ).toBe(401);
    });
  });

  describe('bad input', () => {
    it.each([
      ['to before from', 'from=2026-05&to=2026-04', 'to: Der letzte Monat darf nicht vor dem ersten liegen.'],
      ['37 months', 'from=2023-10&to=2026-10', 'to: Der Zeitraum darf höchstens 36 Monate umfassen.'],
      ['a from 47 months before today', 'from=2023-01', 'from: Der Zeitraum darf höchstens 36 Monate umfassen.'],
      ['month 13', 'from=2026-13', 'from: Bitte geben Sie einen Monat im Format JJJJ-MM an.'],
      ['a one-digit month', 'to=2026-1', 'to: Bitte geben Sie einen Monat im Format JJJJ-MM an.'],
      ['a whole date', 'from=2026-01-01', 'from: Bitte geben Sie einen Monat im Format JJJJ-MM an.'],
      ['SQL', "from=2026-01'%20OR%201=1--", 'from: Bitte geben Sie einen Monat im Format JJJJ-MM an.'],
    ])('refuses %s with 400', async (_what, query, message) => {
      const res = await admin.get(`/api/company/${ids.nord}/usage?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      const body = errorOf(res);
      expect(body.errorCode).toBe('VALIDATION_FAILED');
      expect(body.messages).toEqual([message]);
    });

    it.each(['0000-01', '0001-01', '1999-12', '2101-01'])(
      'refuses the month %s in from and in to with 400, never 5xx',
      async (month) => {
        for (const param of ['from', 'to']) {
          const res = await admin.get(`/api/company/${ids.nord}/usage?${param}=${month}`);
          expect(res.statusCode, res.body).toBe(400);
          expect(errorOf(res)).toMatchObject({
            errorCode: 'VALIDATION_FAILED',
            messages: [`${param}: Bitte geben Sie einen Monat zwischen Januar 2000 und Dezember 2100 an.`],
            status: 400,
          });
        }
      },
    );

    it('accepts the first and the last months of the portal calendar, 2000-01 and 2100-12', async () => {
      expect(usageOf(await admin.get(`/api/company/${ids.nord}/usage?from=2000-01&to=2000-12`)).months).toHaveLength(
        12,
      );
      expect(usageOf(await admin.get(`/api/company/${ids.nord}/usage?from=2100-01&to=2100-12`)).months).toHaveLength(
        12,
      );
      // A range that would start before 2000 by default starts in 2000-01.
      const first = usageOf(await admin.get(`/api/company/${ids.nord}/usage?to=2000-03`));
      expect([first.from, first.to, first.months.length]).toEqual(['2000-01', '2000-03', 3]);
    });

    it('accepts exactly 36 months', async () => {
      const usage = usageOf(await admin.get(`/api/company/${ids.nord}/usage?from=2023-11&to=2026-10`));
      expect(usage.months).toHaveLength(36);
    });

    it.each([
      ['a repeated from', 'from=2026-01&from=2026-02'],
      ['an unknown parameter', 'filter=Altona'],
      ['a malformed studio id', 'storeId=abc'],
      ['a malformed licence id', 'licenseId=abc'],
      ['an empty month', 'from='],
    ])('refuses %s with 400, never 5xx', async (_what, query) => {
      const res = await admin.get(`/api/company/${ids.nord}/usage?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
    });

    it('refuses a malformed company id with 400', async () => {
      const res = await admin.get('/api/company/nicht-eine-id/usage');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).messages).toEqual(['Invalid company id']);
    });
  });

  describe('package consumption', () => {
    const consumptionUrl = (licenseId: string, packageId: string, query = '') =>
      `/api/license/${licenseId}/prepaid-package/${packageId}/consumption${query}`;
    const consumptionOf = (res: ApiResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PackageConsumption;
    };

    it('counts the units used per Berlin day since the start, with what remained after each day', async () => {
      const c = consumptionOf(await nordOwner.get(consumptionUrl(ids.fotosoftLicense, ids.pkg, '?granularity=day')));
      expect(c).toMatchObject({
        packageId: ids.pkg,
        licenseId: ids.fotosoftLicense,
        startDate: '2026-09-01',
        endDate: '2027-08-31',
        amount: 100,
        usedAmount: 14,
        remainingAmount: 86,
        suspended: false,
        state: 'valid',
        granularity: 'day',
      });
      // 1 September to today, 15 November: 30 + 31 + 15 days.
      expect(c.points).toHaveLength(76);
      expect(c.points[0].date).toBe('2026-09-01');
      expect(c.points.at(-1)).toEqual({ date: '2026-11-15', used: 0, cancelled: 0, remaining: 86 });
      const on = (date: string) => c.points.find((p) => p.date === date);
      expect(on('2026-09-10')).toEqual({ date: '2026-09-10', used: 5, cancelled: 1, remaining: 95 });
      expect(on('2026-09-30')).toMatchObject({ used: 0, remaining: 95 });
      // 22:30 UTC on 30 September is 1 October in Berlin.
      expect(on('2026-10-01')).toEqual({ date: '2026-10-01', used: 1, cancelled: 0, remaining: 94 });
      expect(on('2026-10-20')).toEqual({ date: '2026-10-20', used: 3, cancelled: 1, remaining: 91 });
      expect(on('2026-10-21')).toEqual({ date: '2026-10-21', used: 4, cancelled: 0, remaining: 87 });
      expect(on('2026-11-01')).toEqual({ date: '2026-11-01', used: 1, cancelled: 0, remaining: 86 });
      expect(c.points.reduce((sum, p) => sum + p.used, 0)).toBe(14);
      expect(c.points[0].remaining).toBe(100);
    });

    it('goes per week (dated by Monday) for a package that has run longer than two months', async () => {
      const c = consumptionOf(await fotosoftAdmin.get(consumptionUrl(ids.fotosoftLicense, ids.pkg)));
      expect(c.granularity).toBe('week');
      // Monday 31 August to Monday 9 November: 11 weeks.
      expect(c.points.map((p) => p.date)[0]).toBe('2026-08-31');
      expect(c.points.at(-1)?.date).toBe('2026-11-09');
      expect(c.points).toHaveLength(11);
      expect(c.points.find((p) => p.date === '2026-09-28')).toEqual({
        date: '2026-09-28',
        used: 1,
        cancelled: 0,
        remaining: 94,
      });
      expect(c.points.find((p) => p.date === '2026-10-19')).toEqual({
        date: '2026-10-19',
        used: 7,
        cancelled: 1,
        remaining: 87,
      });
      expect(c.points.at(-1)?.remaining).toBe(86);
    });

    it('has no points for a package that has not started', async () => {
      const c = consumptionOf(await admin.get(consumptionUrl(ids.fotosoftLicense, ids.futurePkg)));
      expect(c.state).toBe('future');
      expect(c.points).toEqual([]);
    });

    it('refuses a daily view of more than 366 days, but gives the weekly one', async () => {
      const daily = await admin.get(consumptionUrl(ids.fotosoftLicense, ids.longPkg, '?granularity=day'));
      expect(daily.statusCode).toBe(400);
      expect(errorOf(daily).messages).toEqual([
        'granularity: Eine tägliche Ansicht umfasst höchstens 366 Tage; bitte wählen Sie die wöchentliche.',
      ]);
      const weekly = consumptionOf(await admin.get(consumptionUrl(ids.fotosoftLicense, ids.longPkg)));
      expect(weekly.granularity).toBe('week');
      expect(weekly.points.every((p) => p.used === 0 && p.remaining === 5)).toBe(true);
    });

    it('refuses another company’s owner and another integrator with 403', async () => {
      expect((await demoOwner.get(consumptionUrl(ids.fotosoftLicense, ids.pkg))).statusCode).toBe(403);
      expect((await bildwerkAdmin.get(consumptionUrl(ids.fotosoftLicense, ids.pkg))).statusCode).toBe(403);
    });

    it('answers 404 for an unknown licence and a package of another licence, 400 for malformed ids', async () => {
      const unknown = await admin.get(consumptionUrl('00000000-0000-4000-8000-000000000000', ids.pkg));
      expect(unknown.statusCode).toBe(404);
      const otherLicense = await admin.get(consumptionUrl(ids.fotosoftLicense, ids.otherPkg));
      expect(otherLicense.statusCode).toBe(404);
      const malformedLicense = await admin.get(consumptionUrl('abc', ids.pkg));
      expect(malformedLicense.statusCode).toBe(400);
      expect(errorOf(malformedLicense).messages).toEqual(['Invalid license id']);
      const malformedPackage = await admin.get(consumptionUrl(ids.fotosoftLicense, 'abc'));
      expect(malformedPackage.statusCode).toBe(400);
      expect(errorOf(malformedPackage).messages).toEqual(['Invalid prepaid package id']);
      for (const url of [
        consumptionUrl(ids.fotosoftLicense, ids.pkg, '?granularity=month'),
        consumptionUrl(ids.fotosoftLicense, ids.pkg, '?from=2026-01'),
      ]) {
        const res = await admin.get(url);
        expect(res.statusCode, url).toBe(400);
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      }
    });
  });
});
