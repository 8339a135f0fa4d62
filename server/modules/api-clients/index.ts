import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_CLIENT_ID_PREFIX, apiClientCreateSchema, type ApiClient } from '../../../src/domain/apiClients';
import type { Role } from '../../../src/domain/roles';
import { forbidden, notFound } from '../../errors';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';
import { systemIntegratorRepository } from '../system-integrators/system-integrators.repository';
import { systemIntegratorParams } from '../system-integrators/system-integrators.schemas';
import { apiClientRepository } from './api-clients.repository';
import { apiClientListQuery, apiClientPage, apiClientParams, createdApiClientSchema } from './api-clients.schemas';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.apiClients];

/** Only the integrator's own SystemIntegratorAdmin, a person: API clients never manage API clients. */
const MANAGERS: readonly Role[] = ['SystemIntegratorAdmin'];

/** `lumio-api-` + 20 random lower-case hex digits: unguessable enough to say nothing, short enough to type. */
const newClientId = () => `${API_CLIENT_ID_PREFIX}${randomBytes(10).toString('hex')}`;

/** Refuses (403) a call about another system integrator (and, should a route ever allow it, an API client's). */
function requireOwnIntegrator(request: Parameters<typeof requireRole>[0], systemIntegratorId: string): CurrentUser {
  const user = requireRole(request, MANAGERS);
  if (user.apiClient || user.systemIntegratorId !== systemIntegratorId) throw forbidden();
  return user;
}

/** What the audit trail keeps of a client: never its secret. */
const audited = (client: ApiClient, systemIntegratorId: string) => ({
  name: client.name,
  clientId: client.clientId,
  systemIntegratorId,
});

/**
 * A system integrator's API clients (issue 26, part 3): GET/POST
 * /api/system-integrator/{id}/api-client and DELETE …/api-client/{clientId}. The identity
 * provider's OAuth client is created and removed through the IdP admin port in the same
 * transaction as the row; the secret is answered once, by the POST. A deleted client's tokens stop
 * at once: the API looks the row up on every request (server/plugins/auth.ts).
 */
export async function apiClientsModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const idp = () => {
    if (!app.idpAdmin) throw new Error('no IdP admin port registered');
    return app.idpAdmin;
  };

  api.get(
    '/api/system-integrator/:id/api-client',
    {
      schema: {
        tags,
        operationId: 'listApiClients',
        summary: 'API-Zugänge des eigenen System-Integrators (SystemIntegratorAdmin): Liste ohne Geheimnisse',
        params: systemIntegratorParams,
        querystring: apiClientListQuery,
        response: { 200: apiClientPage, ...errorResponses },
      },
    },
    async (request) => {
      requireOwnIntegrator(request, request.params.id);
      const { items, total } = await apiClientRepository(app.db).list(request.params.id, request.query);
      return pagedResult(request.query, total, items);
    },
  );

  api.post(
    '/api/system-integrator/:id/api-client',
    {
      schema: {
        tags,
        operationId: 'createApiClient',
        summary:
          'API-Zugang anlegen (SystemIntegratorAdmin des System-Integrators); die Antwort enthält das Client-Secret zum einzigen Mal',
        params: systemIntegratorParams,
        body: apiClientCreateSchema,
        response: { 201: createdApiClientSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireOwnIntegrator(request, request.params.id);
      const systemIntegratorId = request.params.id;
      if (!(await systemIntegratorRepository(app.db).find(systemIntegratorId))) throw notFound();
      const { client, secret } = await app.db.transaction(async (tx) => {
        const created = await apiClientRepository(tx).create({
          systemIntegratorId,
          name: request.body.name,
          clientId: newClientId(),
          createdBy: user.id,
        });
        const { secret } = await idp().createApiClient(tx, { clientId: created.clientId, name: created.name });
        await recordAudit(tx, user, {
          action: 'api-client.created',
          entityType: 'api-client',
          entityId: created.id,
          after: audited(created, systemIntegratorId),
        });
        return { client: created, secret };
      });
      return reply.code(201).send({
        id: client.id,
        clientId: client.clientId,
        clientSecret: secret,
        name: client.name,
        createdAt: client.createdAt,
      });
    },
  );

  api.delete(
    '/api/system-integrator/:id/api-client/:clientId',
    {
      schema: {
        tags,
        operationId: 'deleteApiClient',
        summary:
          'API-Zugang löschen (SystemIntegratorAdmin des System-Integrators); seine Tokens werden sofort abgewiesen',
        params: apiClientParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireOwnIntegrator(request, request.params.id);
      const { id: systemIntegratorId, clientId } = request.params;
      await app.db.transaction(async (tx) => {
        const repo = apiClientRepository(tx);
        const before = await repo.lock(systemIntegratorId, clientId);
        if (!before) throw notFound();
        await idp().deleteApiClient(tx, clientId);
        await repo.delete(systemIntegratorId, clientId);
        await recordAudit(tx, user, {
          action: 'api-client.deleted',
          entityType: 'api-client',
          entityId: before.id,
          before: audited(before, systemIntegratorId),
        });
      });
      return reply.code(204).send(null);
    },
  );
}
