import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { uuidParam } from '../../lib/ids';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { secondFactorService } from './second-factor.service';
import { API_TAG } from '../../lib/api-tags';

const userParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidUserId) });

/**
 * A user's second factor (TOTP authenticator app) as the SystemAdmin manages it. Any user's, an
 * administrator's or a company person's, hence below /api/user/{id} (as /api/user/eid/bind).
 */
export async function secondFactorModule(app: FastifyInstance) {
  const service = () =>
    secondFactorService({ db: app.db, config: app.config, outbox: app.mailOutbox, idpAdmin: app.idpAdmin });

  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/user/:id/second-factor',
    {
      schema: {
        tags: [API_TAG.self],
        operationId: 'resetSecondFactor',
        summary:
          'Zwei-Faktor-Anmeldung eines anderen Benutzers zurücksetzen (SystemAdmin; beendet seine Sitzungen, Mail an ihn)',
        params: userParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, ['SystemAdmin']);
      await service().reset(actor, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
