import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { License, PrepaidPackage } from '../../../src/domain/licenses';
import { auditEvents, companies, licenses, resellers, stores, systemIntegrators } from '../../../server/db/schema';
import { DEMO_LICENSE_KEYS } from '../../../server/db/seed-licenses';
import type { Client } from './eid';

/** The demo data the licence tests work on (server/db/seed.ts, server/db/seed-licenses.ts). */
export async function licenceWorld(app: FastifyInstance) {
  const integrator = async (code: string) =>
    (await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, code)))[0];
  const company = async (name: string) => (await app.db.select().from(companies).where(eq(companies.name, name)))[0];
  const store = async (name: string) => (await app.db.select().from(stores).where(eq(stores.name, name)))[0];
  const licence = async (key: string) => (await app.db.select().from(licenses).where(eq(licenses.key, key)))[0];
  const fotosoft = await integrator('FOTOSOFT');
  const bildwerk = await integrator('BILDWERK');
  const [fotosoftReseller] = await app.db
    .select()
    .from(resellers)
    .where(and(eq(resellers.systemIntegratorId, fotosoft.id), eq(resellers.name, 'Foto Express Handel GmbH')));
  return {
    fotosoft,
    bildwerk,
    fotosoftReseller,
    sonnenschein: await company('Fotostudio Sonnenschein GmbH'),
    morgenrot: await company('Studio Morgenrot e.K.'),
    /** Served by FotoSoft. */
    neukoelln: await store('Sonnenschein Neukölln'),
    potsdam: await store('Sonnenschein Potsdam'),
    /** Served by nobody. */
    mitte: await store('Sonnenschein Mitte'),
    morgenrotStudio: await store('Studio Morgenrot'),
    demo: {
      neukoellnPc01: await licence(DEMO_LICENSE_KEYS.neukoellnPc01),
      neukoellnPostpaid: await licence(DEMO_LICENSE_KEYS.neukoellnPostpaid),
      potsdamReseller: await licence(DEMO_LICENSE_KEYS.potsdamReseller),
      potsdamSuspended: await licence(DEMO_LICENSE_KEYS.potsdamSuspended),
    },
  };
}
export type LicenceWorld = Awaited<ReturnType<typeof licenceWorld>>;

/** Creates a licence as the integrator would (POST /api/license) and returns it. */
export async function createLicence(
  client: Client,
  body: { storeId: string; systemIntegratorId: string; resellerId?: string | null; postpaidAllowed?: boolean },
): Promise<License> {
  const res = await client.post('/api/license', { resellerId: null, postpaidAllowed: false, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as License;
}

/** Creates a package (POST /api/license/{id}/prepaid-package) and returns it. */
export async function createPackage(
  client: Client,
  licenseId: string,
  body: { startDate: string; endDate: string; amount: number },
): Promise<PrepaidPackage> {
  const res = await client.post(`/api/license/${licenseId}/prepaid-package`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PrepaidPackage;
}

/** The audit rows of one record, oldest first. */
export async function auditRowsOf(app: FastifyInstance, entityType: string, entityId: string) {
  const rows = await app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)));
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime());
}
