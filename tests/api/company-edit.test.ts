import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, systemIntegrators } from '../../server/db/schema';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { openApplication } from './helpers/applications';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import { loginAs } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

type Client = ReturnType<typeof apiClient>;

const COMPANY = {
  name: 'Fotostudio Sonnenschein GmbH',
  legalForm: 'GmbH',
  address: 'Sonnenallee 12, 12045 Berlin',
  country: 'Deutschland',
  phoneNumber: '+4930123456789',
  phoneNumber2: '',
  website: 'https://sonnenschein.example',
  memberId: '',
};
const STUDIO = { name: 'Sonnenschein Kreuzberg', address: 'Oranienstraße 5, 10999 Berlin', country: 'Deutschland' };

describe('the owner changes the company and its studios', () => {
  let app: FastifyInstance;
  let owner: Client;
  let accountAdmin: Client;
  let lumioAdmin: Client;
  let sonnenschein: string;
  let morgenrot: string;
  let fotosoft: { id: string; name: string; code: string };

  beforeAll(async () => {
    app = await buildTestApp();
    owner = apiClient(app, (await loginAs(app, DEMO.owner)).accessToken);
    accountAdmin = apiClient(app, (await loginAs(app, DEMO.accountAdmin)).accessToken);
    lumioAdmin = apiClient(app, (await loginAs(app, DEMO.lumioAdmin)).accessToken);
    const byName = async (name: string) =>
      (await app.db.select().from(companies).where(eq(companies.name, name)))[0].id;
    sonnenschein = await byName('Fotostudio Sonnenschein GmbH');
    morgenrot = await byName('Studio Morgenrot e.K.');
    [fotosoft] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'FOTOSOFT'));
  });
  afterAll(() => app.close());

  const history = async (client: Client, companyId = sonnenschein) => {
    const res = await client.get(`/api/company/${companyId}/history`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      totalItemCount: number;
      items: {
        action: string;
        actor: { name: string } | null;
        subject: string | null;
        changes: { field: string; before: unknown; after: unknown }[];
      }[];
    };
  };

  describe('PUT /api/company/{id}', () => {
    beforeEach(async () => {
      await owner.put(`/api/company/${sonnenschein}`, COMPANY);
    });

    it('saves the company fields and answers the company; empty optional fields are null', async () => {
      const res = await owner.put(`/api/company/${sonnenschein}`, {
        ...COMPANY,
        name: '  Fotostudio Sonnenschein & Söhne GmbH ',
        phoneNumber2: '+4930987654321',
        memberId: 'CV-1',
        website: '',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: sonnenschein,
        ...COMPANY,
        name: 'Fotostudio Sonnenschein & Söhne GmbH',
        phoneNumber2: '+4930987654321',
        memberId: 'CV-1',
        website: null,
      });
      expect((await accountAdmin.get(`/api/company/${sonnenschein}`)).json().name).toBe(
        'Fotostudio Sonnenschein & Söhne GmbH',
      );
    });

    it('records who changed what, newest first, for the owner and LumioAdmin', async () => {
      await owner.put(`/api/company/${sonnenschein}`, { ...COMPANY, address: 'Sonnenallee 14, 12045 Berlin' });
      const [latest] = (await history(owner)).items;
      expect(latest.action).toBe('company.updated');
      expect(latest.actor?.name).toBe('Stefan Sonnenschein');
      expect(latest.subject).toBe('Fotostudio Sonnenschein GmbH');
      expect(latest.changes).toEqual([
        { field: 'address', before: 'Sonnenallee 12, 12045 Berlin', after: 'Sonnenallee 14, 12045 Berlin' },
      ]);
      expect((await history(lumioAdmin)).items[0]).toEqual(latest);
    });

    it('leaves no history entry when nothing changed', async () => {
      const before = (await history(owner)).totalItemCount;
      expect((await owner.put(`/api/company/${sonnenschein}`, COMPANY)).statusCode).toBe(200);
      expect((await history(owner)).totalItemCount).toBe(before);
    });

    it.each([
      ['a missing name', { name: undefined }, VALIDATION_TEXTS.required],
      ['an unknown legal form', { legalForm: 'Ltd.' }, VALIDATION_TEXTS.option],
      ['a phone number with letters', { phoneNumber: '030-FOTO-1234' }, VALIDATION_TEXTS.invalidPhoneNumber],
      ['a website that is not http(s)', { website: 'javascript:alert(1)' }, VALIDATION_TEXTS.website],
      ['a NUL in the address', { address: 'Sonnenallee\u0000 12' }, VALIDATION_TEXTS.controlCharacters],
      ['an over-long name', { name: 'x'.repeat(201) }, VALIDATION_TEXTS.textTooLong],
    ])('refuses %s with a German message and changes nothing', async (_case, change, message) => {
      const before = await snapshotTables(app);
      const res = await owner.put(`/api/company/${sonnenschein}`, { ...COMPANY, ...change });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      expect(errorOf(res).messages.join(' ')).toContain(message);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses the id or any other unknown field in the body', async () => {
      const res = await owner.put(`/api/company/${sonnenschein}`, { ...COMPANY, id: morgenrot });
      expect(res.statusCode).toBe(400);
      expect((await owner.get(`/api/company/${sonnenschein}`)).json().id).toBe(sonnenschein);
    });

    it("refuses another company's id with the owner's valid token and changes nothing", async () => {
      const before = await snapshotTables(app);
      const res = await owner.put(`/api/company/${morgenrot}`, { ...COMPANY, name: 'Übernommen GmbH' });
      expect(res.statusCode).toBe(403);
      expect(await snapshotTables(app)).toEqual(before);
    });
  });

  describe('studios', () => {
    it('adds a studio with its system integrator, lists it with the integrator, changes and deletes it', async () => {
      const created = await owner.post(`/api/company/${sonnenschein}/store`, {
        ...STUDIO,
        systemIntegratorId: fotosoft.id.toUpperCase(),
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json() as { id: string };

      const read = await accountAdmin.get(`/api/company/${sonnenschein}/store/${id}`);
      expect(read.json()).toEqual({
        id,
        ...STUDIO,
        systemIntegratorId: fotosoft.id,
        systemIntegrator: { id: fotosoft.id, name: fotosoft.name, code: fotosoft.code },
      });
      const list = await lumioAdmin.get(`/api/company/${sonnenschein}/store?filter=Kreuzberg`);
      expect(list.json().items).toEqual([read.json()]);

      const changed = await owner.put(`/api/company/${sonnenschein}/store/${id}`, {
        ...STUDIO,
        name: 'Sonnenschein Neukölln',
        systemIntegratorId: null,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ name: 'Sonnenschein Neukölln', systemIntegrator: null });

      const deleted = await owner.delete(`/api/company/${sonnenschein}/store/${id}`);
      expect(deleted.statusCode).toBe(204);
      expect((await owner.get(`/api/company/${sonnenschein}/store/${id}`)).statusCode).toBe(404);

      const actions = (await history(owner)).items.slice(0, 3);
      expect(actions.map((entry) => entry.action)).toEqual(['store.deleted', 'store.updated', 'store.created']);
      // Each entry names its studio, by the newest name it recorded.
      expect(actions.map((entry) => entry.subject)).toEqual([
        'Sonnenschein Neukölln',
        'Sonnenschein Neukölln',
        'Sonnenschein Kreuzberg',
      ]);
      expect(actions[1].changes).toEqual([
        { field: 'name', before: 'Sonnenschein Kreuzberg', after: 'Sonnenschein Neukölln' },
        { field: 'systemIntegratorId', before: fotosoft.id, after: null },
      ]);
    });

    it('refuses an unknown system integrator and writes nothing', async () => {
      const before = await snapshotTables(app);
      const res = await owner.post(`/api/company/${sonnenschein}/store`, {
        ...STUDIO,
        systemIntegratorId: '00000000-0000-4000-8000-000000000000',
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).messages).toEqual(['Invalid system integrator id']);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it.each([
      ['a missing name', { name: '' }],
      ['an unknown country', { country: 'Atlantis' }],
      ['an unknown field', { phone: '123' }],
      ['a malformed integrator id', { systemIntegratorId: 'FOTOSOFT' }],
    ])('refuses %s and writes nothing', async (_case, change) => {
      const before = await snapshotTables(app);
      const res = await owner.post(`/api/company/${sonnenschein}/store`, { ...STUDIO, ...change });
      expect(res.statusCode).toBe(400);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it("answers 404 for a studio of another company under the owner's own company", async () => {
      const foreign = (await lumioAdmin.get(`/api/company/${morgenrot}/store`)).json().items[0].id as string;
      const before = await snapshotTables(app);
      expect((await owner.get(`/api/company/${sonnenschein}/store/${foreign}`)).statusCode).toBe(404);
      expect((await owner.put(`/api/company/${sonnenschein}/store/${foreign}`, STUDIO)).statusCode).toBe(404);
      expect((await owner.delete(`/api/company/${sonnenschein}/store/${foreign}`)).statusCode).toBe(404);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('answers 400 for a studio id that is no id', async () => {
      const res = await owner.get(`/api/company/${sonnenschein}/store/not-an-id`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).messages).toEqual(['Invalid store id']);
    });
  });

  it('shows the approval of an application in the new company’s history', async () => {
    const application = await openApplication(app);
    const decided = await lumioAdmin.put(`/api/company-application/${application.id}/status`, { status: 'Approved' });
    expect(decided.statusCode).toBe(200);
    const [company] = await app.db.select().from(companies).where(eq(companies.name, application.body.companyName));
    const entries = (await history(lumioAdmin, company.id)).items;
    expect(entries.map((entry) => entry.action)).toEqual(['application.approved']);
    expect(entries[0].actor?.name).toBe('Anton Admin');
    expect(entries[0].subject).toBe(application.body.companyName);
  });
});
