import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../errors';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import type { CurrentUser } from '../../plugins/auth';
import { auditRepository } from '../audit/audit.repository';
import { historyPage, historyQuery } from '../audit/audit.schemas';
import { employeeRepository } from './employees.repository';
import {
  companyUserListParams,
  companyUserParams,
  employeeListQuery,
  employeePage,
  employeeSchema,
  roleBody,
  statusBody,
} from './employees.schemas';
import { employeeService } from './employees.service';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.employees];

/**
 * Owner and AccountAdministrator of the company, once their own registration is finished (the
 * auth hook refuses unfinished ones); everyone else, and another company's managers, get 403.
 */
function requireEmployeeManager(request: FastifyRequest, companyId: string): CurrentUser {
  const user = requireRole(request, ['Owner', 'AccountAdministrator']);
  if (user.companyId !== companyId) throw forbidden();
  return user;
}

/**
 * The company's people (spec "Employees", "Employee detail", section 7 "Self and users"): the
 * list (all, or the pending ones with toApprove=true), one person, their history, and the
 * company's decisions in employees.service.ts. The own personal data is own-profile.routes.ts.
 */
export async function employeesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = () => employeeRepository(app.db);
  const service = () =>
    employeeService({ db: app.db, config: app.config, outbox: app.mailOutbox, idpAdmin: app.idpAdmin });

  api.get(
    '/api/company/:companyId/user',
    {
      schema: {
        tags,
        operationId: 'listEmployees',
        summary:
          'Mitarbeitende der Firma (Owner, AccountAdministrator): alle oder mit toApprove=true die zu prüfenden; mit Suche, Sortierung und Seiten',
        params: companyUserListParams,
        querystring: employeeListQuery,
        response: { 200: employeePage, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      requireEmployeeManager(request, companyId);
      const { toApprove, ...paging } = request.query;
      const { items, total } = await repo().list(companyId, paging, toApprove ?? false);
      return pagedResult(paging, total, items);
    },
  );

  api.get(
    '/api/company/:companyId/user/:userId',
    {
      schema: {
        tags,
        operationId: 'getEmployee',
        summary: 'Eine Person der Firma (Owner, AccountAdministrator)',
        params: companyUserParams,
        response: { 200: employeeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId, userId } = request.params;
      requireEmployeeManager(request, companyId);
      const person = await repo().find(companyId, userId);
      if (!person) throw notFound();
      return person;
    },
  );

  api.get(
    '/api/company/:companyId/user/:userId/history',
    {
      schema: {
        tags,
        operationId: 'listEmployeeHistory',
        summary: 'Letzte Änderungen an einer Person der Firma (Owner, AccountAdministrator)',
        params: companyUserParams,
        querystring: historyQuery,
        response: { 200: historyPage, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId, userId } = request.params;
      requireEmployeeManager(request, companyId);
      if (!(await repo().find(companyId, userId))) throw notFound();
      const { items, total } = await auditRepository(app.db).listForEntity('user', userId, request.query);
      return { pageIndex: request.query.pageIndex, pageSize: request.query.pageSize, totalItemCount: total, items };
    },
  );

  api.put(
    '/api/company/:companyId/user/:userId/role',
    {
      schema: {
        tags,
        operationId: 'changeEmployeeRole',
        summary: 'Rolle einer Person der Firma ändern (Owner, AccountAdministrator)',
        params: companyUserParams,
        body: roleBody,
        response: { 200: employeeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId, userId } = request.params;
      const actor = requireEmployeeManager(request, companyId);
      return service().changeRole(actor, companyId, userId, request.body.role);
    },
  );

  api.put(
    '/api/company/:companyId/user/:userId/status',
    {
      schema: {
        tags,
        operationId: 'decideEmployee',
        summary: 'Zu prüfende Person der Firma freigeben oder ablehnen (Owner, AccountAdministrator)',
        params: companyUserParams,
        body: statusBody,
        response: { 200: employeeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId, userId } = request.params;
      const actor = requireEmployeeManager(request, companyId);
      return service().decide(actor, companyId, userId, request.body.status);
    },
  );

  api.delete(
    '/api/company/:companyId/user/:userId',
    {
      schema: {
        tags,
        operationId: 'deleteEmployee',
        summary: 'Person der Firma löschen (Owner, AccountAdministrator)',
        params: companyUserParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { companyId, userId } = request.params;
      const actor = requireEmployeeManager(request, companyId);
      await service().remove(actor, companyId, userId);
      return reply.code(204).send(null);
    },
  );
}
