import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINISTRATOR_VALIDATION_TEXTS } from '../../src/domain/administrators';
import { ADMINISTRATOR_ROLES } from '../../src/domain/roles';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import { DEMO_INVITATION_EMAIL } from '../../server/db/seed';
import { auditEvents, systemIntegrators, users } from '../../server/db/schema';
import { ADMINISTRATOR_CREATED_SUBJECT } from '../../server/mail/templates/administrator-created';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { clientOf, demoClient, type Client } from './helpers/eid';
import { loginWithFlow } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

interface Administrator {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  systemIntegratorId: string | null;
}
interface Page {
  pageIndex: number;
  pageSize: number;
  orderBy: string | null;
  filter: string | null;
  totalItemCount: number;
  items: Administrator[];
}

const BASE = '/api/administrator';
const UNKNOWN_ID = '0b6f0a52-5d0e-4d8e-9a43-6b1a2c3d4e5f';
const NEW_PASSWORD = 'Verwaltung2026!';
const SET_PASSWORD_LINK = /http:\/\/localhost:8080(\/realms\/lumio\/login-actions\/set-password)\?token=([\w-]{43})/;

describe('administrator accounts (/api/administrator)', () => {
  let app: FastifyInstance;
  let systemAdmin: Client;
  let lumioAdmin: Client;
  let bildwerk: { id: string; name: string; code: string };
  const ids: Record<string, string> = {};
  let counter = 0;

  beforeAll(async () => {
    app = await buildTestApp();
    systemAdmin = await demoClient(app, DEMO.systemAdmin);
    lumioAdmin = await demoClient(app, DEMO.lumioAdmin);
    [bildwerk] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'BILDWERK'));
    for (const [key, email] of Object.entries(DEMO)) {
      ids[key] = (await app.db.select().from(users).where(eq(users.email, email)))[0].id;
    }
  });
  afterAll(() => app.close());

  const freshEmail = () => {
    counter += 1;
    return `verwaltung-${counter}@lumio.example`;
  };
  const body = (overrides: Record<string, unknown> = {}) => ({
    role: 'LumioAdmin',
    firstName: 'Vera',
    lastName: 'Verwaltung',
    email: freshEmail(),
    systemIntegratorId: null,
    ...overrides,
  });
  /** An administrator made through the API, and a client with an access token of theirs. */
  async function createAdmin(overrides: Record<string, unknown> = {}) {
    const res = await systemAdmin.post(BASE, body(overrides));
    expect(res.statusCode, res.body).toBe(201);
    const admin = res.json() as Administrator;
    return { admin, client: await clientOf(app, admin.id) };
  }
  const auditOf = (action: string, entityId: string) =>
    app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));
  const adminRows = () =>
    app.db
      .select()
      .from(users)
      .where(inArray(users.role, [...ADMINISTRATOR_ROLES]));
  /** The request is refused with `status` and `message`, and no table changed. */
  async function expectRefused(call: () => ReturnType<Client['get']>, status: number, message: string) {
    const before = await snapshotTables(app);
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
    expect(errorOf(res).messages).toContain(message);
    expect(await snapshotTables(app)).toEqual(before);
    return res;
  }

  describe('the list', () => {
    it('pages every administrator account, and nobody else, sorted by last name', async () => {
      const res = await lumioAdmin.get(BASE);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      const admins = await adminRows();
      expect(page.totalItemCount).toBe(admins.length);
      expect(page.items.map((item) => item.email).sort()).toEqual(admins.map((row) => row.email).sort());
      expect(page.items.map((item) => item.role)).toEqual(
        expect.arrayContaining(['SystemAdmin', 'LumioAdmin', 'SystemIntegratorAdmin']),
      );
      expect(page.items.every((item) => (ADMINISTRATOR_ROLES as readonly string[]).includes(item.role))).toBe(true);
      expect(page.items.map((item) => item.email)).not.toContain(DEMO.owner);
      expect(Object.keys(page.items[0]).sort()).toEqual(
        ['email', 'firstName', 'id', 'lastName', 'role', 'systemIntegratorId'].sort(),
      );
      const lastNames = page.items.map((item) => item.lastName);
      expect(lastNames).toEqual([...lastNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(page.items.find((item) => item.email === DEMO.otherIntegrator)).toMatchObject({
        firstName: 'Bodo',
        lastName: 'Bildwerk',
        role: 'SystemIntegratorAdmin',
        systemIntegratorId: bildwerk.id,
      });
    });

    it('pages, sorts by any column and searches first name, last name and e-mail', async () => {
      const first = (await systemAdmin.get(`${BASE}?pageSize=2&orderBy=email%20desc`)).json() as Page;
      const second = (await systemAdmin.get(`${BASE}?pageSize=2&pageIndex=1&orderBy=email%20desc`)).json() as Page;
      expect(first).toMatchObject({ pageIndex: 0, pageSize: 2, orderBy: 'email desc', filter: null });
      expect(first.items).toHaveLength(2);
      const emails = [...first.items, ...second.items].map((item) => item.email);
      expect(emails).toEqual([...emails].sort().reverse());
      expect(new Set(emails).size).toBe(4);

      const byRole = (await systemAdmin.get(`${BASE}?orderBy=role&pageSize=100`)).json() as Page;
      const roles = byRole.items.map((item) => item.role);
      expect(roles).toEqual([...roles].sort());

      const search = async (term: string) =>
        ((await systemAdmin.get(`${BASE}?filter=${encodeURIComponent(term)}`)).json() as Page).items.map(
          (item) => item.email,
        );
      expect(await search('bodo')).toEqual([DEMO.otherIntegrator]);
      expect(await search('BILDWERK')).toEqual([DEMO.otherIntegrator]);
      expect(await search('@lumio.example')).toEqual(
        expect.arrayContaining(['admin@lumio.example', 'betrieb@lumio.example', DEMO.systemAdmin]),
      );
      // Company users are no administrators, also when the term matches them.
      expect(await search('sonnenschein')).toEqual([]);
      expect(await search('50%_')).toEqual([]);
    });

    it('refuses sort fields outside the table and malformed paging with 400', async () => {
      for (const query of ['orderBy=birthDate', 'orderBy=passwordHash', 'pageSize=101', 'pageIndex=-1', 'x=1']) {
        const res = await systemAdmin.get(`${BASE}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('one administrator', () => {
    it('answers the account with its system integrator', async () => {
      const res = await lumioAdmin.get(`${BASE}/${ids.integrator}`);
      expect(res.statusCode).toBe(200);
      const [fotosoft] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'FOTOSOFT'));
      expect(res.json()).toEqual({
        id: ids.integrator,
        firstName: 'Ingo',
        lastName: 'Integrator',
        email: DEMO.integrator,
        role: 'SystemIntegratorAdmin',
        systemIntegratorId: fotosoft.id,
      });
      expect((await systemAdmin.get(`${BASE}/${ids.systemAdmin.toUpperCase()}`)).json()).toMatchObject({
        id: ids.systemAdmin,
        role: 'SystemAdmin',
        systemIntegratorId: null,
      });
    });

    it('answers 404 for company users and unknown ids, and the catalogue message for malformed ids', async () => {
      for (const id of [ids.owner, ids.employee, ids.unverifiedOwner, UNKNOWN_ID]) {
        const res = await systemAdmin.get(`${BASE}/${id}`);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).messages).toEqual(['Not found']);
      }
      const malformed = await systemAdmin.get(`${BASE}/kein-administrator`);
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).messages).toEqual(['Invalid administrator id']);
    });
  });

  describe('creating (dialog createAdmin)', () => {
    it('creates a SystemIntegratorAdmin who sets a password from the mail and logs in to the integrator', async () => {
      const email = freshEmail();
      const res = await systemAdmin.post(BASE, {
        role: 'SystemIntegratorAdmin',
        firstName: ' Sina ',
        lastName: 'Systemhaus',
        email: ` ${email.toUpperCase()} `,
        systemIntegratorId: bildwerk.id.toUpperCase(),
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as Administrator;
      expect(created).toMatchObject({
        firstName: 'Sina',
        lastName: 'Systemhaus',
        email,
        role: 'SystemIntegratorAdmin',
        systemIntegratorId: bildwerk.id,
      });
      const [row] = await app.db.select().from(users).where(eq(users.id, created.id));
      expect(row).toMatchObject({ status: 'Active', companyId: null, passwordHash: null, salutation: null });

      const mail = await app.mailCatcher!.waitFor((m) => m.to === email);
      expect(mail.subject).toBe(ADMINISTRATOR_CREATED_SUBJECT);
      expect(mail.text).toContain('Guten Tag Sina Systemhaus,');
      expect(mail.text).toContain(
        'mit der Rolle „System-Integrator-Admin“ für den System-Integrator „Bildwerk Systeme AG (BILDWERK)“',
      );
      expect(mail.text).toContain('72 Stunden gültig');
      const [, path, token] = SET_PASSWORD_LINK.exec(mail.text)!;
      expect(mail.html).toContain(`href="http://localhost:8080${path}?token=${token}"`);

      const saved = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
        payload: new URLSearchParams({
          token,
          'password-new': NEW_PASSWORD,
          'password-confirm': NEW_PASSWORD,
        }).toString(),
      });
      expect(saved.statusCode).toBe(200);
      const { accessToken } = await loginWithFlow(app, email, NEW_PASSWORD);
      const self = await apiClient(app, accessToken).get('/api/self');
      expect(self.json()).toMatchObject({
        id: created.id,
        role: 'SystemIntegratorAdmin',
        associatedEntity: { id: bildwerk.id },
      });
      // The integrator's own data, and no other integrator's.
      const [fotosoft] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'FOTOSOFT'));
      expect((await apiClient(app, accessToken).get(`/api/system-integrator/${bildwerk.id}`)).statusCode).toBe(200);
      expect((await apiClient(app, accessToken).get(`/api/system-integrator/${fotosoft.id}`)).statusCode).toBe(403);

      const [audit] = await auditOf('administrator.created', created.id);
      expect(audit).toMatchObject({
        entityType: 'administrator',
        actorId: ids.systemAdmin,
        actorEmail: DEMO.systemAdmin,
        actorRole: 'SystemAdmin',
        companyId: null,
        before: null,
      });
      expect(audit.after).toEqual({
        firstName: 'Sina',
        lastName: 'Systemhaus',
        email,
        role: 'SystemIntegratorAdmin',
        systemIntegratorId: bildwerk.id,
      });
    });

    it('creates a LumioAdmin without a system integrator, the field left out or null', async () => {
      const { admin } = await createAdmin({ role: 'LumioAdmin', systemIntegratorId: undefined });
      expect(admin).toMatchObject({ role: 'LumioAdmin', systemIntegratorId: null });
      const { admin: second } = await createAdmin({ role: 'SystemAdmin', systemIntegratorId: null });
      expect(second).toMatchObject({ role: 'SystemAdmin', systemIntegratorId: null });
      const mail = await app.mailCatcher!.waitFor((m) => m.to === second.email);
      expect(mail.text).toContain('mit der Rolle „System-Admin“ angelegt.');
    });

    it('never creates an administrator with a company role', async () => {
      for (const role of ['Owner', 'AccountAdministrator', 'Employee', 'Administrator', '']) {
        const res = await expectRefused(
          () => systemAdmin.post(BASE, body({ role })),
          400,
          `role: ${role ? VALIDATION_TEXTS.option : VALIDATION_TEXTS.required}`,
        );
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      }
    });

    it('needs the system integrator exactly for a SystemIntegratorAdmin', async () => {
      const required = `systemIntegratorId: ${ADMINISTRATOR_VALIDATION_TEXTS.systemIntegratorRequired}`;
      const notAllowed = `systemIntegratorId: ${ADMINISTRATOR_VALIDATION_TEXTS.systemIntegratorNotAllowed}`;
      await expectRefused(() => systemAdmin.post(BASE, body({ role: 'SystemIntegratorAdmin' })), 400, required);
      await expectRefused(
        () => systemAdmin.post(BASE, body({ role: 'SystemIntegratorAdmin', systemIntegratorId: undefined })),
        400,
        required,
      );
      for (const role of ['LumioAdmin', 'SystemAdmin']) {
        await expectRefused(
          () => systemAdmin.post(BASE, body({ role, systemIntegratorId: bildwerk.id })),
          400,
          notAllowed,
        );
      }
      await expectRefused(
        () => systemAdmin.post(BASE, body({ role: 'SystemIntegratorAdmin', systemIntegratorId: UNKNOWN_ID })),
        400,
        'systemIntegratorId: Unknown system integrator',
      );
      await expectRefused(
        () => systemAdmin.post(BASE, body({ role: 'SystemIntegratorAdmin', systemIntegratorId: 'BILDWERK' })),
        400,
        'systemIntegratorId: Invalid system integrator id',
      );
    });

    it('refuses missing, invalid and unknown fields with the form’s messages', async () => {
      await expectRefused(() => systemAdmin.post(BASE, {}), 400, `firstName: ${VALIDATION_TEXTS.required}`);
      await expectRefused(
        () => systemAdmin.post(BASE, body({ email: 'keine-adresse' })),
        400,
        `email: ${VALIDATION_TEXTS.email}`,
      );
      await expectRefused(
        () => systemAdmin.post(BASE, body({ lastName: 'x'.repeat(201) })),
        400,
        `lastName: ${VALIDATION_TEXTS.textTooLong}`,
      );
      await expectRefused(
        () => systemAdmin.post(BASE, body({ firstName: 'Vera\u202e' })),
        400,
        `firstName: ${VALIDATION_TEXTS.controlCharacters}`,
      );
      await expectRefused(() => systemAdmin.post(BASE, body({ status: 'Active' })), 400, 'status: Unbekanntes Feld');
      await expectRefused(
        () => systemAdmin.post(BASE, body({ companyId: UNKNOWN_ID })),
        400,
        'companyId: Unbekanntes Feld',
      );
    });

    it('refuses an address a user has, another user waits for, or an invitation holds: 409', async () => {
      await expectRefused(
        () => systemAdmin.post(BASE, body({ email: 'ADMIN@lumio.example' })),
        409,
        'E-mail already in use',
      );
      await expectRefused(() => systemAdmin.post(BASE, body({ email: DEMO.owner })), 409, 'E-mail already in use');
      await expectRefused(
        () => systemAdmin.post(BASE, body({ email: DEMO_INVITATION_EMAIL })),
        409,
        'E-mail already in use',
      );
      const waiting = freshEmail();
      const change = await lumioAdmin.put(`${BASE}/${ids.lumioAdmin}/email`, { email: waiting });
      expect(change.statusCode).toBe(202);
      await expectRefused(() => systemAdmin.post(BASE, body({ email: waiting })), 409, 'E-mail already in use');
    });
  });

  describe('renaming (PUT /api/administrator/{id})', () => {
    it('changes first and last name of another administrator, with an audit row', async () => {
      const { admin } = await createAdmin();
      const res = await systemAdmin.put(`${BASE}/${admin.id}`, { firstName: ' Valerie ', lastName: 'Verwalterin' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ...admin, firstName: 'Valerie', lastName: 'Verwalterin' });
      expect((await lumioAdmin.get(`${BASE}/${admin.id}`)).json()).toMatchObject({
        firstName: 'Valerie',
        lastName: 'Verwalterin',
      });
      const [audit] = await auditOf('administrator.updated', admin.id);
      expect(audit).toMatchObject({ entityType: 'administrator', actorEmail: DEMO.systemAdmin });
      expect(audit.before).toMatchObject({ firstName: 'Vera', lastName: 'Verwaltung', email: admin.email });
      expect(audit.after).toMatchObject({ firstName: 'Valerie', lastName: 'Verwalterin', email: admin.email });

      // The same names again change nothing and record nothing.
      const before = await snapshotTables(app);
      expect(
        (await systemAdmin.put(`${BASE}/${admin.id}`, { firstName: 'Valerie', lastName: 'Verwalterin' })).statusCode,
      ).toBe(200);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses the own account, company users, malformed ids and bodies, changing nothing', async () => {
      const names = { firstName: 'Selbst', lastName: 'Umbenannt' };
      await expectRefused(() => systemAdmin.put(`${BASE}/${ids.systemAdmin}`, names), 403, 'Forbidden');
      await expectRefused(() => systemAdmin.put(`${BASE}/${ids.owner}`, names), 404, 'Not found');
      await expectRefused(() => systemAdmin.put(`${BASE}/${UNKNOWN_ID}`, names), 404, 'Not found');
      await expectRefused(() => systemAdmin.put(`${BASE}/123`, names), 400, 'Invalid administrator id');
      await expectRefused(
        () => systemAdmin.put(`${BASE}/${ids.lumioAdmin}`, { firstName: '', lastName: 'X' }),
        400,
        `firstName: ${VALIDATION_TEXTS.required}`,
      );
      await expectRefused(
        () => systemAdmin.put(`${BASE}/${ids.lumioAdmin}`, { ...names, email: 'neu@lumio.example' }),
        400,
        'email: Unbekanntes Feld',
      );
      await expectRefused(() => lumioAdmin.put(`${BASE}/${ids.integrator}`, names), 403, 'Forbidden');
    });
  });

  describe('deleting (dialog deleteAdmin)', () => {
    it('deletes the account, ends its sessions and keeps who it was in the audit trail', async () => {
      const { admin, client } = await createAdmin({ role: 'SystemIntegratorAdmin', systemIntegratorId: bildwerk.id });
      expect((await client.get('/api/self')).statusCode).toBe(200);

      const res = await systemAdmin.delete(`${BASE}/${admin.id}`);
      expect(res.statusCode, res.body).toBe(204);
      expect(await app.db.select().from(users).where(eq(users.id, admin.id))).toEqual([]);
      // The token issued before is refused at once.
      const refused = await client.get('/api/self');
      expect(refused.statusCode).toBe(401);
      expect((await lumioAdmin.get(`${BASE}/${admin.id}`)).statusCode).toBe(404);
      const [audit] = await auditOf('administrator.deleted', admin.id);
      expect(audit).toMatchObject({ entityType: 'administrator', actorEmail: DEMO.systemAdmin, after: null });
      expect(audit.before).toEqual({
        firstName: 'Vera',
        lastName: 'Verwaltung',
        email: admin.email,
        role: 'SystemIntegratorAdmin',
        systemIntegratorId: bildwerk.id,
      });
      // Deleted again: there is nobody left to delete.
      await expectRefused(() => systemAdmin.delete(`${BASE}/${admin.id}`), 404, 'Not found');
    });

    it('refuses company users, unknown and malformed ids, and LumioAdmin', async () => {
      await expectRefused(() => systemAdmin.delete(`${BASE}/${ids.employee}`), 404, 'Not found');
      await expectRefused(() => systemAdmin.delete(`${BASE}/${UNKNOWN_ID}`), 404, 'Not found');
      await expectRefused(() => systemAdmin.delete(`${BASE}/nicht-da`), 400, 'Invalid administrator id');
      await expectRefused(() => lumioAdmin.delete(`${BASE}/${ids.integrator}`), 403, 'Forbidden');
    });

    it('never deletes the last SystemAdmin, and no SystemAdmin deletes itself', async () => {
      const systemAdmins = await app.db.select().from(users).where(eq(users.role, 'SystemAdmin'));
      // Created earlier in this file: only the demo SystemAdmin is left as the last one.
      for (const other of systemAdmins.filter((row) => row.id !== ids.systemAdmin)) {
        expect((await systemAdmin.delete(`${BASE}/${other.id}`)).statusCode).toBe(204);
      }
      const last = await expectRefused(
        () => systemAdmin.delete(`${BASE}/${ids.systemAdmin}`),
        409,
        'Last system admin cannot be deleted',
      );
      expect(errorOf(last).errorCode).toBe('CONFLICT');

      const { admin: second } = await createAdmin({ role: 'SystemAdmin' });
      await expectRefused(() => systemAdmin.delete(`${BASE}/${ids.systemAdmin}`), 403, 'Forbidden');
      const secondClient = await clientOf(app, second.id);
      await expectRefused(() => secondClient.delete(`${BASE}/${second.id}`), 403, 'Forbidden');
    });

    it('leaves one SystemAdmin when two SystemAdmins delete each other at the same moment', async () => {
      const systemAdminRows = () => app.db.select().from(users).where(eq(users.role, 'SystemAdmin'));
      if ((await systemAdminRows()).length < 2) await createAdmin({ role: 'SystemAdmin' });
      const systemAdmins = await systemAdminRows();
      expect(systemAdmins).toHaveLength(2);
      const [a, b] = systemAdmins;
      const [clientA, clientB] = [await clientOf(app, a.id), await clientOf(app, b.id)];
      const answers = await Promise.all([clientA.delete(`${BASE}/${b.id}`), clientB.delete(`${BASE}/${a.id}`)]);
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses[0]).toBe(204);
      // The other waited and found itself the last SystemAdmin (or was already gone when it called).
      expect([401, 409]).toContain(statuses[1]);
      const left = await systemAdminRows();
      expect(left).toHaveLength(1);
      expect(await auditOf('administrator.deleted', a.id === left[0].id ? b.id : a.id)).toHaveLength(1);
    });
  });
});
