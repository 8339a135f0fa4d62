import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { publicRoute } from '../../lib/public-route';
import { errorBodySchema, errorResponses } from '../../lib/responses';
import { companyApplicationRepository } from './company-applications.repository';
import {
  applicationDetailSchema,
  applicationIdAnswer,
  applicationParams,
  confirmQuery,
  decideApplicationBody,
  openApplicationListQuery,
  openApplicationPage,
  submitApplicationBody,
} from './company-applications.schemas';
import { companyApplicationService } from './company-applications.service';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.applications];

/**
 * Company applications (studio registration). Public: submit and confirm (rate limited).
 * LumioAdmin: the list of open applications, the detail, and the decision, whose approval creates
 * the company, its studio and the owner through the IdP-admin port.
 */
export async function companyApplicationsModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = () =>
    companyApplicationService({
      db: app.db,
      config: app.config,
      outbox: app.mailOutbox,
      idpAdmin: app.idpAdmin,
    });

  api.post(
    '/api/company-application',
    {
      config: publicRoute(app.config),
      schema: {
        tags,
        operationId: 'submitCompanyApplication',
        summary: 'Fotostudio registrieren (öffentlich); sendet den Bestätigungslink per E-Mail',
        body: submitApplicationBody,
        response: { 201: applicationIdAnswer, ...errorResponses, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await service().submit(request.body);
      return reply.code(201).send({ id });
    },
  );

  api.get(
    '/api/company-application/:id/confirm',
    {
      config: publicRoute(app.config),
      schema: {
        tags,
        operationId: 'confirmCompanyApplication',
        summary: 'E-Mail-Adresse eines Antrags bestätigen (öffentlich, Link aus der E-Mail mit seinem Token)',
        params: applicationParams,
        querystring: confirmQuery,
        response: { 200: applicationIdAnswer, ...errorResponses, 429: errorBodySchema },
      },
    },
    async (request) => ({ id: await service().confirm(request.params.id, request.query.token) }),
  );

  api.get(
    '/api/company-application',
    {
      schema: {
        tags,
        operationId: 'listCompanyApplications',
        summary: 'Offene (bestätigte, unentschiedene) Anträge',
        querystring: openApplicationListQuery,
        response: { 200: openApplicationPage, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, ['LumioAdmin']);
      const { items, total } = await companyApplicationRepository(app.db).listOpen(request.query);
      return pagedResult(request.query, total, items);
    },
  );

  api.get(
    '/api/company-application/:id',
    {
      schema: {
        tags,
        operationId: 'getCompanyApplication',
        summary: 'Ein Antrag mit allen Angaben und Dokumenten, zur Prüfung (LumioAdmin)',
        params: applicationParams,
        response: { 200: applicationDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, ['LumioAdmin']);
      return service().detail(request.params.id);
    },
  );

  api.put(
    '/api/company-application/:id/status',
    {
      schema: {
        tags,
        operationId: 'decideCompanyApplication',
        summary: 'Antrag annehmen (legt Firma, Studio und Inhaber an) oder ablehnen',
        params: applicationParams,
        body: decideApplicationBody,
        response: { 200: applicationDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireRole(request, ['LumioAdmin']);
      return service().decide(request.params.id, request.body.status, admin);
    },
  );
}
