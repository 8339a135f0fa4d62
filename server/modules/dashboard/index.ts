import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayInGermany } from '../../../src/domain/dates';
import type { Dashboard } from '../../../src/domain/dashboard';
import { ROLES } from '../../../src/domain/roles';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { dashboardSchema } from './dashboard.schemas';
import { dashboardService } from './dashboard.service';
import { API_TAG } from '../../lib/api-tags';

export interface DashboardModuleOptions {
  /** Today's clock (Germany's calendar day and month); tests move it. */
  clock?: () => Date;
}

/**
 * 'Was ansteht' below the dashboard's tiles (issue 25): GET /api/dashboard answers the caller's own
 * figures. Every role may ask, and each gets only its own tenant's figures (the service scopes by
 * the token); a company user whose registration is unfinished gets its own missing steps only.
 */
export async function dashboardModule(app: FastifyInstance, opts: DashboardModuleOptions = {}) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/dashboard',
    {
      config: { allowUnfinishedRegistration: true },
      schema: {
        tags: [API_TAG.dashboard],
        operationId: 'getDashboard',
        summary: 'Was ansteht: die Zahlen der Übersicht für den angemeldeten Benutzer, je nach Rolle',
        response: { 200: dashboardSchema, ...errorResponses },
      },
    },
    async (request): Promise<Dashboard> => {
      const user = requireRole(request, ROLES);
      return dashboardService(app.db).forUser(user, todayInGermany(opts.clock?.() ?? new Date()));
    },
  );
}
