import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPLICATION_FIELD_RULES, type ApplicationField } from '../../src/domain/companyApplication';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import { companyApplications, users } from '../../server/db/schema';
import { DEMO_INVITATION_TOKEN } from '../../server/db/seed';
import type { Database } from '../../server/db/client';
import { apiClient, buildTestApp, captureLog, DEMO, errorOf, type ApiResponse } from './helpers/app';
import { applicationBody } from './helpers/applications';
import { loginAs, startLogin, submitLogin } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

const CONTROL_TEXT = 'Steuerzeichen, unsichtbare Zeichen und Zeilentrenner sind nicht erlaubt.';
const INVALID_LOGIN = 'Ungültiger Benutzername oder Passwort.';

/** A NUL (PostgreSQL cannot store it) and a right-to-left override (disguises what is shown). */
const CONTROLS = [
  ['a NUL', '\u0000'],
  ['a right-to-left override', '\u202e'],
] as const;

/**
 * Invisible characters that make two names look alike (issue 24): format characters (Cf), the
 * line and paragraph separators (Zl, Zp) and an unpaired surrogate half.
 */
const INVISIBLES = [
  ['a zero-width space', '\u200b'],
  ['a line separator', '\u2028'],
  ['a paragraph separator', '\u2029'],
  ['a byte order mark', '\ufeff'],
  ['a lone surrogate', '\ud83d'],
] as const;

/** `value` with the control character in its middle, so every other rule of the field is met. */
const withControl = (value: string, control: string) =>
  value.length < 2 ? `${value}${control}` : `${value.slice(0, 2)}${control}${value.slice(2)}`;

describe('control characters and bidi overrides in input', () => {
  let app: FastifyInstance & { database: Database };
  const log = captureLog();
  let anonymous: ReturnType<typeof apiClient>;
  let systemAdmin: ReturnType<typeof apiClient>;
  let lumioAdmin: ReturnType<typeof apiClient>;
  let companyId: string;

  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' }, { logStream: log.stream });
    // A failing statement that carries personal data, as a request handler would run it.
    app.get('/test/duplicate-user', async () => {
      const [owner] = await app.db.select().from(users).where(eq(users.email, DEMO.owner));
      await app.db.insert(users).values({ ...owner, id: randomUUID(), firstName: 'Wilhelmine', lastName: 'Zaunkönig' });
      return {};
    });
    anonymous = apiClient(app);
    systemAdmin = apiClient(app, (await loginAs(app, DEMO.systemAdmin)).accessToken);
    lumioAdmin = apiClient(app, (await loginAs(app, DEMO.lumioAdmin)).accessToken);
    companyId = (await lumioAdmin.get('/api/company')).json().items[0].id;
  });
  afterAll(() => app.close());
  beforeEach(() => log.clear());

  /** A refused request: 400 VALIDATION_FAILED naming the field with the German text, nothing written. */
  async function expectRefused(send: () => Promise<ApiResponse>, field: string) {
    const before = await snapshotTables(app);
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    const body = errorOf(res);
    expect(body.errorCode).toBe('VALIDATION_FAILED');
    expect(body.messages).toContain(`${field}: ${CONTROL_TEXT}`);
    expect(await snapshotTables(app)).toEqual(before);
    return res;
  }

  describe('application submit', () => {
    const fields = Object.keys(APPLICATION_FIELD_RULES) as ApplicationField[];
    const cases = fields.flatMap((field) =>
      [...CONTROLS, ...INVISIBLES].map(([kind, control]) => [field, kind, control] as const),
    );

    it.each(cases)('refuses %s with %s with 400, writes nothing and logs nothing personal', async (field, _k, c) => {
      const valid = applicationBody({ website: 'https://lichtblick.example', phoneNumber2: '+4922187654321' });
      const body = { ...valid, [field]: withControl(valid[field] as string, c) };
      await expectRefused(() => anonymous.post('/api/company-application', body), field);
      const logged = log.text();
      for (const personal of [valid.email, valid.lastName, valid.companyName, valid.address]) {
        expect(logged).not.toContain(personal);
      }
    });

    it('still takes the same application without the control character', async () => {
      const res = await anonymous.post('/api/company-application', applicationBody());
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  describe('names with invisible characters', () => {
    type Send = (value: string) => Promise<ApiResponse>;
    let requests: [string, string, string, Send][];

    beforeAll(async () => {
      const owner = apiClient(app, (await loginAs(app, DEMO.owner)).accessToken);
      const ownCompanyId = (await owner.get('/api/self')).json().associatedEntity.id as string;
      const company = (await owner.get(`/api/company/${ownCompanyId}`)).json() as Record<string, unknown>;
      const { id: _id, ...companyBody } = company;
      const studio = { name: 'Studio Nord', address: 'Hafenstraße 1, 20359 Hamburg', country: 'Deutschland' };
      const [admin] = (await systemAdmin.get('/api/administrator?filter=admin%40lumio')).json().items;
      const newAdmin = { role: 'LumioAdmin', firstName: 'Nora', lastName: 'Unsichtbar', email: 'nora@lumio.example' };
      const invitee = { salutation: 'Frau', firstName: 'Ina', lastName: 'Eingeladen', birthDate: '1990-01-02' };
      requests = [
        [
          'company name',
          'name',
          'Fotostudio Nord GmbH',
          (v) => owner.put(`/api/company/${ownCompanyId}`, { ...pick(companyBody), name: v }),
        ],
        [
          'store name',
          'name',
          studio.name,
          (v) => owner.post(`/api/company/${ownCompanyId}/store`, { ...studio, name: v }),
        ],
        [
          'administrator first name',
          'firstName',
          newAdmin.firstName,
          (v) => systemAdmin.post('/api/administrator', { ...newAdmin, firstName: v }),
        ],
        [
          'administrator last name (update)',
          'lastName',
          'Verwaltung',
          (v) => systemAdmin.put(`/api/administrator/${admin.id}`, { firstName: admin.firstName, lastName: v }),
        ],
        [
          'invited person first name',
          'firstName',
          invitee.firstName,
          (v) => anonymous.post(`/api/employee-invitation/${DEMO_INVITATION_TOKEN}`, { ...invitee, firstName: v }),
        ],
        [
          'invited person last name',
          'lastName',
          invitee.lastName,
          (v) => anonymous.post(`/api/employee-invitation/${DEMO_INVITATION_TOKEN}`, { ...invitee, lastName: v }),
        ],
        [
          'reseller name',
          'name',
          'Foto Partner',
          async (v) => {
            const [fotosoft] = (await lumioAdmin.get('/api/system-integrator?filter=fotosoft')).json().items;
            const integrator = apiClient(app, (await loginAs(app, DEMO.integrator)).accessToken);
            return integrator.post(`/api/system-integrator/${fotosoft.id}/reseller`, { name: v });
          },
        ],
      ];
    });

    /** The company fields the update takes (the answer also carries read-only ones). */
    const pick = (company: Record<string, unknown>) => {
      const fields = ['name', 'legalForm', 'address', 'country', 'phoneNumber', 'phoneNumber2', 'website', 'memberId'];
      return Object.fromEntries(fields.map((field) => [field, company[field] ?? '']));
    };

    it.each(INVISIBLES)('refuses %s in every name with 400 and writes nothing', async (_kind, invisible) => {
      expect(requests.length).toBe(7);
      for (const [what, field, value, send] of requests) {
        const res = await expectRefused(() => send(withControl(value, invisible)), field);
        expect(res.statusCode, what).toBe(400);
      }
    });

    it('keeps taking names with umlauts, accents, other scripts and emoji', async () => {
      const [, , , sendStore] = requests[1];
      const res = await sendStore('Ångström & Söhne – Łódź 李 📷');
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  describe('system integrator create and update', () => {
    type Send = (value: string, id: string) => Promise<ApiResponse>;
    const requests: [string, 'name' | 'code', string, Send][] = [
      [
        'create',
        'name',
        'Kontrolle GmbH',
        (v) => systemAdmin.post('/api/system-integrator', { name: v, code: 'KONTR' }),
      ],
      [
        'create',
        'code',
        'KONTROLLE',
        (v) => systemAdmin.post('/api/system-integrator', { name: 'Kontrolle', code: v }),
      ],
      ['update', 'name', 'Kontrolle GmbH', (v, id) => systemAdmin.put(`/api/system-integrator/${id}`, { name: v })],
    ];
    const cases = requests.flatMap(([action, field, value, send]) =>
      CONTROLS.map(([kind, control]) => [action, field, kind, withControl(value, control), send] as const),
    );

    it.each(cases)('refuses on %s a %s with %s with 400', async (_action, field, _kind, value, send) => {
      const [{ id }] = (await lumioAdmin.get('/api/system-integrator?filter=fotosoft')).json().items;
      await expectRefused(() => send(value, id), field);
    });
  });

  describe('list filters', () => {
    /** Every list endpoint: the GET operations whose query takes `filter`, from the OpenAPI document. */
    async function listPaths(): Promise<string[]> {
      const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }>;
      };
      return Object.entries(docs.paths)
        .filter(([, ops]) => ops.get?.parameters?.some((p) => p.in === 'query' && p.name === 'filter'))
        .map(([path]) => path);
    }

    it('finds every list endpoint', async () => {
      expect((await listPaths()).sort()).toEqual(
        expect.arrayContaining([
          '/api/company',
          '/api/company-application',
          '/api/company/{id}/store',
          '/api/company/{id}/store/{storeId}/license',
          '/api/license',
          '/api/system-integrator',
        ]),
      );
    });

    it.each(CONTROLS)('refuses %s in the filter of every list with 400', async (_kind, control) => {
      const paths = await listPaths();
      expect(paths.length).toBeGreaterThanOrEqual(4);
      // The company's people are listed for its Owner only, not for LumioAdmin.
      const owner = apiClient(app, (await loginAs(app, DEMO.owner)).accessToken);
      const ownCompanyId = (await owner.get('/api/self')).json().associatedEntity.id as string;
      const [fotosoft] = (await lumioAdmin.get('/api/system-integrator?filter=fotosoft')).json().items;
      const [studio] = (await lumioAdmin.get(`/api/company/${companyId}/store`)).json().items;
      // An integrator's webhook endpoints and API clients are listed for its own SystemIntegratorAdmin only (issue 26).
      const integrator = apiClient(app, (await loginAs(app, DEMO.integrator)).accessToken);
      // An endpoint's delivery log (issue 26, part 4) needs an endpoint.
      const endpoint = await integrator.post(`/api/system-integrator/${fotosoft.id}/webhook-endpoint`, {
        url: 'https://erp.fotosoft.example/lumio-hook',
        events: ['license.suspended'],
      });
      expect(endpoint.statusCode, endpoint.body).toBe(201);
      for (const path of paths) {
        const client = path.includes('{companyId}')
          ? owner
          : path.includes('/webhook-endpoint') || path.includes('/api-client')
            ? integrator
            : lumioAdmin;
        // {id} is a company, except in a system integrator's own lists (its resellers).
        const ownerId = path.startsWith('/api/system-integrator/') ? fotosoft.id : companyId;
        const filled = path
          .replace('{id}', ownerId)
          .replace('{companyId}', ownCompanyId)
          // A studio's licences (issue 13).
          .replace('{storeId}', studio.id)
          .replace('{endpointId}', endpoint.json().id);
        const url = `${filled}?filter=${encodeURIComponent(withControl('Studio', control))}`;
        const ok = await client.get(url.replace(/filter=.*/, 'filter=Studio%20M%C3%BCller'));
        expect(ok.statusCode, `${path}: ${ok.body}`).toBe(200);
        await expectRefused(() => client.get(url), 'filter');
      }
    });
  });

  describe('login form', () => {
    it.each(CONTROLS)('answers a username with %s like a wrong login, not with 500', async (_kind, control) => {
      const start = await startLogin(app);
      const res = await submitLogin(app, start, withControl(DEMO.owner, control), 'lumio-demo');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(INVALID_LOGIN);
      expect(log.text()).not.toContain(DEMO.owner);
    });
  });

  describe('log of a failed statement', () => {
    it('keeps traceId and SQLSTATE but no parameter or row detail', async () => {
      const res = await app.inject({ method: 'GET', url: '/test/duplicate-user' });
      expect(res.statusCode).toBe(500);
      const { traceId } = errorOf(res);
      const lines = log
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { traceId?: string; err?: Record<string, unknown> });
      const failure = lines.find((line) => line.traceId === traceId && line.err);
      expect(failure?.err).toMatchObject({
        type: 'DrizzleQueryError',
        cause: { type: 'DatabaseError', code: '23505', table: 'users', constraint: 'users_email_unique' },
      });
      expect(String(failure?.err?.message)).toMatch(/^Failed query: insert into "users"/);
      const logged = log.text();
      for (const personal of [DEMO.owner, 'Wilhelmine', 'Zaunkönig', 'Zaunk\\u00f6nig']) {
        expect(logged).not.toContain(personal);
      }
      expect(logged).not.toMatch(/params|Key \(email\)/);
    });

    it('keeps a value the database quotes in its message out of a log written through app.log', async () => {
      const applicant = 'erika.heimlich@example.de';
      try {
        await app.db.select().from(companyApplications).where(eq(companyApplications.id, applicant));
        expect.unreachable('a malformed uuid must fail');
      } catch (err) {
        app.log.child({ job: 'test' }).error({ err }, 'lookup failed');
      }
      const logged = log.text();
      expect(logged).toContain('"code":"22P02"');
      expect(logged).not.toContain(applicant);
    });
  });
});

describe('website of an application', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000', SEED_DEMO_DATA: 'false' });
  });
  afterAll(() => app.close());

  it.each([
    'javascript:alert(1)',
    'JavaScript://%0Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://dateien.studio.example',
    'file:///etc/passwd',
    'www.studio.example',
    'https://',
  ])('refuses %j with 400 and the German message, writing nothing', async (website) => {
    const before = await snapshotTables(app);
    const res = await apiClient(app).post('/api/company-application', applicationBody({ website }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      messages: [`website: ${VALIDATION_TEXTS.website}`],
    });
    expect(VALIDATION_TEXTS.website).toBe(
      'Bitte geben Sie eine Webadresse ein, die mit http:// oder https:// beginnt, z. B. https://www.fotostudio.de.',
    );
    expect(await snapshotTables(app)).toEqual(before);
  });

  it.each(['https://www.studio.example', 'http://studio.example/kontakt?x=1', 'HTTPS://STUDIO.EXAMPLE', ''])(
    'accepts %j',
    async (website) => {
      const res = await apiClient(app).post('/api/company-application', applicationBody({ website }));
      expect(res.statusCode, res.body).toBe(201);
    },
  );
});
