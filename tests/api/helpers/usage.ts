import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  companies,
  identificationProcesses,
  licenses,
  prepaidPackages,
  stores,
  systemIntegrators,
  users,
} from '../../../server/db/schema';
import { LICENSE_KEY_ALPHABET } from '../../../src/domain/licenses';

/**
 * Fixtures of the usage view and the package notices, written straight into the database: the
 * licence API and the device API are other engineers' (issue 13), and the counts under test must
 * match exactly what was inserted.
 */

export async function integratorIdOf(app: FastifyInstance, code: 'FOTOSOFT' | 'BILDWERK'): Promise<string> {
  const [row] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, code));
  return row.id;
}

export async function companyIdOf(app: FastifyInstance, name: string): Promise<string> {
  const [row] = await app.db.select().from(companies).where(eq(companies.name, name));
  return row.id;
}

export async function userIdOf(app: FastifyInstance, email: string): Promise<string> {
  const [row] = await app.db.select().from(users).where(eq(users.email, email));
  return row.id;
}

/** A company of its own with studios (names in that order). */
export async function buildCompany(app: FastifyInstance, name: string, storeNames: string[] = [`${name} Studio`]) {
  const [company] = await app.db
    .insert(companies)
    .values({
      // Registered long ago, as the demo company: the processes tests give it may lie in past
      // months, and a month before a company's registration has no statement (issue 27).
      createdAt: new Date('2020-01-01T00:00:00Z'),
      name,
      legalForm: 'GmbH',
      address: 'Testweg 1, 10115 Berlin',
      country: 'Deutschland',
      phoneNumber: '+4930111111',
    })
    .returning();
  const studios = await buildStores(app, company.id, storeNames);
  return { company, stores: studios };
}

/** Studios of a company; `systemIntegratorId` names the integrator that serves them. */
export async function buildStores(
  app: FastifyInstance,
  companyId: string,
  names: string[],
  systemIntegratorId: string | null = null,
) {
  if (names.length === 0) return [];
  return app.db
    .insert(stores)
    .values(
      names.map((name) => ({
        companyId,
        name,
        address: 'Testweg 1, 10115 Berlin',
        country: 'Deutschland',
        systemIntegratorId,
      })),
    )
    .returning();
}

const randomKey = () =>
  Array.from({ length: 5 }, () =>
    Array.from({ length: 5 }, () => LICENSE_KEY_ALPHABET[randomInt(LICENSE_KEY_ALPHABET.length)]).join(''),
  ).join('-');

export async function buildLicense(
  app: FastifyInstance,
  values: {
    storeId: string;
    companyId: string;
    systemIntegratorId: string;
    resellerId?: string | null;
    postpaidAllowed?: boolean;
    suspended?: boolean;
    boundMachineId?: string | null;
  },
) {
  const [license] = await app.db
    .insert(licenses)
    .values({ key: randomKey(), postpaidAllowed: true, ...values })
    .returning();
  return license;
}

export async function buildPackage(
  app: FastifyInstance,
  values: {
    licenseId: string;
    startDate: string;
    endDate: string;
    amount: number;
    usedAmount?: number;
    suspended?: boolean;
  },
) {
  const [pkg] = await app.db.insert(prepaidPackages).values(values).returning();
  return pkg;
}

export interface ProcessSpec {
  /** When it was recorded (an ISO timestamp with offset, or a Date). */
  at: string | Date;
  machineId?: string;
  /** The package it consumed from; absent (and not postpaid) means the licence's package is not tracked. */
  packageId?: string | null;
  postpaid?: boolean;
  status?: 'Completed' | 'Cancelled';
  /** How many identical processes (default 1). */
  count?: number;
  /** The person the device API named as carrying it out (operatorId); none by default. */
  operatorUserId?: string | null;
}

type LicenseRow = Awaited<ReturnType<typeof buildLicense>>;

/** Inserts identification processes of a licence with the licence's studio, company, integrator and reseller. */
export async function insertProcesses(app: FastifyInstance, license: LicenseRow, specs: ProcessSpec[]) {
  const values = specs.flatMap((spec) =>
    Array.from({ length: spec.count ?? 1 }, () => {
      const at = typeof spec.at === 'string' ? new Date(spec.at) : spec.at;
      return {
        licenseId: license.id,
        storeId: license.storeId,
        companyId: license.companyId,
        systemIntegratorId: license.systemIntegratorId,
        resellerId: license.resellerId,
        packageId: spec.postpaid ? null : (spec.packageId ?? null),
        postpaid: spec.postpaid ?? false,
        machineId: spec.machineId ?? 'KASSE-1',
        idempotencyKey: randomUUID(),
        status: spec.status ?? 'Completed',
        createdAt: at,
        cancelledAt: spec.status === 'Cancelled' ? new Date(at.getTime() + 60_000) : null,
        operatorUserId: spec.operatorUserId ?? null,
      };
    }),
  );
  // In slices: one statement with thousands of rows would exceed the parameter limit.
  for (let i = 0; i < values.length; i += 500) {
    await app.db.insert(identificationProcesses).values(values.slice(i, i + 500));
  }
  return values.length;
}

/**
 * A user of its own with the demo password (copied from the demo owner), e.g. the Owner of a
 * company built here; `loginAs(app, email)` logs it in.
 */
export async function buildUser(
  app: FastifyInstance,
  values: {
    email: string;
    role: 'Owner' | 'AccountAdministrator' | 'Employee' | 'SystemIntegratorAdmin';
    companyId?: string | null;
    systemIntegratorId?: string | null;
    status?: 'VerifiedAndApproved' | 'Approved' | 'Rejected' | 'Active';
    firstName?: string;
    lastName?: string;
    salutation?: string | null;
    disabledAt?: Date | null;
  },
) {
  const [demo] = await app.db.select().from(users).where(eq(users.email, 'inhaber@studio-sonnenschein.example'));
  const [row] = await app.db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: 'Person',
      status: 'VerifiedAndApproved',
      passwordHash: demo.passwordHash,
      ...values,
    })
    .returning();
  return row;
}
