import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, systemIntegrators } from '../../server/db/schema';
import { DEMO_RESELLERS } from '../../server/db/seed';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { demoClient, type Client } from './helpers/eid';
import { snapshotTables } from './helpers/snapshot';

const UNKNOWN_ID = '6f1c8f0e-6b7e-4c1e-9a53-0d6c3f5b9a11';

interface Page {
  totalItemCount: number;
  pageIndex: number;
  pageSize: number;
  orderBy: string | null;
  filter: string | null;
  items: { id: string; name: string }[];
}

describe('resellers API', () => {
  let app: FastifyInstance;
  /** integrator@fotosoft.example, SystemIntegratorAdmin of FotoSoft. */
  let fotosoftAdmin: Client;
  /** A SystemIntegratorAdmin of Bildwerk: the other integrator. */
  let bildwerkAdmin: Client;
  let lumioAdmin: Client;
  let fotosoft: string;
  let bildwerk: string;
  const base = (integratorId: string) => `/api/system-integrator/${integratorId}/reseller`;
  const names = (page: Page) => page.items.map((item) => item.name);

  beforeAll(async () => {
    app = await buildTestApp();
    const integratorId = async (code: string) =>
      (await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, code)))[0].id;
    fotosoft = await integratorId('FOTOSOFT');
    bildwerk = await integratorId('BILDWERK');
    fotosoftAdmin = await demoClient(app, DEMO.integrator);
    lumioAdmin = await demoClient(app, DEMO.lumioAdmin);
    bildwerkAdmin = await demoClient(app, DEMO.otherIntegrator);
  });
  afterAll(() => app.close());

  async function auditOf(resellerId: string) {
    return app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'reseller'), eq(auditEvents.entityId, resellerId)))
      .orderBy(asc(auditEvents.at));
  }

  async function create(client: Client, integratorId: string, name: string) {
    const res = await client.post(base(integratorId), { name });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; name: string };
  }

  describe('reading', () => {
    it("lists the integrator's own resellers, sorted by name, with the paging answer", async () => {
      const res = await fotosoftAdmin.get(base(fotosoft));
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      expect(page).toMatchObject({ pageIndex: 0, pageSize: 20, orderBy: null, filter: null, totalItemCount: 3 });
      expect(names(page)).toEqual([...DEMO_RESELLERS].sort());
      expect(Object.keys(page.items[0]).sort()).toEqual(['id', 'name']);
    });

    it('reads one reseller of the own integrator', async () => {
      const [first] = ((await fotosoftAdmin.get(base(fotosoft))).json() as Page).items;
      const res = await fotosoftAdmin.get(`${base(fotosoft)}/${first.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(first);
    });

    it("lets LumioAdmin read every integrator's resellers", async () => {
      const page = (await lumioAdmin.get(base(fotosoft))).json() as Page;
      expect(page.totalItemCount).toBe(3);
      const one = await lumioAdmin.get(`${base(fotosoft)}/${page.items[0].id}`);
      expect(one.json()).toEqual(page.items[0]);
      expect(((await lumioAdmin.get(base(bildwerk))).json() as Page).totalItemCount).toBe(0);
    });

    it("answers an unknown integrator's list with 404 'Unknown system integrator'", async () => {
      const res = await lumioAdmin.get(base(UNKNOWN_ID));
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).messages).toEqual(['Unknown system integrator']);
    });

    it('answers an unknown reseller with 404', async () => {
      const res = await fotosoftAdmin.get(`${base(fotosoft)}/${UNKNOWN_ID}`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).messages).toEqual(['Not found']);
    });

    it.each(['not-a-uuid', 'FOTOSOFT'])(
      "answers the malformed integrator id %s with 'Invalid system integrator id'",
      async (id) => {
        const res = await lumioAdmin.get(base(id));
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({
          errorCode: 'VALIDATION_FAILED',
          messages: ['Invalid system integrator id'],
        });
      },
    );

    it("answers a malformed reseller id with 'Invalid reseller id', for every method", async () => {
      const target = `${base(fotosoft)}/reseller-1`;
      for (const res of [
        await fotosoftAdmin.get(target),
        await fotosoftAdmin.put(target, { name: 'Neu' }),
        await fotosoftAdmin.delete(target),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({ errorCode: 'VALIDATION_FAILED', messages: ['Invalid reseller id'] });
      }
    });
  });

  describe('paging, search and sort', () => {
    beforeAll(async () => {
      // 23 resellers of Bildwerk: two pages of 20.
      for (let i = 1; i <= 23; i += 1) {
        await create(bildwerkAdmin, bildwerk, `Bildwerk Partner ${String(i).padStart(2, '0')}`);
      }
      await create(bildwerkAdmin, bildwerk, 'Zentrale 50% Rabatt');
    });

    it('pages 20 to a page with the total', async () => {
      const first = (await bildwerkAdmin.get(base(bildwerk))).json() as Page;
      expect(first.totalItemCount).toBe(24);
      expect(first.items).toHaveLength(20);
      expect(first.items[0].name).toBe('Bildwerk Partner 01');
      const second = (await bildwerkAdmin.get(`${base(bildwerk)}?pageIndex=1`)).json() as Page;
      expect(names(second)).toEqual([
        'Bildwerk Partner 21',
        'Bildwerk Partner 22',
        'Bildwerk Partner 23',
        'Zentrale 50% Rabatt',
      ]);
    });

    it('sorts by name descending', async () => {
      const page = (await bildwerkAdmin.get(`${base(bildwerk)}?orderBy=name%20desc&pageSize=2`)).json() as Page;
      expect(page.orderBy).toBe('name desc');
      expect(names(page)).toEqual(['Zentrale 50% Rabatt', 'Bildwerk Partner 23']);
    });

    it('searches the name without regard to case and resets nothing else', async () => {
      const page = (await bildwerkAdmin.get(`${base(bildwerk)}?filter=PARTNER%201`)).json() as Page;
      expect(page.filter).toBe('PARTNER 1');
      expect(page.totalItemCount).toBe(10);
      expect(names(page)[0]).toBe('Bildwerk Partner 10');
    });

    it('treats LIKE wildcards in the search as plain text', async () => {
      const percent = (await bildwerkAdmin.get(`${base(bildwerk)}?filter=50%25`)).json() as Page;
      expect(names(percent)).toEqual(['Zentrale 50% Rabatt']);
      const underscore = (await bildwerkAdmin.get(`${base(bildwerk)}?filter=_`)).json() as Page;
      expect(underscore.totalItemCount).toBe(0);
    });

    it('counts again after a change (the cached total follows the table)', async () => {
      const before = ((await bildwerkAdmin.get(base(bildwerk))).json() as Page).totalItemCount;
      const created = await create(bildwerkAdmin, bildwerk, 'Bildwerk Zählung');
      expect(((await bildwerkAdmin.get(base(bildwerk))).json() as Page).totalItemCount).toBe(before + 1);
      expect((await bildwerkAdmin.delete(`${base(bildwerk)}/${created.id}`)).statusCode).toBe(204);
      expect(((await bildwerkAdmin.get(base(bildwerk))).json() as Page).totalItemCount).toBe(before);
    });

    it('keeps each integrator to its own resellers in list and search', async () => {
      const search = (await fotosoftAdmin.get(`${base(fotosoft)}?filter=bildwerk`)).json() as Page;
      expect(search.totalItemCount).toBe(0);
    });

    it.each([
      ['orderBy=code', 'orderBy'],
      ['orderBy=name;drop table resellers', 'orderBy'],
      ['pageSize=101', 'pageSize'],
      ['pageIndex=-1', 'pageIndex'],
      ['unknown=1', 'unknown'],
    ])('refuses the query %s with a validation error', async (query, field) => {
      const res = await bildwerkAdmin.get(`${base(bildwerk)}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      expect(errorOf(res).messages[0]).toContain(field);
    });
  });

  describe('creating, renaming and deleting', () => {
    it('creates a reseller with the trimmed name and writes reseller.created', async () => {
      const created = await create(fotosoftAdmin, fotosoft, '  Neuer Partner GmbH ');
      expect(created).toEqual({ id: expect.any(String), name: 'Neuer Partner GmbH' });
      expect((await fotosoftAdmin.get(`${base(fotosoft)}/${created.id}`)).json()).toEqual(created);
      const [audit] = await auditOf(created.id);
      expect(audit).toMatchObject({
        action: 'reseller.created',
        entityType: 'reseller',
        actorEmail: DEMO.integrator,
        actorRole: 'SystemIntegratorAdmin',
        companyId: null,
        before: null,
        after: { name: 'Neuer Partner GmbH', systemIntegratorId: fotosoft },
      });
    });

    it('renames a reseller and writes reseller.updated with before and after', async () => {
      const created = await create(fotosoftAdmin, fotosoft, 'Umbenennen GmbH');
      const res = await fotosoftAdmin.put(`${base(fotosoft)}/${created.id}`, { name: ' Umbenannt GmbH ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: created.id, name: 'Umbenannt GmbH' });
      const audits = await auditOf(created.id);
      expect(audits.map((a) => a.action)).toEqual(['reseller.created', 'reseller.updated']);
      expect(audits[1]).toMatchObject({
        before: { name: 'Umbenennen GmbH', systemIntegratorId: fotosoft },
        after: { name: 'Umbenannt GmbH', systemIntegratorId: fotosoft },
      });
    });

    it('saves an unchanged name without an audit row', async () => {
      const created = await create(fotosoftAdmin, fotosoft, 'Gleich bleibt GmbH');
      const res = await fotosoftAdmin.put(`${base(fotosoft)}/${created.id}`, { name: 'Gleich bleibt GmbH' });
      expect(res.statusCode).toBe(200);
      expect((await auditOf(created.id)).map((a) => a.action)).toEqual(['reseller.created']);
    });

    it('lets a rename change only the case of the own name', async () => {
      const created = await create(fotosoftAdmin, fotosoft, 'kleinschreibung gmbh');
      const res = await fotosoftAdmin.put(`${base(fotosoft)}/${created.id}`, { name: 'Kleinschreibung GmbH' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Kleinschreibung GmbH' });
    });

    it('deletes a reseller and writes reseller.deleted', async () => {
      const created = await create(fotosoftAdmin, fotosoft, 'Löschen GmbH');
      const res = await fotosoftAdmin.delete(`${base(fotosoft)}/${created.id}`);
      expect(res.statusCode).toBe(204);
      expect((await fotosoftAdmin.get(`${base(fotosoft)}/${created.id}`)).statusCode).toBe(404);
      const audits = await auditOf(created.id);
      expect(audits.map((a) => a.action)).toEqual(['reseller.created', 'reseller.deleted']);
      expect(audits[1]).toMatchObject({ before: { name: 'Löschen GmbH', systemIntegratorId: fotosoft }, after: null });
      const again = await fotosoftAdmin.delete(`${base(fotosoft)}/${created.id}`);
      expect(again.statusCode).toBe(404);
    });

    it.each([
      ['the same name', 'Foto Express Handel GmbH'],
      ['the same name in another case', 'FOTO EXPRESS handel gmbh'],
      ['the same name with spaces around it', '  Foto Express Handel GmbH  '],
    ])("refuses %s within one integrator with 409 'Reseller name already in use'", async (_case, name) => {
      const before = await snapshotTables(app);
      const res = await fotosoftAdmin.post(base(fotosoft), { name });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).messages).toEqual(['Reseller name already in use']);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it("refuses renaming to another reseller's name with 409 and changes nothing", async () => {
      const created = await create(fotosoftAdmin, fotosoft, 'Doppelt-Test GmbH');
      const before = await snapshotTables(app);
      const res = await fotosoftAdmin.put(`${base(fotosoft)}/${created.id}`, { name: 'passbild-service nord' });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).messages).toEqual(['Reseller name already in use']);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('allows the same name at another integrator', async () => {
      const created = await create(bildwerkAdmin, bildwerk, 'Foto Express Handel GmbH');
      expect(created.name).toBe('Foto Express Handel GmbH');
    });

    it.each([
      [{ name: '' }, 'name: Bitte geben Sie einen Namen ein.'],
      [{ name: '    ' }, 'name: Bitte geben Sie einen Namen ein.'],
      [{}, 'name: Bitte geben Sie einen Namen ein.'],
      [{ name: 42 }, 'name: Bitte geben Sie einen Namen ein.'],
      [{ name: 'x'.repeat(201) }, 'name: Der Name darf höchstens 200 Zeichen lang sein.'],
      [{ name: 'Foto\u0000Partner' }, 'name: Steuerzeichen, unsichtbare Zeichen und Zeilentrenner sind nicht erlaubt.'],
      [{ name: 'Partner', systemIntegratorId: UNKNOWN_ID }, 'systemIntegratorId: Unbekanntes Feld'],
    ])(
      'refuses the body %j with 400 VALIDATION_FAILED, on create and rename, writing nothing',
      async (body, message) => {
        const [existing] = ((await fotosoftAdmin.get(base(fotosoft))).json() as Page).items;
        const before = await snapshotTables(app);
        for (const res of [
          await fotosoftAdmin.post(base(fotosoft), body),
          await fotosoftAdmin.put(`${base(fotosoft)}/${existing.id}`, body),
        ]) {
          expect(res.statusCode).toBe(400);
          expect(errorOf(res)).toMatchObject({ errorCode: 'VALIDATION_FAILED', messages: [message] });
        }
        expect(await snapshotTables(app)).toEqual(before);
      },
    );

    it('accepts a name of exactly 200 characters', async () => {
      const created = await create(fotosoftAdmin, fotosoft, 'y'.repeat(200));
      expect(created.name).toHaveLength(200);
    });
  });

  describe('another integrator', () => {
    let bildwerkReseller: { id: string; name: string };
    let fotosoftReseller: { id: string; name: string };

    beforeAll(async () => {
      bildwerkReseller = await create(bildwerkAdmin, bildwerk, 'Nur Bildwerk GmbH');
      fotosoftReseller = await create(fotosoftAdmin, fotosoft, 'Nur FotoSoft GmbH');
    });

    it("refuses every call under another integrator's id with 403 and changes nothing", async () => {
      const before = await snapshotTables(app);
      const one = `${base(bildwerk)}/${bildwerkReseller.id}`;
      for (const res of [
        await fotosoftAdmin.get(base(bildwerk)),
        await fotosoftAdmin.get(one),
        await fotosoftAdmin.post(base(bildwerk), { name: 'Eindringling GmbH' }),
        await fotosoftAdmin.put(one, { name: 'Übernommen GmbH' }),
        await fotosoftAdmin.delete(one),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).messages).toEqual(['Forbidden']);
      }
      expect(await snapshotTables(app)).toEqual(before);
      expect((await bildwerkAdmin.get(one)).json()).toEqual(bildwerkReseller);
    });

    it("answers another integrator's reseller under the own id with 404 and changes nothing", async () => {
      const before = await snapshotTables(app);
      const smuggled = `${base(fotosoft)}/${bildwerkReseller.id}`;
      for (const res of [
        await fotosoftAdmin.get(smuggled),
        await fotosoftAdmin.put(smuggled, { name: 'Übernommen GmbH' }),
        await fotosoftAdmin.delete(smuggled),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).messages).toEqual(['Not found']);
      }
      expect(await snapshotTables(app)).toEqual(before);
      expect((await bildwerkAdmin.get(`${base(bildwerk)}/${bildwerkReseller.id}`)).json()).toEqual(bildwerkReseller);
    });

    it('works the same the other way round', async () => {
      const before = await snapshotTables(app);
      expect((await bildwerkAdmin.get(base(fotosoft))).statusCode).toBe(403);
      expect((await bildwerkAdmin.delete(`${base(fotosoft)}/${fotosoftReseller.id}`)).statusCode).toBe(403);
      expect((await bildwerkAdmin.delete(`${base(bildwerk)}/${fotosoftReseller.id}`)).statusCode).toBe(404);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('lets LumioAdmin change nothing', async () => {
      const before = await snapshotTables(app);
      const one = `${base(fotosoft)}/${fotosoftReseller.id}`;
      for (const res of [
        await lumioAdmin.post(base(fotosoft), { name: 'Lumio GmbH' }),
        await lumioAdmin.put(one, { name: 'Lumio GmbH' }),
        await lumioAdmin.delete(one),
      ]) {
        expect(res.statusCode).toBe(403);
      }
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses anonymous calls with 401', async () => {
      const res = await apiClient(app).get(base(fotosoft));
      expect(res.statusCode).toBe(401);
    });
  });

  describe('a reseller named on a licence (ready for issue 13)', () => {
    // Issue 13's licence table references resellers with ON DELETE RESTRICT; these stand-ins have
    // just such a foreign key (and one left at the default NO ACTION), so the delete route meets
    // the same violation a licence causes.
    beforeAll(async () => {
      for (const [table, onDelete] of [
        ['licence_restrict', 'ON DELETE RESTRICT'],
        ['licence_no_action', ''],
      ]) {
        await app.db.execute(
          sql.raw(
            `CREATE TABLE ${table} (id serial PRIMARY KEY, reseller_id uuid REFERENCES resellers(id) ${onDelete})`,
          ),
        );
      }
    });

    it.each(['licence_restrict', 'licence_no_action'])(
      "refuses the delete while %s names it: 409 'Reseller in use', no audit row, the reseller stays",
      async (table) => {
        const named = await create(fotosoftAdmin, fotosoft, `Lizenzpartner ${table}`);
        await app.db.execute(sql`INSERT INTO ${sql.identifier(table)} (reseller_id) VALUES (${named.id})`);
        const before = await snapshotTables(app);
        const res = await fotosoftAdmin.delete(`${base(fotosoft)}/${named.id}`);
        expect(res.statusCode).toBe(409);
        expect(errorOf(res)).toMatchObject({ errorCode: 'CONFLICT', messages: ['Reseller in use'] });
        expect(await snapshotTables(app)).toEqual(before);
        expect((await fotosoftAdmin.get(`${base(fotosoft)}/${named.id}`)).json()).toEqual(named);
        expect((await auditOf(named.id)).map((a) => a.action)).toEqual(['reseller.created']);

        await app.db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE reseller_id = ${named.id}`);
        expect((await fotosoftAdmin.delete(`${base(fotosoft)}/${named.id}`)).statusCode).toBe(204);
      },
    );
  });
});
