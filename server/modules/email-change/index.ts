import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMINISTRATOR_ROLES, COMPANY_ROLES } from '../../../src/domain/roles';
import { forbidden } from '../../errors';
import { requireRole } from '../../lib/permissions';
import { publicRoute } from '../../lib/public-route';
import { errorBodySchema, errorResponses } from '../../lib/responses';
import {
  administratorParams,
  confirmParams,
  confirmQuery,
  emailChangeBody,
  emailChanged,
  emailChangeRequested,
  userEmailParams,
} from './email-change.schemas';
import { emailChangeService } from './email-change.service';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.self];

/**
 * The own e-mail change (spec sections 4 and 7): company users ask through their company's user
 * path, the three admin roles through the administrator path; nobody asks for anyone else. The
 * two confirmations are public (the mailed link proves the new mailbox) and rate limited.
 */
export async function emailChangeModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = () =>
    emailChangeService({ db: app.db, config: app.config, outbox: app.mailOutbox, idpAdmin: app.idpAdmin });

  api.put(
    '/api/company/:companyId/user/:userId/email',
    {
      // Spec section 4: owners change their e-mail also before the eID binding.
      config: { allowUnfinishedRegistration: true },
      schema: {
        tags,
        operationId: 'requestUserEmailChange',
        summary: 'Eigene E-Mail-Adresse ändern (Firmenbenutzer): Bestätigungslink an die neue Adresse',
        params: userEmailParams,
        body: emailChangeBody,
        response: { 202: emailChangeRequested, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, COMPANY_ROLES);
      const { companyId, userId } = request.params;
      if (user.companyId !== companyId || user.id !== userId) throw forbidden();
      return reply.code(202).send(await service().request(user.id, 'user', request.body.email));
    },
  );

  api.put(
    '/api/administrator/:id/email',
    {
      schema: {
        tags,
        operationId: 'requestAdministratorEmailChange',
        summary: 'Eigene E-Mail-Adresse ändern (Administratoren): Bestätigungslink an die neue Adresse',
        params: administratorParams,
        body: emailChangeBody,
        response: { 202: emailChangeRequested, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, ADMINISTRATOR_ROLES);
      if (user.id !== request.params.id) throw forbidden();
      return reply.code(202).send(await service().request(user.id, 'administrator', request.body.email));
    },
  );

  api.get(
    '/api/user-email-change-request/:id/confirm',
    {
      config: publicRoute(app.config),
      schema: {
        tags,
        operationId: 'confirmUserEmailChange',
        summary: 'E-Mail-Änderung eines Firmenbenutzers bestätigen (öffentlich, Link aus der E-Mail mit seinem Token)',
        params: confirmParams,
        querystring: confirmQuery,
        response: { 200: emailChanged, ...errorResponses, 429: errorBodySchema },
      },
    },
    async (request) => service().confirm('user', request.params.id, request.query.token),
  );

  api.get(
    '/api/administrator-email-change-request/:id/confirm',
    {
      config: publicRoute(app.config),
      schema: {
        tags,
        operationId: 'confirmAdministratorEmailChange',
        summary: 'E-Mail-Änderung eines Administrators bestätigen (öffentlich, Link aus der E-Mail mit seinem Token)',
        params: confirmParams,
        querystring: confirmQuery,
        response: { 200: emailChanged, ...errorResponses, 429: errorBodySchema },
      },
    },
    async (request) => service().confirm('administrator', request.params.id, request.query.token),
  );
}
