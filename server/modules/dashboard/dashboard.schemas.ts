import { z } from 'zod';
import type { Dashboard } from '../../../src/domain/dashboard';

const count = z.number().int().min(0);
const month = z.object({
  month: z.string().meta({ description: 'yyyy-MM (Kalendermonat in Deutschland)' }),
  prepaid: count,
  postpaid: count,
  cancelled: count,
  billable: count,
});
const packageAlerts = z
  .object({ usedUp: count, low: count, ending: count })
  .meta({ description: 'Pakete in Nutzung: aufgebraucht, unter der Hinweisschwelle, Ende in höchstens 30 Tagen' });
const processesPerDay = z
  // src/domain/dashboard.ts fillDays: toIsoDate, yyyy-MM-dd.
  .array(z.object({ day: z.iso.date().meta({ description: 'yyyy-MM-dd' }), count }))
  .meta({ description: 'Vorgänge je Tag der letzten 30 Tage, heute zuletzt' });

/** One named answer per kind of caller; `kind` says which (src/domain/dashboard.ts). */
export const companyDashboardSchema = z
  .object({
    kind: z.literal('company'),
    companyId: z.uuid(),
    pendingEmployees: count,
    thisMonth: month,
    lastMonth: month,
    packages: packageAlerts,
    suspendedLicenses: count,
  })
  .meta({
    id: 'CompanyDashboard',
    title: 'CompanyDashboard',
    description: 'Owner und AccountAdministrator: die eigene Firma',
  });

export const ownAccountDashboardSchema = z
  .object({
    kind: z.literal('ownAccount'),
    eidMissing: z.boolean(),
    eidInReview: z.boolean(),
    approvalMissing: z.boolean(),
  })
  .meta({
    id: 'OwnAccountDashboard',
    title: 'OwnAccountDashboard',
    description: 'Employee und unfertige Registrierung: was dem eigenen Konto fehlt',
  });

export const providerDashboardSchema = z
  .object({
    kind: z.literal('provider'),
    openApplications: count,
    openEidReviews: count,
    companiesApprovedThisMonth: count,
    processesPerDay,
  })
  .meta({ id: 'ProviderDashboard', title: 'ProviderDashboard', description: 'LumioAdmin: was beim Anbieter ansteht' });

export const integratorDashboardSchema = z
  .object({
    kind: z.literal('integrator'),
    systemIntegratorId: z.uuid(),
    activeLicenses: count,
    suspendedLicenses: count,
    packages: packageAlerts,
    processesPerDay,
  })
  .meta({
    id: 'IntegratorDashboard',
    title: 'IntegratorDashboard',
    description: 'SystemIntegratorAdmin: Lizenzen und Pakete der eigenen Kunden',
  });

export const systemDashboardSchema = z
  .object({
    kind: z.literal('system'),
    administrators: count,
    systemIntegrators: count,
    mailsWaiting: count,
    oldestMailAgeSeconds: count,
    failedJobs24h: count,
  })
  .meta({
    id: 'SystemDashboard',
    title: 'SystemDashboard',
    description: 'SystemAdmin: Konten und Zustand des Dienstes',
  });

export const dashboardSchema = z
  .discriminatedUnion('kind', [
    companyDashboardSchema,
    ownAccountDashboardSchema,
    providerDashboardSchema,
    integratorDashboardSchema,
    systemDashboardSchema,
  ])
  .meta({ id: 'Dashboard', description: 'Die Zahlen der Übersicht, je nach Rolle eine der Varianten (kind)' });

// The schema and the shared type describe the same answer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof dashboardSchema>, Dashboard> = true;
void sameShape;
