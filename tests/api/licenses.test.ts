import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE_TEXTS, toGermanErrorText } from '../../src/domain/errorCatalogue';
import { LICENSE_KEY_PATTERN, LICENSE_VALIDATION_TEXTS, type License } from '../../src/domain/licenses';
import { licenses, resellers, stores } from '../../server/db/schema';
import { DEMO_LICENSE_KEYS, DEMO_MACHINE_IDS } from '../../server/db/seed-licenses';
import { ApiError } from '../../server/errors';
import { LICENSE_KEY_ATTEMPTS, randomLicenseKey, withUniqueKey } from '../../server/modules/licenses/license-key';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { demoClient, type Client } from './helpers/eid';
import { auditRowsOf, createLicence, licenceWorld, type LicenceWorld } from './helpers/licenses';
import { approvedOwner } from './helpers/owners';
import { snapshotTables } from './helpers/snapshot';

const UNKNOWN_ID = '6f1c8f0e-6b7e-4c1e-9a53-0d6c3f5b9a11';

interface Page<T> {
  pageIndex: number;
  pageSize: number;
  orderBy: string | null;
  filter: string | null;
  totalItemCount: number;
  items: T[];
}

describe('licences API', () => {
  let app: FastifyInstance;
  let w: LicenceWorld;
  const c = {} as Record<
    | 'integrator'
    | 'otherIntegrator'
    | 'lumioAdmin'
    | 'systemAdmin'
    | 'owner'
    | 'accountAdmin'
    | 'employee'
    | 'unverifiedOwner',
    Client
  >;
  let bildwerkReseller: { id: string };

  beforeAll(async () => {
    app = await buildTestApp();
    w = await licenceWorld(app);
    for (const key of [
      'integrator',
      'otherIntegrator',
      'lumioAdmin',
      'systemAdmin',
      'owner',
      'accountAdmin',
      'employee',
      'unverifiedOwner',
    ] as const) {
      c[key] = await demoClient(app, DEMO[key]);
    }
    [bildwerkReseller] = await app.db
      .insert(resellers)
      .values({ systemIntegratorId: w.bildwerk.id, name: 'Bildwerk Vertrieb' })
      .returning();
  });
  afterAll(() => app.close());

  const keys = (page: Page<License>) => page.items.map((item) => item.key).sort();
  const list = async (client: Client, query = '') => {
    const res = await client.get(`/api/license${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<License>;
  };
  const validBody = () => ({
    storeId: w.neukoelln.id,
    systemIntegratorId: w.fotosoft.id,
    resellerId: null,
    postpaidAllowed: false,
  });

  /** A refused request: the status and first message, and not one row changed. */
  async function expectRefused(send: () => ReturnType<Client['get']>, status: number, messages: string[]) {
    const before = await snapshotTables(app);
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect(errorOf(res).messages).toEqual(messages);
    expect(await snapshotTables(app)).toEqual(before);
  }

  describe('reading', () => {
    it('answers a licence in the License shape, with studio, integrator and reseller by name', async () => {
      const licence = w.demo.potsdamReseller;
      const res = await c.integrator.get(`/api/license/${licence.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: licence.id,
        key: DEMO_LICENSE_KEYS.potsdamReseller,
        companyId: w.sonnenschein.id,
        store: { id: w.potsdam.id, name: 'Sonnenschein Potsdam' },
        systemIntegrator: { id: w.fotosoft.id, name: 'FotoSoft GmbH' },
        reseller: { id: w.fotosoftReseller.id, name: 'Foto Express Handel GmbH' },
        postpaidAllowed: false,
        boundMachineId: DEMO_MACHINE_IDS.potsdamPc01,
        suspended: false,
        createdAt: licence.createdAt.toISOString(),
      });
    });

    it('lists the own integrator’s licences, the own company’s for the Owner, all for LumioAdmin', async () => {
      const demoKeys = Object.values(DEMO_LICENSE_KEYS).sort();
      for (const client of [c.integrator, c.owner, c.lumioAdmin]) {
        const page = await list(client);
        expect(page).toMatchObject({ pageIndex: 0, pageSize: 20, orderBy: null, filter: null, totalItemCount: 4 });
        expect(keys(page)).toEqual(demoKeys);
      }
      // Newest first by default.
      expect((await list(c.integrator)).items[0].key).toBe(DEMO_LICENSE_KEYS.potsdamReseller);
      expect((await list(c.otherIntegrator)).totalItemCount).toBe(0);
    });

    it('searches key and device id, sorts by the table’s columns and pages', async () => {
      expect(keys(await list(c.integrator, '?filter=hn02k'))).toEqual([DEMO_LICENSE_KEYS.neukoellnPostpaid]);
      expect(keys(await list(c.integrator, '?filter=potsdam-pc'))).toEqual([DEMO_LICENSE_KEYS.potsdamReseller]);
      expect((await list(c.integrator, '?filter=morgenrot')).totalItemCount).toBe(0);
      const byKey = await list(c.integrator, '?orderBy=key&pageSize=2&pageIndex=1');
      expect(byKey).toMatchObject({ totalItemCount: 4, pageIndex: 1, pageSize: 2, orderBy: 'key' });
      expect(byKey.items.map((l) => l.key)).toEqual([
        DEMO_LICENSE_KEYS.potsdamSuspended,
        DEMO_LICENSE_KEYS.potsdamReseller,
      ]);
      const byStore = await list(c.owner, `?orderBy=${encodeURIComponent('store.name desc')}`);
      expect(byStore.items.map((l) => l.store.name)).toEqual([
        'Sonnenschein Potsdam',
        'Sonnenschein Potsdam',
        'Sonnenschein Neukölln',
        'Sonnenschein Neukölln',
      ]);
      const suspendedFirst = await list(c.lumioAdmin, `?orderBy=${encodeURIComponent('suspended desc')}`);
      expect(suspendedFirst.items[0].key).toBe(DEMO_LICENSE_KEYS.potsdamSuspended);
      for (const orderBy of [
        'reseller.name',
        'systemIntegrator.name',
        'boundMachineId',
        'postpaidAllowed',
        'createdAt',
      ]) {
        expect((await c.integrator.get(`/api/license?orderBy=${orderBy}`)).statusCode).toBe(200);
      }
    });

    it.each(['orderBy=companyId', 'orderBy=key;drop', 'pageSize=101', 'storeId=1'])(
      'refuses the list query %s with 400',
      async (query) => {
        const res = await c.integrator.get(`/api/license?${query}`);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      },
    );

    it('lists a studio’s licences for its integrator, the Owner and LumioAdmin', async () => {
      const path = (companyId: string, storeId: string) => `/api/company/${companyId}/store/${storeId}/license`;
      for (const client of [c.integrator, c.owner, c.lumioAdmin]) {
        const res = await client.get(path(w.sonnenschein.id, w.neukoelln.id));
        expect(res.statusCode).toBe(200);
        expect(keys(res.json())).toEqual([DEMO_LICENSE_KEYS.neukoellnPc01, DEMO_LICENSE_KEYS.neukoellnPostpaid]);
      }
      const search = await c.owner.get(`${path(w.sonnenschein.id, w.potsdam.id)}?filter=gespr&orderBy=key`);
      expect(keys(search.json())).toEqual([DEMO_LICENSE_KEYS.potsdamSuspended]);
      // Mitte has no licence; the Owner and LumioAdmin read the empty list, FotoSoft does not serve it.
      expect((await c.owner.get(path(w.sonnenschein.id, w.mitte.id))).json().totalItemCount).toBe(0);
      expect((await c.lumioAdmin.get(path(w.sonnenschein.id, w.mitte.id))).statusCode).toBe(200);
      expect((await c.integrator.get(path(w.sonnenschein.id, w.mitte.id))).statusCode).toBe(403);
      expect((await c.otherIntegrator.get(path(w.sonnenschein.id, w.neukoelln.id))).statusCode).toBe(403);
      expect((await c.owner.get(path(w.morgenrot.id, w.morgenrotStudio.id))).statusCode).toBe(403);
      // A studio of another company under the own company's id, and an unknown one: 404.
      expect((await c.owner.get(path(w.sonnenschein.id, w.morgenrotStudio.id))).statusCode).toBe(404);
      expect((await c.lumioAdmin.get(path(w.sonnenschein.id, UNKNOWN_ID))).statusCode).toBe(404);
      const malformed = await c.owner.get(path(w.sonnenschein.id, 'studio-1'));
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).messages).toEqual(['Invalid store id']);
    });

    it('refuses another tenant’s licence with 403 and an unknown one with 404', async () => {
      const id = w.demo.neukoellnPc01.id;
      expect((await c.owner.get(`/api/license/${id}`)).statusCode).toBe(200);
      expect((await c.lumioAdmin.get(`/api/license/${id.toUpperCase()}`)).json().id).toBe(id);
      const foreign = await c.otherIntegrator.get(`/api/license/${id}`);
      expect(foreign.statusCode).toBe(403);
      expect(errorOf(foreign).messages).toEqual(['Forbidden']);
      const unknown = await c.integrator.get(`/api/license/${UNKNOWN_ID}`);
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).messages).toEqual(['Not found']);
      const malformed = await c.integrator.get('/api/license/SNNSC-HN01K');
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed)).toMatchObject({ errorCode: 'VALIDATION_FAILED', messages: ['Invalid license id'] });
    });

    it('refuses AccountAdministrator, Employee, SystemAdmin, unfinished registrations and anonymous callers', async () => {
      const id = w.demo.neukoellnPc01.id;
      for (const client of [c.accountAdmin, c.employee, c.systemAdmin, c.unverifiedOwner]) {
        for (const path of ['/api/license', `/api/license/${id}`, `/api/license/${id}/history`]) {
          expect((await client.get(path)).statusCode, path).toBe(403);
        }
      }
      const anonymous = await apiClient(app).get('/api/license');
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('createLicense (POST /api/license)', () => {
    it('creates a licence with a server-generated key, active and unbound, and records who did it', async () => {
      const res = await c.integrator.post('/api/license', { ...validBody(), postpaidAllowed: true });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as License;
      expect(created).toEqual({
        id: expect.any(String),
        key: expect.stringMatching(LICENSE_KEY_PATTERN),
        companyId: w.sonnenschein.id,
        store: { id: w.neukoelln.id, name: 'Sonnenschein Neukölln' },
        systemIntegrator: { id: w.fotosoft.id, name: 'FotoSoft GmbH' },
        reseller: null,
        postpaidAllowed: true,
        boundMachineId: null,
        suspended: false,
        createdAt: expect.any(String),
      });
      expect((await c.owner.get(`/api/license/${created.id}`)).json()).toEqual(created);
      const [row] = await auditRowsOf(app, 'license', created.id);
      expect(row).toMatchObject({
        action: 'license.created',
        actorEmail: DEMO.integrator,
        actorRole: 'SystemIntegratorAdmin',
        before: null,
        after: {
          key: created.key,
          storeId: w.neukoelln.id,
          companyId: w.sonnenschein.id,
          systemIntegratorId: w.fotosoft.id,
          resellerId: null,
          postpaidAllowed: true,
          boundMachineId: null,
          suspended: false,
        },
      });
    });

    it('takes a licence without the reseller field as one with no reseller (issue 25: optional)', async () => {
      const { resellerId: _left, ...withoutReseller } = validBody();
      const res = await c.integrator.post('/api/license', withoutReseller);
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as License).reseller).toBeNull();
    });

    it('takes one of the own resellers, ids in any case', async () => {
      const created = await createLicence(c.integrator, {
        storeId: w.potsdam.id.toUpperCase(),
        systemIntegratorId: w.fotosoft.id.toUpperCase(),
        resellerId: w.fotosoftReseller.id.toUpperCase(),
      });
      expect(created.reseller).toEqual({ id: w.fotosoftReseller.id, name: 'Foto Express Handel GmbH' });
      expect(created.store.id).toBe(w.potsdam.id);
    });

    it('gives every licence its own key of five groups of Crockford base32', async () => {
      const created = await Promise.all(Array.from({ length: 12 }, () => createLicence(c.integrator, validBody())));
      const all = await app.db.select({ key: licenses.key }).from(licenses);
      expect(new Set(all.map((l) => l.key)).size).toBe(all.length);
      for (const { key } of created) expect(key).toMatch(LICENSE_KEY_PATTERN);
    });

    it('refuses a studio the own integrator does not serve with 403', async () => {
      await expectRefused(() => c.integrator.post('/api/license', { ...validBody(), storeId: w.mitte.id }), 403, [
        'Forbidden',
      ]);
      await expectRefused(
        () => c.integrator.post('/api/license', { ...validBody(), storeId: w.morgenrotStudio.id }),
        403,
        ['Forbidden'],
      );
      await expectRefused(
        () => c.otherIntegrator.post('/api/license', { ...validBody(), systemIntegratorId: w.bildwerk.id }),
        403,
        ['Forbidden'],
      );
    });

    it('refuses another integrator’s id with 403, its reseller and an unknown studio with 400', async () => {
      await expectRefused(
        () => c.integrator.post('/api/license', { ...validBody(), systemIntegratorId: w.bildwerk.id }),
        403,
        ['Forbidden'],
      );
      await expectRefused(
        () => c.integrator.post('/api/license', { ...validBody(), resellerId: bildwerkReseller.id }),
        400,
        ['resellerId: Invalid reseller id'],
      );
      await expectRefused(() => c.integrator.post('/api/license', { ...validBody(), resellerId: UNKNOWN_ID }), 400, [
        'resellerId: Invalid reseller id',
      ]);
      await expectRefused(() => c.integrator.post('/api/license', { ...validBody(), storeId: UNKNOWN_ID }), 400, [
        'storeId: Invalid store id',
      ]);
    });

    it.each([
      ['no studio', { storeId: undefined }, 'storeId'],
      ['a malformed studio id', { storeId: 'neukoelln' }, 'storeId'],
      ['no postpaid flag', { postpaidAllowed: undefined }, 'postpaidAllowed'],
      ['postpaid as text', { postpaidAllowed: 'ja' }, 'postpaidAllowed'],
      ['a malformed reseller id', { resellerId: 'fotoexpress' }, 'resellerId'],
      ['a key of its own', { key: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA' }, 'key'],
    ])('refuses %s with 400 and writes nothing', async (_case, change, field) => {
      const before = await snapshotTables(app);
      const res = await c.integrator.post('/api/license', { ...validBody(), ...change });
      expect(res.statusCode).toBe(400);
      const body = errorOf(res);
      expect(body.errorCode).toBe('VALIDATION_FAILED');
      expect(body.messages.join(' ')).toContain(field);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('is refused to LumioAdmin, the Owner and everyone else but the integrator', async () => {
      for (const client of [c.lumioAdmin, c.owner, c.accountAdmin, c.employee, c.systemAdmin]) {
        await expectRefused(() => client.post('/api/license', validBody()), 403, ['Forbidden']);
      }
    });
  });

  describe('updateLicense (PUT /api/license/{id})', () => {
    let licence: License;
    beforeAll(async () => {
      licence = await createLicence(c.integrator, validBody());
    });
    const put = (client: Client, body: unknown, id = licence.id) => client.put(`/api/license/${id}`, body);

    it('binds a device, allows postpaid, suspends and unbinds, each with an audit row', async () => {
      const bound = await put(c.integrator, {
        postpaidAllowed: true,
        boundMachineId: 'STUDIO-NEU-PC:7',
        suspended: false,
      });
      expect(bound.statusCode, bound.body).toBe(200);
      expect(bound.json()).toEqual({ ...licence, postpaidAllowed: true, boundMachineId: 'STUDIO-NEU-PC:7' });
      const [stored] = await app.db.select().from(licenses).where(eq(licenses.id, licence.id));
      expect(stored.boundAt).toBeInstanceOf(Date);

      const suspended = await put(c.integrator, { postpaidAllowed: true, boundMachineId: null, suspended: true });
      expect(suspended.json()).toMatchObject({ boundMachineId: null, suspended: true, postpaidAllowed: true });
      const [unbound] = await app.db.select().from(licenses).where(eq(licenses.id, licence.id));
      expect(unbound.boundAt).toBeNull();

      // Saving the same again is no change.
      expect(
        (await put(c.integrator, { postpaidAllowed: true, boundMachineId: null, suspended: true })).statusCode,
      ).toBe(200);
      const rows = await auditRowsOf(app, 'license', licence.id);
      expect(rows.map((r) => r.action)).toEqual(['license.created', 'license.updated', 'license.updated']);
      expect(rows[2]).toMatchObject({
        actorEmail: DEMO.integrator,
        before: { boundMachineId: 'STUDIO-NEU-PC:7', suspended: false, postpaidAllowed: true },
        after: { boundMachineId: null, suspended: true, postpaidAllowed: true },
      });

      const history = await c.integrator.get(`/api/license/${licence.id}/history`);
      expect(history.statusCode).toBe(200);
      const page = history.json() as {
        totalItemCount: number;
        items: { action: string; actor: { name: string; role: string }; entityType: string; changes: unknown[] }[];
      };
      expect(page.totalItemCount).toBe(3);
      expect(page.items.map((i) => i.action)).toEqual(['license.updated', 'license.updated', 'license.created']);
      expect(page.items[0]).toMatchObject({
        entityType: 'license',
        entityId: licence.id,
        actor: { name: 'Ingo Integrator', role: 'SystemIntegratorAdmin' },
      });
      // jsonb keeps its own key order: the two changes in any order.
      expect(page.items[0].changes).toHaveLength(2);
      expect(page.items[0].changes).toEqual(
        expect.arrayContaining([
          { field: 'boundMachineId', before: 'STUDIO-NEU-PC:7', after: null },
          { field: 'suspended', before: false, after: true },
        ]),
      );
      // The Owner and LumioAdmin read it; another integrator does not.
      expect((await c.owner.get(`/api/license/${licence.id}/history?pageSize=1`)).json().items).toHaveLength(1);
      expect((await c.lumioAdmin.get(`/api/license/${licence.id}/history`)).statusCode).toBe(200);
      expect((await c.otherIntegrator.get(`/api/license/${licence.id}/history`)).statusCode).toBe(403);
    });

    it('refuses a device id the device API could not send, and unknown fields', async () => {
      const base = { postpaidAllowed: false, suspended: false };
      await expectRefused(() => put(c.integrator, { ...base, boundMachineId: 'pc 01' }), 400, [
        `boundMachineId: ${LICENSE_VALIDATION_TEXTS.machineIdInvalid}`,
      ]);
      await expectRefused(() => put(c.integrator, { ...base, boundMachineId: 'x'.repeat(129) }), 400, [
        `boundMachineId: ${LICENSE_VALIDATION_TEXTS.machineIdInvalid}`,
      ]);
      const extra = await put(c.integrator, { ...base, boundMachineId: null, key: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA' });
      expect(extra.statusCode).toBe(400);
      const missing = await put(c.integrator, { postpaidAllowed: false, suspended: false });
      expect(missing.statusCode).toBe(400);
    });

    it('refuses another integrator, LumioAdmin and the Owner; unknown is 404, malformed 400', async () => {
      const body = { postpaidAllowed: false, boundMachineId: null, suspended: false };
      for (const client of [c.otherIntegrator, c.lumioAdmin, c.owner]) {
        await expectRefused(() => put(client, body), 403, ['Forbidden']);
      }
      await expectRefused(() => put(c.integrator, body, UNKNOWN_ID), 404, ['Not found']);
      await expectRefused(() => put(c.integrator, body, 'x'), 400, ['Invalid license id']);
    });
  });

  describe('the SystemIntegratorAdmin’s companies and studios (licence screens)', () => {
    it('lists the companies with a studio its integrator serves', async () => {
      const page = (await c.integrator.get('/api/company')).json();
      expect(page.totalItemCount).toBe(1);
      expect(page.items[0]).toMatchObject({
        id: w.sonnenschein.id,
        name: 'Fotostudio Sonnenschein GmbH',
        legalForm: 'GmbH',
      });
      expect((await c.otherIntegrator.get('/api/company')).json().totalItemCount).toBe(0);
      expect((await c.integrator.get(`/api/company/${w.sonnenschein.id}`)).statusCode).toBe(200);
      expect((await c.integrator.get(`/api/company/${w.morgenrot.id}`)).statusCode).toBe(403);
      expect((await c.otherIntegrator.get(`/api/company/${w.sonnenschein.id}`)).statusCode).toBe(403);
    });

    it('lists only the studios its integrator serves', async () => {
      const page = (await c.integrator.get(`/api/company/${w.sonnenschein.id}/store`)).json();
      expect(page.items.map((s: { name: string }) => s.name)).toEqual([
        'Sonnenschein Neukölln',
        'Sonnenschein Potsdam',
      ]);
      expect(page.items[0]).toMatchObject({ address: 'Sonnenallee 12, 12045 Berlin', country: 'Deutschland' });
      expect((await c.owner.get(`/api/company/${w.sonnenschein.id}/store`)).json().totalItemCount).toBe(3);
      expect((await c.integrator.get(`/api/company/${w.sonnenschein.id}/store/${w.neukoelln.id}`)).statusCode).toBe(
        200,
      );
      expect((await c.integrator.get(`/api/company/${w.sonnenschein.id}/store/${w.mitte.id}`)).statusCode).toBe(403);
      expect((await c.integrator.get(`/api/company/${w.morgenrot.id}/store`)).statusCode).toBe(403);
    });
  });

  describe('what licences keep', () => {
    it('refuses to delete a studio with licences: 409 with its own German text, nothing changes', async () => {
      await expectRefused(() => c.owner.delete(`/api/company/${w.sonnenschein.id}/store/${w.potsdam.id}`), 409, [
        'Store has licenses',
      ]);
      expect(toGermanErrorText({ messages: ['Store has licenses'] })).toBe(SERVER_MESSAGE_TEXTS.storeHasLicenses);
      expect(SERVER_MESSAGE_TEXTS.storeHasLicenses).toContain('Lizenzen');
    });

    it('refuses to delete a company whose studio has a licence: 409, nobody is removed', async () => {
      const owner = await approvedOwner(app);
      await app.db
        .update(stores)
        .set({ systemIntegratorId: w.fotosoft.id })
        .where(eq(stores.companyId, owner.companyId));
      const [studio] = await app.db.select().from(stores).where(eq(stores.companyId, owner.companyId));
      await createLicence(c.integrator, { storeId: studio.id, systemIntegratorId: w.fotosoft.id });
      await expectRefused(() => apiClient(app, owner.accessToken).delete(`/api/company/${owner.companyId}`), 409, [
        'Company has licenses',
      ]);
      expect(toGermanErrorText({ messages: ['Company has licenses'] })).toBe(SERVER_MESSAGE_TEXTS.companyHasLicenses);
      // The owner can still sign in and use the API.
      expect((await apiClient(app, owner.accessToken).get('/api/self')).statusCode).toBe(200);
    });

    it('refuses to delete a reseller named on a licence', async () => {
      await expectRefused(
        () => c.integrator.delete(`/api/system-integrator/${w.fotosoft.id}/reseller/${w.fotosoftReseller.id}`),
        409,
        ['Reseller in use'],
      );
    });
  });
});

describe('licence keys', () => {
  it('are drawn at random in the documented format', () => {
    const drawn = Array.from({ length: 200 }, randomLicenseKey);
    for (const key of drawn) expect(key).toMatch(LICENSE_KEY_PATTERN);
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('are drawn again when the unique index already has one', async () => {
    const tried: string[] = [];
    const taken = new Set(['A', 'B']);
    const keys = ['A', 'B', 'C'];
    const result = await withUniqueKey(
      async (key) => {
        tried.push(key);
        return taken.has(key) ? undefined : key;
      },
      () => keys.shift()!,
    );
    expect(result).toBe('C');
    expect(tried).toEqual(['A', 'B', 'C']);
  });

  it("give up after a few taken keys with 'Unique license key could not be generated'", async () => {
    let attempts = 0;
    const failing = withUniqueKey(
      async () => {
        attempts += 1;
        return undefined;
      },
      () => 'TAKEN',
    );
    await expect(failing).rejects.toBeInstanceOf(ApiError);
    await expect(failing).rejects.toMatchObject({
      status: 503,
      messages: ['Unique license key could not be generated'],
    });
    expect(attempts).toBe(LICENSE_KEY_ATTEMPTS);
    expect(toGermanErrorText({ messages: ['Unique license key could not be generated'] })).toContain(
      'Bitte versuchen Sie es erneut',
    );
  });
});
