import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { companyParams } from '../companies/companies.schemas';
import { ownerActivationSchema, resentAnswer } from './owner-activation.schemas';
import { ownerActivationService } from './owner-activation.service';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.companies];

/**
 * The owner's account activation, for LumioAdmin on the company page: GET where it stands (has
 * the owner set a password; how did the last activation mail fare) and POST to send the
 * activation mail again with a new link, while the owner has not set a password.
 */
export async function ownerActivationModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = () =>
    ownerActivationService({ db: app.db, config: app.config, outbox: app.mailOutbox, idpAdmin: app.idpAdmin });

  api.get(
    '/api/company/:id/owner-activation',
    {
      schema: {
        tags,
        operationId: 'getOwnerActivation',
        summary: 'Stand der Kontoaktivierung des Inhabers (LumioAdmin)',
        params: companyParams,
        response: { 200: ownerActivationSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, ['LumioAdmin']);
      return service().status(request.params.id);
    },
  );

  api.post(
    '/api/company/:id/owner-activation',
    {
      schema: {
        tags,
        operationId: 'resendOwnerActivation',
        summary: 'Aktivierungsmail des Inhabers erneut senden (neuer Link; frühere Links verfallen)',
        params: companyParams,
        response: { 202: resentAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireRole(request, ['LumioAdmin']);
      return reply.code(202).send(await service().resend(request.params.id, admin));
    },
  );
}
