import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../errors';
import { requireRole } from '../../lib/permissions';
import { publicRoute } from '../../lib/public-route';
import { errorBodySchema, errorResponses } from '../../lib/responses';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  companyInvitationParams,
  companyInvitationsParams,
  invitationParams,
  invitationSent,
  invitationView,
  inviteBody,
  openInvitationList,
  registered,
  registrationBody,
} from './employee-invitations.schemas';
import { employeeInvitationService } from './employee-invitations.service';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.employees];

/** Owner or AccountAdministrator of exactly this company (403 for another company or role). */
function requireInviterOf(request: FastifyRequest, companyId: string) {
  const user = requireRole(request, ['Owner', 'AccountAdministrator']);
  if (!user.companyId || user.companyId !== companyId) throw forbidden();
  return { ...user, companyId: user.companyId };
}

/**
 * Inviting employees (spec sections 2 and 7): an Owner or AccountAdministrator whose registration
 * is finished invites an address into their own company; the invitee opens the mailed link
 * (public, rate limited), sees the address and the company, and registers.
 */
export async function employeeInvitationsModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = () =>
    employeeInvitationService({ db: app.db, config: app.config, outbox: app.mailOutbox, idpAdmin: app.idpAdmin });

  api.post(
    '/api/employee-invitation',
    {
      schema: {
        tags,
        operationId: 'inviteEmployee',
        summary: 'Mitarbeitende einladen (Owner, AccountAdministrator): Einladungslink an die Adresse, 7 Tage gültig',
        body: inviteBody,
        response: { 201: invitationSent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, ['Owner', 'AccountAdministrator']);
      if (!user.companyId) throw forbidden();
      const answer = await service().invite({ ...user, companyId: user.companyId }, request.body.email);
      return reply.code(201).send(answer);
    },
  );

  api.get(
    '/api/employee-invitation/:id',
    {
      config: publicRoute(app.config),
      schema: {
        tags,
        operationId: 'getEmployeeInvitation',
        summary: 'Einladung lesen (öffentlich, Link aus der E-Mail): eingeladene Adresse und Firma',
        params: invitationParams,
        response: { 200: invitationView, ...errorResponses, 429: errorBodySchema },
      },
    },
    async (request) => service().view(request.params.id),
  );

  api.post(
    '/api/employee-invitation/:id',
    {
      config: publicRoute(app.config),
      schema: {
        tags,
        operationId: 'acceptEmployeeInvitation',
        summary:
          'Über die Einladung registrieren (öffentlich): legt den Mitarbeitenden an und sendet die nächsten Schritte',
        params: invitationParams,
        body: registrationBody,
        response: { 201: registered, ...errorResponses, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service().register(request.params.id, request.body)),
  );

  api.get(
    '/api/company/:companyId/employee-invitation',
    {
      schema: {
        tags,
        operationId: 'listOpenEmployeeInvitations',
        summary: 'Offene Einladungen der Firma (Owner, AccountAdministrator): Adresse, gesendet am, gültig bis',
        params: companyInvitationsParams,
        response: { 200: openInvitationList, ...errorResponses },
      },
    },
    async (request) => {
      requireInviterOf(request, request.params.companyId);
      return service().listOpen(request.params.companyId);
    },
  );

  api.post(
    '/api/company/:companyId/employee-invitation/:id/resend',
    {
      schema: {
        tags,
        operationId: 'resendEmployeeInvitation',
        summary:
          'Einladung erneut senden (Owner, AccountAdministrator): neuer Link, 7 Tage gültig; der alte Link gilt nicht mehr',
        params: companyInvitationParams,
        response: { 201: invitationSent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const inviter = requireInviterOf(request, request.params.companyId);
      return reply.code(201).send(await service().resend(inviter, request.params.id));
    },
  );

  api.delete(
    '/api/company/:companyId/employee-invitation/:id',
    {
      schema: {
        tags,
        operationId: 'withdrawEmployeeInvitation',
        summary: 'Einladung zurückziehen (Owner, AccountAdministrator): der Link gilt nicht mehr',
        params: companyInvitationParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireInviterOf(request, request.params.companyId);
      await service().withdraw(actor, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
