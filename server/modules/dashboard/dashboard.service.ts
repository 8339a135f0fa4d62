import {
  chartDays,
  dashboardKind,
  fillDays,
  ownAccountSteps,
  type CompanyDashboard,
  type Dashboard,
  type IntegratorDashboard,
  type ProviderDashboard,
  type SystemDashboard,
} from '../../../src/domain/dashboard';
import { addMonths, monthOf } from '../../../src/domain/usage';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import { outboxBacklog } from '../../mail/outbox-backlog';
import type { CurrentUser } from '../../plugins/auth';
import { usageRepository } from '../usage/usage.repository';
import { dashboardRepository } from './dashboard.repository';

/**
 * 'Was ansteht' (issue 25): each caller's figures, counted in the database, scoped to the caller's
 * own tenant by what the token says (company or system integrator), never by anything the request
 * names. `today` is Germany's calendar day ("yyyy-MM-dd").
 */
export function dashboardService(db: Db) {
  const repo = dashboardRepository(db);
  const usage = usageRepository(db);

  async function company(companyId: string, today: string): Promise<CompanyDashboard> {
    const thisMonth = monthOf(today);
    const range = { from: addMonths(thisMonth, -1), to: thisMonth };
    const [pendingEmployees, months, packages, licences] = await Promise.all([
      repo.pendingEmployees(companyId),
      usage.monthTotals(companyId, range),
      repo.packageAlerts({ companyId }, today),
      repo.licenseCounts({ companyId }),
    ]);
    const [lastMonth, current] = months;
    return {
      kind: 'company',
      companyId,
      pendingEmployees,
      thisMonth: current,
      lastMonth,
      packages,
      suspendedLicenses: licences.suspended,
    };
  }

  async function provider(today: string): Promise<ProviderDashboard> {
    const [queue, perDay] = await Promise.all([
      repo.providerQueue(`${monthOf(today)}-01`),
      usage.processesPerDay({}, chartDays(today)[0]),
    ]);
    return {
      kind: 'provider',
      openApplications: queue.openApplications,
      openEidReviews: queue.openEidReviews,
      companiesApprovedThisMonth: queue.approvedThisMonth,
      processesPerDay: fillDays(perDay, today),
    };
  }

  async function integrator(systemIntegratorId: string, today: string): Promise<IntegratorDashboard> {
    const owner = { systemIntegratorId };
    const [licences, packages, perDay] = await Promise.all([
      repo.licenseCounts(owner),
      repo.packageAlerts(owner, today),
      usage.processesPerDay(owner, chartDays(today)[0]),
    ]);
    return {
      kind: 'integrator',
      systemIntegratorId,
      activeLicenses: licences.active,
      suspendedLicenses: licences.suspended,
      packages,
      processesPerDay: fillDays(perDay, today),
    };
  }

  async function system(): Promise<SystemDashboard> {
    const [accounts, backlog, failedJobs24h] = await Promise.all([
      repo.accountCounts(),
      outboxBacklog(db),
      repo.failedJobsLastDay(),
    ]);
    return {
      kind: 'system',
      ...accounts,
      mailsWaiting: backlog.waiting,
      oldestMailAgeSeconds: Math.round(backlog.oldestAgeSeconds),
      failedJobs24h,
    };
  }

  return {
    async forUser(user: CurrentUser, today: string): Promise<Dashboard> {
      switch (dashboardKind(user.role, user.status)) {
        case 'ownAccount':
          return { kind: 'ownAccount', ...ownAccountSteps(user.status, await repo.hasOpenEidReview(user.id)) };
        case 'company':
          if (!user.companyId) throw forbidden();
          return company(user.companyId, today);
        case 'integrator':
          if (!user.systemIntegratorId) throw forbidden();
          return integrator(user.systemIntegratorId, today);
        case 'provider':
          return provider(today);
        case 'system':
          return system();
      }
    },
  };
}
