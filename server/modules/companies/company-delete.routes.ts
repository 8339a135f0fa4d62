import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mayDeleteOwnCompany } from '../../../src/domain/companyDeletion';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { forbidden } from '../../errors';
import { userOf } from '../../plugins/auth';
import { conflictOn, FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION } from '../../lib/pg-errors';
import { errorResponses } from '../../lib/responses';
import { companyParams } from './companies.schemas';
import { deleteCompany } from './company-deletion';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.companies];

/**
 * DELETE /api/company/{id} (spec section 2, dialog deleteCompany): the Owner of that company,
 * while the owner's initial registration is unfinished, deletes the company with its users,
 * studios and documents. Everyone else, also the owner after the eID binding, gets 403: the
 * route is open to unfinished registrations, so it checks the rule itself. A company whose studios
 * have licences stays: 409 'Company has licenses'.
 */
export async function companyDeleteRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.delete(
    '/api/company/:id',
    {
      schema: {
        tags,
        operationId: 'deleteCompany',
        summary:
          'Eigene Firma löschen (Owner vor Abschluss der Erstregistrierung): Firma, Studios, Nachweise und Konten',
        params: companyParams,
        response: { 204: z.null(), ...errorResponses },
      },
      config: { allowUnfinishedRegistration: true },
    },
    async (request, reply) => {
      const user = userOf(request);
      const companyId = request.params.id;
      if (user.companyId !== companyId || !mayDeleteOwnCompany(user)) throw forbidden();
      const idpAdmin = app.idpAdmin;
      if (!idpAdmin) throw new Error('deleting a company needs an IdP-admin port');
      const removed = await conflictOn(
        [RESTRICT_VIOLATION, FOREIGN_KEY_VIOLATION],
        SERVER_MESSAGES.companyHasLicenses,
        () => app.db.transaction((tx) => deleteCompany(tx, { idpAdmin, outbox: app.mailOutbox }, user, companyId)),
      );
      request.log.info({ companyId, ...removed }, 'company deleted by its owner');
      return reply.code(204).send(null);
    },
  );
}
