import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../server/db/schema';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { loginAs } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

const PERSONAL = { salutation: 'Frau', firstName: 'Lea', lastName: 'Neumann', birthDate: '1995-06-30' };

describe("a company user's own personal data (PUT /api/company/{companyId}/user/{userId})", () => {
  let app: FastifyInstance;
  let sonnenschein: string;
  let newcomer: { id: string; client: ReturnType<typeof apiClient> };

  beforeAll(async () => {
    app = await buildTestApp();
    [{ id: sonnenschein }] = await app.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'));
    // An employee who registered but is not yet verified: the one case spec section 4 allows.
    const [template] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    const [row] = await app.db
      .insert(users)
      .values({
        email: 'neu.angestellt@studio-sonnenschein.example',
        ...PERSONAL,
        firstName: 'Lena',
        role: 'Employee',
        status: 'Unverified',
        companyId: sonnenschein,
        passwordHash: template.passwordHash,
      })
      .returning();
    newcomer = { id: row.id, client: apiClient(app, (await loginAs(app, row.email)).accessToken) };
  });
  afterAll(() => app.close());

  const path = (userId: string, companyId = sonnenschein) => `/api/company/${companyId}/user/${userId}`;

  it('lets an unverified employee correct their own name and answers their profile', async () => {
    const res = await newcomer.client.put(path(newcomer.id), { ...PERSONAL, firstName: ' Lea ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...PERSONAL, id: newcomer.id, role: 'Employee', status: 'Unverified' });
    const self = await newcomer.client.get('/api/self');
    expect(self.json()).toMatchObject(PERSONAL);
  });

  it('refuses invalid data with the German message and changes nothing', async () => {
    const before = await snapshotTables(app);
    const res = await newcomer.client.put(path(newcomer.id), { ...PERSONAL, lastName: '' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).messages.join(' ')).toContain(VALIDATION_TEXTS.required);
    const unknownField = await newcomer.client.put(path(newcomer.id), { ...PERSONAL, role: 'Owner' });
    expect(unknownField.statusCode).toBe(400);
    expect(await snapshotTables(app)).toEqual(before);
  });

  it("refuses another user's data, even in the own company", async () => {
    const [employee] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    const before = await snapshotTables(app);
    const res = await newcomer.client.put(path(employee.id), PERSONAL);
    expect(res.statusCode).toBe(403);
    expect(await snapshotTables(app)).toEqual(before);
  });

  it.each([
    ['the owner', DEMO.owner],
    ['a verified and approved employee', DEMO.employee],
    ['an account administrator after registration', DEMO.accountAdmin],
  ])('refuses %s: only the e-mail may change', async (_who, email) => {
    const [user] = await app.db.select().from(users).where(eq(users.email, email));
    const client = apiClient(app, (await loginAs(app, email)).accessToken);
    const before = await snapshotTables(app);
    const res = await client.put(path(user.id, user.companyId!), PERSONAL);
    expect(res.statusCode).toBe(403);
    expect(await snapshotTables(app)).toEqual(before);
  });
});
