import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, licenses, prepaidPackages, resellers, stores, systemIntegrators } from '../../../server/db/schema';
import { LICENSE_KEY_ALPHABET, LICENSE_KEY_GROUP_LENGTH, LICENSE_KEY_GROUPS } from '../../../src/domain/licenses';

/**
 * Licences and packages for the device API tests, written straight into the database (the licence
 * management API is another part of issue 13), and a client that calls the device API as studio
 * software would: licence key and machine id, no cookie, no anti-forgery token.
 */

/** A random key of the server's format (src/domain/licenses.ts). */
export function randomLicenseKey(): string {
  return Array.from({ length: LICENSE_KEY_GROUPS }, () =>
    Array.from({ length: LICENSE_KEY_GROUP_LENGTH }, () => LICENSE_KEY_ALPHABET[randomInt(32)]).join(''),
  ).join('-');
}

/** yyyy-MM-dd, `days` after `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface LicenseOwners {
  storeId: string;
  companyId: string;
  systemIntegratorId: string;
  resellerId: string;
}

/** Studio Sonnenschein Neukölln, served by FotoSoft through its first reseller (demo data). */
export async function demoLicenseOwners(app: FastifyInstance): Promise<LicenseOwners> {
  const [company] = await app.db.select().from(companies).where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'));
  const [store] = await app.db.select().from(stores).where(eq(stores.name, 'Sonnenschein Neukölln'));
  const [integrator] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'FOTOSOFT'));
  const [reseller] = await app.db.select().from(resellers).where(eq(resellers.systemIntegratorId, integrator.id));
  return { storeId: store.id, companyId: company.id, systemIntegratorId: integrator.id, resellerId: reseller.id };
}

export interface LicenseFixture {
  id: string;
  key: string;
}

export async function insertLicense(
  app: FastifyInstance,
  owners: LicenseOwners,
  overrides: Partial<{ postpaidAllowed: boolean; suspended: boolean; boundMachineId: string | null }> = {},
): Promise<LicenseFixture> {
  // A machine is bound to one licence of an integrator at a time (issue 24): the newest licence
  // takes it over from an earlier test's, as the portal's release and a new activation would.
  if (overrides.boundMachineId) {
    await app.db
      .update(licenses)
      .set({ boundMachineId: null, boundAt: null })
      .where(
        and(
          eq(licenses.systemIntegratorId, owners.systemIntegratorId),
          eq(licenses.boundMachineId, overrides.boundMachineId),
        ),
      );
  }
  const [row] = await app.db
    .insert(licenses)
    .values({
      key: randomLicenseKey(),
      storeId: owners.storeId,
      companyId: owners.companyId,
      systemIntegratorId: owners.systemIntegratorId,
      resellerId: owners.resellerId,
      postpaidAllowed: overrides.postpaidAllowed ?? false,
      suspended: overrides.suspended ?? false,
      boundMachineId: overrides.boundMachineId ?? null,
      boundAt: overrides.boundMachineId ? new Date() : null,
    })
    .returning({ id: licenses.id, key: licenses.key });
  return row;
}

export async function insertPackage(
  app: FastifyInstance,
  licenseId: string,
  pkg: { startDate: string; endDate: string; amount: number; usedAmount?: number; suspended?: boolean },
): Promise<string> {
  const [row] = await app.db
    .insert(prepaidPackages)
    .values({ licenseId, ...pkg })
    .returning({ id: prepaidPackages.id });
  return row.id;
}

export async function packageCounts(app: FastifyInstance, packageId: string) {
  const [row] = await app.db
    .select({
      amount: prepaidPackages.amount,
      usedAmount: prepaidPackages.usedAmount,
      remainingAmount: prepaidPackages.remainingAmount,
    })
    .from(prepaidPackages)
    .where(eq(prepaidPackages.id, packageId));
  return row;
}

/** The device API as studio software calls it. */
export function deviceClient(app: FastifyInstance, key: string, machineId: string) {
  const headers = { authorization: `License ${key}`, 'x-machine-id': machineId };
  return {
    activate: (body: unknown = {}) =>
      app.inject({ method: 'POST', url: '/api/device/activation', headers, payload: body as object }),
    license: () => app.inject({ method: 'GET', url: '/api/device/license', headers }),
    identify: (idempotencyKey: string = randomUUID(), operatorId?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/device/identification-process',
        headers,
        payload: { idempotencyKey, ...(operatorId === undefined ? {} : { operatorId }) },
      }),
    operators: () => app.inject({ method: 'GET', url: '/api/device/operators', headers }),
    cancel: (processId: string) =>
      app.inject({ method: 'POST', url: `/api/device/identification-process/${processId}/cancel`, headers }),
  };
}
