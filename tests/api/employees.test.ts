import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, users } from '../../server/db/schema';
import { MESSAGES } from '../../server/idp/login-page';
import { EMPLOYEE_APPROVED_SUBJECT } from '../../server/mail/templates/employee-approved';
import { EMPLOYEE_REJECTED_SUBJECT } from '../../server/mail/templates/employee-rejected';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { loginAs, loginWithFlow } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

type Client = ReturnType<typeof apiClient>;
type Status = 'Unverified' | 'Verified' | 'VerifiedAndApproved';

interface Person {
  id: string;
  salutation: string | null;
  firstName: string;
  lastName: string;
  email: string;
  birthDate: string | null;
  role: string;
  status: string;
}
interface Page {
  totalItemCount: number;
  items: Person[];
}
interface HistoryPage {
  totalItemCount: number;
  items: { action: string; subject: string | null; actor: { name: string } | null; changes: unknown[] }[];
}

const UNKNOWN_USER = '0b6f0a52-5d0e-4d8e-9a43-6b1a2c3d4e5f';

describe('the company manages its people (/api/company/{id}/user)', () => {
  let app: FastifyInstance;
  let owner: Client;
  let accountAdmin: Client;
  let sonnenschein: string;
  let morgenrot: string;
  const ids: Record<string, string> = {};
  let personCounter = 0;

  beforeAll(async () => {
    app = await buildTestApp();
    owner = apiClient(app, (await loginAs(app, DEMO.owner)).accessToken);
    accountAdmin = apiClient(app, (await loginAs(app, DEMO.accountAdmin)).accessToken);
    const byName = async (name: string) =>
      (await app.db.select().from(companies).where(eq(companies.name, name)))[0].id;
    sonnenschein = await byName('Fotostudio Sonnenschein GmbH');
    morgenrot = await byName('Studio Morgenrot e.K.');
    for (const [key, email] of Object.entries({ ...DEMO, pending: 'neuling@studio-sonnenschein.example' })) {
      ids[key] = (await app.db.select().from(users).where(eq(users.email, email)))[0].id;
    }
  });
  afterAll(() => app.close());

  const base = (companyId = sonnenschein) => `/api/company/${companyId}/user`;
  const person = (userId: string, companyId = sonnenschein) => `${base(companyId)}/${userId}`;

  /** A new person of Sonnenschein with the demo password, so tests do not share their targets. */
  async function addPerson(status: Status, role: 'Employee' | 'AccountAdministrator' = 'Employee') {
    personCounter += 1;
    const [template] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    const [row] = await app.db
      .insert(users)
      .values({
        email: `person-${personCounter}@studio-sonnenschein.example`,
        firstName: 'Paula',
        lastName: `Probe${personCounter}`,
        salutation: 'Frau',
        birthDate: '1990-05-01',
        role,
        status,
        companyId: sonnenschein,
        passwordHash: template.passwordHash,
      })
      .returning();
    return row;
  }

  const history = async (userId: string, client = owner) => {
    const res = await client.get(`${person(userId)}/history`);
    expect(res.statusCode).toBe(200);
    return res.json() as HistoryPage;
  };

  describe('the list', () => {
    it('pages the company’s users with the list columns, sorted by last name', async () => {
      const res = await owner.get(`${base()}?pageSize=5`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page & { pageIndex: number; pageSize: number; orderBy: string | null };
      const [{ total }] = await app.db.select({ total: count() }).from(users).where(eq(users.companyId, sonnenschein));
      expect(page.totalItemCount).toBe(total);
      expect(page.pageSize).toBe(5);
      expect(page.items).toHaveLength(5);
      expect(Object.keys(page.items[0]).sort()).toEqual(
        ['birthDate', 'email', 'firstName', 'id', 'lastName', 'role', 'salutation', 'status'].sort(),
      );
      const lastNames = page.items.map((item) => item.lastName);
      expect(lastNames).toEqual([...lastNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('lists only the own company’s people, for the AccountAdministrator too', async () => {
      const all = (await accountAdmin.get(`${base()}?pageSize=100`)).json() as Page;
      const emails = all.items.map((item) => item.email);
      expect(emails).toContain(DEMO.owner);
      expect(emails).not.toContain(DEMO.unverifiedOwner);
    });

    it('narrows to the pending people with toApprove=true', async () => {
      const page = (await owner.get(`${base()}?toApprove=true&pageSize=100`)).json() as Page;
      expect(page.items.length).toBeGreaterThanOrEqual(2);
      expect(new Set(page.items.map((item) => item.status))).toEqual(new Set(['Unverified', 'Verified']));
      expect(page.items.map((item) => item.email)).toEqual(
        expect.arrayContaining(['neuling@studio-sonnenschein.example', 'verifiziert@studio-sonnenschein.example']),
      );
      const count = (await owner.get(`${base()}?toApprove=true&pageSize=1`)).json() as Page;
      expect(count.totalItemCount).toBe(page.totalItemCount);
      expect(count.items).toHaveLength(1);
    });

    it('searches first name, last name and e-mail, and sorts by any column', async () => {
      const found = (await owner.get(`${base()}?filter=PRÜFLING`)).json() as Page;
      expect(found.items.map((item) => item.email)).toEqual(['neuling@studio-sonnenschein.example']);
      const byMail = (await owner.get(`${base()}?filter=kontoadmin@`)).json() as Page;
      expect(byMail.items.map((item) => item.lastName)).toEqual(['Konto']);
      const newest = (await owner.get(`${base()}?orderBy=birthDate%20desc&pageSize=1`)).json() as Page;
      expect(newest.items[0].email).toBe('neuling@studio-sonnenschein.example');
    });

    it.each([
      ['an unknown sort field', '?orderBy=passwordHash'],
      ['a toApprove that is no boolean', '?toApprove=ja'],
      ['an unknown parameter', '?companyId=x'],
      ['a page size above 100', '?pageSize=101'],
    ])('refuses %s with 400 and the error body', async (_case, query) => {
      const res = await owner.get(`${base()}${query}`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
    });
  });

  describe('one person', () => {
    it('answers the person of the own company', async () => {
      const res = await accountAdmin.get(person(ids.employee));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: ids.employee,
        salutation: 'Frau',
        firstName: 'Maria',
        lastName: 'Mitarbeit',
        email: DEMO.employee,
        birthDate: '1995-01-23',
        role: 'Employee',
        status: 'VerifiedAndApproved',
      });
    });

    it('answers 404 for an unknown person and for a person of another company under the own id', async () => {
      for (const userId of [UNKNOWN_USER, ids.unverifiedOwner]) {
        for (const path of [person(userId), `${person(userId)}/history`]) {
          const res = await owner.get(path);
          expect(res.statusCode).toBe(404);
          expect(errorOf(res).messages).toEqual(['Not found']);
        }
      }
    });

    it('answers 403 for another company, before looking at the person', async () => {
      const res = await owner.get(person(ids.unverifiedOwner, morgenrot));
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).messages).toEqual(['Forbidden']);
    });

    it('refuses malformed ids with 400 and the error body', async () => {
      const res = await owner.get(person('kein-uuid'));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).messages.join(' ')).toContain('Invalid user id');
      const company = await owner.get(`/api/company/nix/user`);
      expect(company.statusCode).toBe(400);
      expect(errorOf(company).messages.join(' ')).toContain('Invalid company id');
    });
  });

  describe('approving and rejecting (PUT …/status)', () => {
    it('approves an unverified person (Approved), mails them in German and records it', async () => {
      const target = await addPerson('Unverified');
      const res = await owner.put(`${person(target.id)}/status`, { status: 'Approved' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: target.id, status: 'Approved' });

      const mail = await app.mailCatcher!.waitFor((m) => m.to === target.email);
      expect(mail.subject).toBe(EMPLOYEE_APPROVED_SUBJECT);
      expect(mail.text).toContain('Guten Tag Frau ' + target.lastName);
      expect(mail.text).toContain('„Fotostudio Sonnenschein GmbH“ hat Ihr Benutzerkonto bei Lumio freigegeben.');
      expect(mail.text).toContain('eID-Verifizierung');

      const [latest] = (await history(target.id)).items;
      expect(latest).toMatchObject({
        action: 'user.approved',
        subject: `Paula ${target.lastName}`,
        actor: { name: 'Stefan Sonnenschein' },
        changes: [{ field: 'status', before: 'Unverified', after: 'Approved' }],
      });
    });

    it('approves a verified person into VerifiedAndApproved: the registration is finished', async () => {
      const target = await addPerson('Verified');
      const res = await accountAdmin.put(`${person(target.id)}/status`, { status: 'Approved' });
      expect(res.json()).toMatchObject({ status: 'VerifiedAndApproved' });
      const mail = await app.mailCatcher!.waitFor((m) => m.to === target.email);
      expect(mail.text).toContain('Ihre Registrierung ist damit abgeschlossen.');
      const self = apiClient(app, (await loginAs(app, target.email)).accessToken);
      expect((await self.get('/api/company')).statusCode).toBe(200);
    });

    it('refuses approving twice with 409 and a catalogued message, and writes nothing', async () => {
      const target = await addPerson('Unverified');
      expect((await owner.put(`${person(target.id)}/status`, { status: 'Approved' })).statusCode).toBe(200);
      await app.mailCatcher!.waitFor((m) => m.to === target.email);
      const before = await snapshotTables(app);
      for (const status of ['Approved', 'Rejected']) {
        const res = await accountAdmin.put(`${person(target.id)}/status`, { status });
        expect(res.statusCode).toBe(409);
        expect(errorOf(res).messages).toEqual(['Employee not pending approval']);
      }
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('rejects: status Rejected, a German mail, the sessions end and the person cannot log in again', async () => {
      const target = await addPerson('Unverified');
      const own = apiClient(app, (await loginAs(app, target.email)).accessToken);
      expect((await own.get('/api/self')).statusCode).toBe(200);

      const res = await owner.put(`${person(target.id)}/status`, { status: 'Rejected' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'Rejected' });

      const mail = await app.mailCatcher!.waitFor((m) => m.to === target.email);
      expect(mail.subject).toBe(EMPLOYEE_REJECTED_SUBJECT);
      expect(mail.text).toContain('eine Anmeldung ist nicht mehr möglich');

      const refused = await own.get('/api/self');
      expect(refused.statusCode).toBe(401);
      expect(errorOf(refused).messages).toEqual(['Unauthorized']);
      await expect(loginWithFlow(app, target.email)).rejects.toThrow(MESSAGES.accountDisabled);
      // A wrong password still reads as one: the disabled state is no oracle for strangers.
      await expect(loginWithFlow(app, target.email, 'falsch-geraten')).rejects.toThrow(MESSAGES.invalidCredentials);

      const [latest] = (await history(target.id)).items;
      expect(latest).toMatchObject({
        action: 'user.rejected',
        changes: [{ field: 'status', before: 'Unverified', after: 'Rejected' }],
      });
    });

    it('keeps the demo data’s rejected person out as well', async () => {
      await expect(loginWithFlow(app, 'abgelehnt@studio-sonnenschein.example')).rejects.toThrow(
        MESSAGES.accountDisabled,
      );
    });

    it.each([
      ['a status outside the decisions', { status: 'VerifiedAndApproved' }],
      ['no status', {}],
      ['an extra field', { status: 'Approved', role: 'Owner' }],
    ])('refuses %s with 400 and writes nothing', async (_case, body) => {
      const before = await snapshotTables(app);
      const res = await owner.put(`${person(ids.pending)}/status`, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      expect(await snapshotTables(app)).toEqual(before);
    });
  });

  describe('changing the role (PUT …/role)', () => {
    it('promotes an employee to AccountAdministrator and records it; the same role again records nothing', async () => {
      const target = await addPerson('VerifiedAndApproved');
      const res = await owner.put(`${person(target.id)}/role`, { role: 'AccountAdministrator' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: target.id, role: 'AccountAdministrator' });
      const self = apiClient(app, (await loginAs(app, target.email)).accessToken);
      expect((await self.get('/api/self')).json()).toMatchObject({ role: 'AccountAdministrator' });
      expect((await self.get(`${base()}?pageSize=1`)).statusCode).toBe(200);

      const [latest] = (await history(target.id)).items;
      expect(latest).toMatchObject({
        action: 'user.role-changed',
        changes: [{ field: 'role', before: 'Employee', after: 'AccountAdministrator' }],
      });
      const entries = (await history(target.id)).totalItemCount;
      expect((await owner.put(`${person(target.id)}/role`, { role: 'AccountAdministrator' })).statusCode).toBe(200);
      expect((await history(target.id)).totalItemCount).toBe(entries);
    });

    it.each([['Owner'], ['LumioAdmin'], ['owner'], ['']])('makes nobody %s: 400, nothing written', async (role) => {
      const before = await snapshotTables(app);
      const res = await owner.put(`${person(ids.employee)}/role`, { role });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      expect(await snapshotTables(app)).toEqual(before);
    });
  });

  describe('what nobody may do', () => {
    const attempts = (userId: string) =>
      [
        (client: Client) => client.put(`${person(userId)}/role`, { role: 'Employee' }),
        (client: Client) => client.put(`${person(userId)}/status`, { status: 'Rejected' }),
        (client: Client) => client.delete(person(userId)),
      ] as const;

    it('the AccountAdministrator cannot change, reject or delete the Owner or themselves', async () => {
      const before = await snapshotTables(app);
      for (const target of [ids.owner, ids.accountAdmin]) {
        for (const attempt of attempts(target)) {
          const res = await attempt(accountAdmin);
          expect(res.statusCode).toBe(403);
          expect(errorOf(res).messages).toEqual(['Forbidden']);
        }
      }
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('the Owner cannot change, reject or delete themselves', async () => {
      const before = await snapshotTables(app);
      for (const attempt of attempts(ids.owner)) expect((await attempt(owner)).statusCode).toBe(403);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('an employee cannot manage anyone, and nobody reaches another company', async () => {
      const employee = apiClient(app, (await loginAs(app, DEMO.employee)).accessToken);
      const before = await snapshotTables(app);
      for (const attempt of attempts(ids.pending)) expect((await attempt(employee)).statusCode).toBe(403);
      const foreign = `/api/company/${morgenrot}/user/${ids.unverifiedOwner}`;
      expect((await owner.delete(foreign)).statusCode).toBe(403);
      expect((await owner.put(`${foreign}/status`, { status: 'Approved' })).statusCode).toBe(403);
      expect(await snapshotTables(app)).toEqual(before);
    });
  });

  describe('deleting (DELETE …/user/{userId})', () => {
    it('removes the person with their sessions; the company’s history keeps who it was', async () => {
      const target = await addPerson('VerifiedAndApproved');
      const own = apiClient(app, (await loginAs(app, target.email)).accessToken);

      const res = await accountAdmin.delete(person(target.id));
      expect(res.statusCode).toBe(204);
      expect(await app.db.select().from(users).where(eq(users.id, target.id))).toEqual([]);
      expect((await own.get('/api/self')).statusCode).toBe(401);
      await expect(loginWithFlow(app, target.email)).rejects.toThrow(MESSAGES.invalidCredentials);
      expect((await owner.get(person(target.id))).statusCode).toBe(404);
      expect((await owner.delete(person(target.id))).statusCode).toBe(404);

      const [row] = await app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, target.id), eq(auditEvents.action, 'user.deleted')));
      expect(row).toMatchObject({
        companyId: sonnenschein,
        actorRole: 'AccountAdministrator',
        before: { firstName: 'Paula', lastName: target.lastName, email: target.email, role: 'Employee' },
        after: null,
      });
    });
  });
});
