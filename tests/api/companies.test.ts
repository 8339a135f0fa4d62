import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, stores } from '../../server/db/schema';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { loginAs } from './helpers/login';

type Client = ReturnType<typeof apiClient>;

/** Extra companies, so that search, sort and paging have something to work on. */
const MORE = [
  { name: 'Atelier Abendrot AG', legalForm: 'AG', address: 'Abendweg 1, 20095 Hamburg', country: 'Deutschland' },
  { name: 'Bildhaus Zürich GmbH', legalForm: 'GmbH', address: 'Seestrasse 9, 8002 Zürich', country: 'Schweiz' },
  { name: 'Passbild Wien GbR', legalForm: 'GbR', address: 'Ringstraße 4, 1010 Wien', country: 'Österreich' },
];

describe('companies API', () => {
  let app: FastifyInstance;
  const clients = {} as Record<
    'lumioAdmin' | 'systemAdmin' | 'integrator' | 'owner' | 'accountAdmin' | 'employee' | 'unverifiedOwner',
    Client
  >;
  let sonnenschein: string;
  let morgenrot: string;

  beforeAll(async () => {
    app = await buildTestApp();
    for (const [key, email] of Object.entries(DEMO) as [keyof typeof clients, string][]) {
      clients[key] = apiClient(app, (await loginAs(app, email)).accessToken);
    }
    await app.db.insert(companies).values(MORE.map((c) => ({ ...c, phoneNumber: '+4940123456789' })));
    const byName = async (name: string) =>
      (await app.db.select().from(companies).where(eq(companies.name, name)))[0].id;
    sonnenschein = await byName('Fotostudio Sonnenschein GmbH');
    morgenrot = await byName('Studio Morgenrot e.K.');
  });
  afterAll(() => app.close());

  const names = (page: { items: { name: string }[] }) => page.items.map((i) => i.name);

  describe('GET /api/company', () => {
    it('gives a LumioAdmin every company, sorted by name, with the company fields', async () => {
      const res = await clients.lumioAdmin.get('/api/company');
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page).toMatchObject({ pageIndex: 0, pageSize: 20, orderBy: null, filter: null, totalItemCount: 5 });
      expect(names(page)).toEqual([
        'Atelier Abendrot AG',
        'Bildhaus Zürich GmbH',
        'Fotostudio Sonnenschein GmbH',
        'Passbild Wien GbR',
        'Studio Morgenrot e.K.',
      ]);
      expect(page.items[2]).toEqual({
        id: sonnenschein,
        name: 'Fotostudio Sonnenschein GmbH',
        legalForm: 'GmbH',
        address: 'Sonnenallee 12, 12045 Berlin',
        country: 'Deutschland',
        phoneNumber: '+4930123456789',
        phoneNumber2: null,
        website: 'https://studio-sonnenschein.example',
        memberId: 'CV-10442',
      });
    });

    // Only orders that every collation agrees on (PGlite and PostgreSQL may differ for "e.K." or "Ö").
    it.each([
      ['legalForm', ['Atelier Abendrot AG']],
      ['address', ['Atelier Abendrot AG', 'Studio Morgenrot e.K.', 'Passbild Wien GbR']],
      ['name desc', ['Studio Morgenrot e.K.', 'Passbild Wien GbR', 'Fotostudio Sonnenschein GmbH']],
    ])('sorts by %s', async (orderBy, first) => {
      const page = (await clients.lumioAdmin.get(`/api/company?orderBy=${encodeURIComponent(orderBy)}`)).json();
      expect(page.orderBy).toBe(orderBy);
      expect(names(page).slice(0, first.length)).toEqual(first);
    });

    it('sorts by country', async () => {
      const countries = async (orderBy: string) =>
        (await clients.lumioAdmin.get(`/api/company?orderBy=${encodeURIComponent(orderBy)}`))
          .json()
          .items.map((i: { country: string }) => i.country);
      expect((await countries('country')).slice(0, 3)).toEqual(['Deutschland', 'Deutschland', 'Deutschland']);
      expect((await countries('country desc')).slice(2)).toEqual(['Deutschland', 'Deutschland', 'Deutschland']);
    });

    it('searches name and address case-insensitively', async () => {
      expect(names((await clients.lumioAdmin.get('/api/company?filter=sonnen')).json())).toEqual([
        'Fotostudio Sonnenschein GmbH',
      ]);
      expect(
        names((await clients.lumioAdmin.get(`/api/company?filter=${encodeURIComponent('RINGstraße')}`)).json()),
      ).toEqual(['Passbild Wien GbR']);
      expect(names((await clients.lumioAdmin.get('/api/company?filter=M%C3%BCnchen')).json())).toEqual([
        'Studio Morgenrot e.K.',
      ]);
    });

    it('pages', async () => {
      const page = (await clients.lumioAdmin.get('/api/company?pageSize=2&pageIndex=2')).json();
      expect(page).toMatchObject({ pageIndex: 2, pageSize: 2, totalItemCount: 5 });
      expect(names(page)).toEqual(['Studio Morgenrot e.K.']);
    });

    it.each(['owner', 'accountAdmin', 'employee'] as const)(
      'narrows the list to the own company for %s',
      async (who) => {
        const page = (await clients[who].get('/api/company')).json();
        expect(page.totalItemCount).toBe(1);
        expect(names(page)).toEqual(['Fotostudio Sonnenschein GmbH']);
        expect((await clients[who].get('/api/company?filter=morgenrot')).json().totalItemCount).toBe(0);
      },
    );

    it.each(['orderBy=phoneNumber', 'orderBy=name;drop', 'pageSize=0', 'foo=1'])(
      'refuses the query %s',
      async (query) => {
        const res = await clients.lumioAdmin.get(`/api/company?${query}`);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      },
    );
  });

  describe('GET /api/company/{id}', () => {
    it('gives a company user the own company and refuses another one', async () => {
      for (const who of ['owner', 'accountAdmin', 'employee'] as const) {
        const own = await clients[who].get(`/api/company/${sonnenschein}`);
        expect(own.statusCode).toBe(200);
        expect(own.json()).toMatchObject({ id: sonnenschein, name: 'Fotostudio Sonnenschein GmbH' });
        const foreign = await clients[who].get(`/api/company/${morgenrot}`);
        expect(foreign.statusCode).toBe(403);
        expect(errorOf(foreign).messages).toEqual(['Forbidden']);
      }
    });

    it('gives a LumioAdmin any company; an unknown id is 404, a malformed one 400', async () => {
      expect((await clients.lumioAdmin.get(`/api/company/${morgenrot}`)).json()).toMatchObject({
        name: 'Studio Morgenrot e.K.',
        legalForm: 'e.K.',
        phoneNumber: '+49891234567',
        website: null,
      });
      const unknown = await clients.lumioAdmin.get('/api/company/3f0e5c1a-9d7b-4e2f-8a6c-5b4d3e2f1a0b');
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).messages).toEqual(['Not found']);
      const malformed = await clients.lumioAdmin.get('/api/company/123');
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed)).toMatchObject({ errorCode: 'VALIDATION_FAILED', messages: ['Invalid company id'] });
    });

    it('refuses providers without company access, unfinished registrations and anonymous callers', async () => {
      for (const who of ['systemAdmin', 'integrator', 'unverifiedOwner'] as const) {
        const res = await clients[who].get(`/api/company/${morgenrot}`);
        expect(res.statusCode).toBe(403);
      }
      expect((await clients.unverifiedOwner.get('/api/company')).statusCode).toBe(403);
      const anonymous = await apiClient(app).get(`/api/company/${sonnenschein}`);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).messages).toEqual(['Unauthorized']);
    });
  });

  describe('GET /api/company/{id}/store', () => {
    it('lists the studios of the own company, sorted by name, searchable and pageable', async () => {
      const res = await clients.employee.get(`/api/company/${sonnenschein}/store`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.totalItemCount).toBe(3);
      expect(page.items.map((s: { name: string }) => s.name)).toEqual([
        'Sonnenschein Mitte',
        'Sonnenschein Neukölln',
        'Sonnenschein Potsdam',
      ]);
      expect(Object.keys(page.items[0]).sort()).toEqual([
        'address',
        'country',
        'id',
        'name',
        'systemIntegrator',
        'systemIntegratorId',
      ]);
      const search = (await clients.owner.get(`/api/company/${sonnenschein}/store?filter=potsdam`)).json();
      expect(search.items.map((s: { name: string }) => s.name)).toEqual(['Sonnenschein Potsdam']);
      const byAddress = (
        await clients.owner.get(`/api/company/${sonnenschein}/store?orderBy=address%20desc&pageSize=1`)
      ).json();
      expect(byAddress).toMatchObject({ totalItemCount: 3, pageSize: 1 });
      expect(byAddress.items[0].name).toBe('Sonnenschein Mitte');
    });

    it('refuses another company’s studios to a company user and shows them to a LumioAdmin', async () => {
      const foreign = await clients.owner.get(`/api/company/${morgenrot}/store`);
      expect(foreign.statusCode).toBe(403);
      const admin = (await clients.lumioAdmin.get(`/api/company/${morgenrot}/store`)).json();
      expect(admin.items).toMatchObject([{ name: 'Studio Morgenrot', country: 'Deutschland' }]);
      const [stored] = await app.db.select().from(stores).where(eq(stores.companyId, morgenrot));
      expect(admin.items[0].id).toBe(stored.id);
    });

    it('answers 404 for an unknown company and 400 for a malformed id', async () => {
      const unknown = await clients.lumioAdmin.get('/api/company/3f0e5c1a-9d7b-4e2f-8a6c-5b4d3e2f1a0b/store');
      expect(unknown.statusCode).toBe(404);
      const malformed = await clients.lumioAdmin.get('/api/company/..%2F..%2Fetc/store');
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).messages).toEqual(['Invalid company id']);
      const badOrder = await clients.lumioAdmin.get(`/api/company/${sonnenschein}/store?orderBy=legalForm`);
      expect(badOrder.statusCode).toBe(400);
    });
  });
});
