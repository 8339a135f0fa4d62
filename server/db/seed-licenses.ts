import { addDays } from 'date-fns/addDays';
import { sql } from 'drizzle-orm';
import { fromIsoDate, toIsoDate, todayInGermany } from '../../src/domain/dates';
import type { AuditAction } from '../modules/audit/audit';
import { auditEvents } from '../modules/audit/audit.table';
import { licenses, prepaidPackages } from '../modules/licenses/licenses.table';
import type { Tx } from './client';

/**
 * The demo licences (README "Demo-Konten"): FotoSoft's, for the Sonnenschein studios it serves.
 * Fixed keys, so the device API can be tried with them (`Authorization: License <key>`).
 */
export const DEMO_LICENSE_KEYS = {
  /** Neukölln, bound to STUDIO-SONNENSCHEIN-PC-01, prepaid only: packages expired, used up, valid. */
  neukoellnPc01: 'SNNSC-HN01K-PC01B-FTSFT-DEM01',
  /** Neukölln, bound to STUDIO-SONNENSCHEIN-PC-02, postpaid allowed: its package ran out, postpaid since. */
  neukoellnPostpaid: 'SNNSC-HN02K-PC02B-FTSFT-DEM02',
  /** Potsdam, sold by the reseller Foto Express Handel GmbH: packages valid, suspended, future. */
  potsdamReseller: 'SNNSC-HPTSD-PC01R-FTSFT-DEM03',
  /** Potsdam, suspended and unbound; one expired package. */
  potsdamSuspended: 'SNNSC-HPTSD-GESPR-FTSFT-DEM04',
} as const;

export const DEMO_MACHINE_IDS = {
  neukoellnPc01: 'STUDIO-SONNENSCHEIN-PC-01',
  neukoellnPc02: 'STUDIO-SONNENSCHEIN-PC-02',
  potsdamPc01: 'STUDIO-POTSDAM-PC-01',
  /** The machine the suspended licence was bound to before. */
  potsdamOld: 'STUDIO-POTSDAM-PC-ALT',
} as const;

export interface LicenseSeedInput {
  fotosoftId: string;
  companyId: string;
  neukoellnId: string;
  potsdamId: string;
  /** Foto Express Handel GmbH, one of FotoSoft's resellers. */
  resellerId: string;
  /** integrator@fotosoft.example, who created and changed everything (audit trail). */
  integrator: { id: string; email: string };
  /**
   * People of the studio the studio software names as the person at the device (operatorId,
   * issue 28): the recent processes of PC-01 name them in turn, so their 'Meine Daten' lists them.
   */
  operatorIds: string[];
  now: Date;
}

interface DemoPackage {
  /** Days from the seed day, both inclusive. */
  start: number;
  end: number;
  amount: number;
  suspended?: boolean;
  /** Completed processes taken from it, spread evenly over [start, until]. */
  used: number;
  /** The last day it was used (the day before the seed day at most). */
  until?: number;
  /** Processes cancelled within the window: their units went back. */
  cancelled?: number;
  /** Amount when created, if it was increased later (audit trail). */
  createdWith?: number;
}

/**
 * Packages in every state relative to the seed day (src/domain/licenses.ts packageState): expired,
 * used up, valid, suspended and future. Used amounts equal the completed processes taken from each
 * package; the postpaid licence's processes after its package ran out are postpaid.
 */
const DEMO_PACKAGES: Record<keyof typeof DEMO_LICENSE_KEYS, DemoPackage[]> = {
  neukoellnPc01: [
    { start: -395, end: -200, amount: 800, used: 780, until: -201, cancelled: 15 },
    { start: -200, end: 30, amount: 500, used: 500, until: -61, cancelled: 10 },
    { start: -60, end: 305, amount: 1000, used: 320, cancelled: 6, createdWith: 750 },
  ],
  neukoellnPostpaid: [{ start: -300, end: -121, amount: 200, used: 200, cancelled: 4 }],
  potsdamReseller: [
    { start: -180, end: 185, amount: 600, used: 350, cancelled: 7 },
    { start: -30, end: 335, amount: 250, used: 0, suspended: true },
    { start: 30, end: 395, amount: 500, used: 0 },
  ],
  potsdamSuspended: [{ start: -390, end: -250, amount: 100, used: 75, cancelled: 2 }],
};

/** The postpaid licence's processes since its package ran out (days from the seed day). */
const POSTPAID = { from: -120, until: -1, completed: 130, cancelled: 3 };

/**
 * FotoSoft's demo licences with their packages, a few thousand identification processes over the
 * last 13 months, and the audit rows of their creation. The processes are one INSERT … SELECT over
 * generate_series, so seeding (which every API test file does) stays fast.
 */
export async function seedDemoLicenses(tx: Tx, input: LicenseSeedInput): Promise<void> {
  const { now } = input;
  const today = fromIsoDate(todayInGermany(now))!;
  const day = (offset: number) => toIsoDate(addDays(today, offset));
  const daysAgo = (offset: number) => addDays(now, offset);
  const common = { companyId: input.companyId, systemIntegratorId: input.fotosoftId };

  const rows = await tx
    .insert(licenses)
    .values([
      {
        ...common,
        key: DEMO_LICENSE_KEYS.neukoellnPc01,
        storeId: input.neukoellnId,
        boundMachineId: DEMO_MACHINE_IDS.neukoellnPc01,
        boundAt: daysAgo(-399),
        createdAt: daysAgo(-400),
      },
      {
        ...common,
        key: DEMO_LICENSE_KEYS.neukoellnPostpaid,
        storeId: input.neukoellnId,
        postpaidAllowed: true,
        boundMachineId: DEMO_MACHINE_IDS.neukoellnPc02,
        boundAt: daysAgo(-304),
        createdAt: daysAgo(-305),
      },
      {
        ...common,
        key: DEMO_LICENSE_KEYS.potsdamReseller,
        storeId: input.potsdamId,
        resellerId: input.resellerId,
        boundMachineId: DEMO_MACHINE_IDS.potsdamPc01,
        boundAt: daysAgo(-184),
        createdAt: daysAgo(-185),
      },
      {
        ...common,
        key: DEMO_LICENSE_KEYS.potsdamSuspended,
        storeId: input.potsdamId,
        suspended: true,
        createdAt: daysAgo(-395),
      },
    ])
    .returning();
  const licenseOf = (name: keyof typeof DEMO_LICENSE_KEYS) => rows.find((r) => r.key === DEMO_LICENSE_KEYS[name])!;

  const audit: (typeof auditEvents.$inferInsert)[] = [];
  // The licence's company, as the licence and package routes record it: the rows then show in the
  // company's history and in its Owner's 'Protokoll'.
  const companyOfLicense = new Map(rows.map((license) => [license.id, license.companyId]));
  const record = (
    at: Date,
    action: AuditAction,
    entityType: 'license' | 'package',
    entityId: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ) =>
    audit.push({
      at,
      actorId: input.integrator.id,
      actorEmail: input.integrator.email,
      actorRole: 'SystemIntegratorAdmin',
      action,
      entityType,
      entityId,
      companyId: companyOfLicense.get(entityType === 'license' ? entityId : String(after.licenseId)) ?? null,
      before,
      after,
    });
  const licenseState = (license: (typeof rows)[number]) => ({
    key: license.key,
    storeId: license.storeId,
    companyId: license.companyId,
    systemIntegratorId: license.systemIntegratorId,
    resellerId: license.resellerId,
    postpaidAllowed: license.postpaidAllowed,
    boundMachineId: license.boundMachineId,
    suspended: license.suspended,
  });
  for (const license of rows) {
    const created = { ...licenseState(license), boundMachineId: null, suspended: false };
    record(license.createdAt, 'license.created', 'license', license.id, null, created);
    if (license.boundMachineId) {
      record(license.boundAt!, 'license.updated', 'license', license.id, created, {
        ...created,
        ...licenseState(license),
      });
    }
    if (license.suspended) {
      record(daysAgo(-240), 'license.updated', 'license', license.id, created, licenseState(license));
    }
  }

  // Processes per (licence, package or postpaid, status), spread over their days.
  const segments: {
    licenseId: string;
    machineId: string;
    packageId: string | null;
    status: string;
    n: number;
    from: string;
    to: string;
  }[] = [];
  for (const name of Object.keys(DEMO_PACKAGES) as (keyof typeof DEMO_LICENSE_KEYS)[]) {
    const license = licenseOf(name);
    const machineId = license.boundMachineId ?? DEMO_MACHINE_IDS.potsdamOld;
    const inserted = await tx
      .insert(prepaidPackages)
      .values(
        DEMO_PACKAGES[name].map((p) => ({
          licenseId: license.id,
          startDate: day(p.start),
          endDate: day(p.end),
          amount: p.amount,
          usedAmount: p.used,
          suspended: p.suspended ?? false,
          createdAt: daysAgo(Math.min(p.start - 5, 0)),
        })),
      )
      .returning();
    DEMO_PACKAGES[name].forEach((p, i) => {
      const pkg = inserted[i];
      const state = (amount: number, used: number, suspended: boolean) => ({
        licenseId: license.id,
        startDate: pkg.startDate,
        endDate: pkg.endDate,
        amount,
        usedAmount: used,
        remainingAmount: amount - used,
        suspended,
      });
      const createdWith = p.createdWith ?? p.amount;
      record(pkg.createdAt, 'package.created', 'package', pkg.id, null, state(createdWith, 0, false));
      if (p.createdWith) {
        const used = Math.round(p.used * 0.8);
        record(
          daysAgo(-10),
          'package.increased',
          'package',
          pkg.id,
          state(createdWith, used, false),
          state(p.amount, used, false),
        );
      }
      if (p.suspended) {
        record(
          daysAgo(-3),
          'package.updated',
          'package',
          pkg.id,
          state(p.amount, p.used, false),
          state(p.amount, p.used, true),
        );
      }
      const window = { from: day(Math.max(p.start, -400)), to: day(Math.min(p.until ?? -1, p.end)) };
      if (p.used > 0)
        segments.push({
          licenseId: license.id,
          machineId,
          packageId: pkg.id,
          status: 'Completed',
          n: p.used,
          ...window,
        });
      if (p.cancelled) {
        segments.push({
          licenseId: license.id,
          machineId,
          packageId: pkg.id,
          status: 'Cancelled',
          n: p.cancelled,
          ...window,
        });
      }
    });
  }
  const postpaid = licenseOf('neukoellnPostpaid');
  const postpaidWindow = { from: day(POSTPAID.from), to: day(POSTPAID.until) };
  for (const [status, n] of [
    ['Completed', POSTPAID.completed],
    ['Cancelled', POSTPAID.cancelled],
  ] as const) {
    segments.push({
      licenseId: postpaid.id,
      machineId: postpaid.boundMachineId!,
      packageId: null,
      status,
      n,
      ...postpaidWindow,
    });
  }
  await tx.insert(auditEvents).values(audit);

  // One statement for all processes: n rows per segment, day by day from `from` to `to`, at shop
  // hours (08:00-19:00 in Germany); a cancelled one was cancelled five minutes later.
  const values = sql.join(
    segments.map(
      (s) =>
        sql`(${s.licenseId}::uuid, ${s.packageId}::uuid, ${s.machineId}, ${s.status}, ${s.n}::int, ${s.from}::date, ${s.to}::date)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    INSERT INTO identification_processes
      (license_id, store_id, company_id, system_integrator_id, reseller_id, package_id, postpaid, machine_id,
       idempotency_key, status, created_at, cancelled_at)
    SELECT l.id, l.store_id, l.company_id, l.system_integrator_id, l.reseller_id, s.package_id, s.package_id IS NULL,
           s.machine_id, gen_random_uuid(), s.status, p.at,
           CASE WHEN s.status = 'Cancelled' THEN p.at + interval '5 minutes' END
    FROM (VALUES ${values}) AS s(license_id, package_id, machine_id, status, n, from_day, to_day)
    JOIN licenses l ON l.id = s.license_id
    CROSS JOIN LATERAL generate_series(1, s.n) AS g(i)
    CROSS JOIN LATERAL (
      SELECT ((s.from_day + ((g.i - 1) * (s.to_day - s.from_day + 1) / s.n))::timestamp
              + make_interval(secs => 28800 + (g.i * 7919) % 39600)) AT TIME ZONE 'Europe/Berlin' AS at
    ) AS p
  `);

  // The last 90 days of PC-01 name who carried them out, one of the operators in turn by the
  // second of recording; one slot more than operators names nobody (software that does not send it).
  if (input.operatorIds.length) {
    const operators = sql.join(
      input.operatorIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE identification_processes p
      SET operator_user_id = (ARRAY[${operators}])[1 + (extract(epoch FROM p.created_at)::bigint % ${input.operatorIds.length + 1})::int]
      WHERE p.license_id = ${licenseOf('neukoellnPc01').id}::uuid AND p.created_at >= ${daysAgo(-90).toISOString()}::timestamptz
    `);
  }
}
