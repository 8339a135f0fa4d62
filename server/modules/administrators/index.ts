import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { administratorRepository } from './administrators.repository';
import {
  administratorListQuery,
  administratorPage,
  administratorParams,
  administratorSchema,
  createAdministratorBody,
  updateAdministratorBody,
} from './administrators.schemas';
import { administratorService } from './administrators.service';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.administrators];
/** Spec sections 2 and 6: the route administration is for these two; only SystemAdmin changes anything. */
const READERS = ['SystemAdmin', 'LumioAdmin'] as const;
const MANAGERS = ['SystemAdmin'] as const;

/**
 * The administrator accounts (spec "Administration", section 7 "Administrators"): SystemAdmin and
 * LumioAdmin read the list and one account; SystemAdmin creates, renames and deletes them. Company
 * users are no administrators: their ids are 404 here. The own e-mail change
 * (PUT /api/administrator/{id}/email) lives in the e-mail-change module.
 */
export async function administratorsModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = () => administratorRepository(app.db);
  const service = () =>
    administratorService({ db: app.db, config: app.config, outbox: app.mailOutbox, idpAdmin: app.idpAdmin });

  api.get(
    '/api/administrator',
    {
      schema: {
        tags,
        operationId: 'listAdministrators',
        summary: 'Administratoren (SystemAdmin, LumioAdmin): Liste mit Suche, Sortierung und Seiten',
        querystring: administratorListQuery,
        response: { 200: administratorPage, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, READERS);
      const { items, total } = await repo().list(request.query);
      return pagedResult(request.query, total, items);
    },
  );

  api.get(
    '/api/administrator/:id',
    {
      schema: {
        tags,
        operationId: 'getAdministrator',
        summary: 'Ein Administrator',
        params: administratorParams,
        response: { 200: administratorSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, READERS);
      const found = await repo().find(request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  api.post(
    '/api/administrator',
    {
      schema: {
        tags,
        operationId: 'createAdministrator',
        summary: 'Administrator anlegen (SystemAdmin): Konto beim Identity Provider, Mail mit Link zum Passwort',
        body: createAdministratorBody,
        response: { 201: administratorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, MANAGERS);
      return reply.code(201).send(await service().create(actor, request.body));
    },
  );

  api.put(
    '/api/administrator/:id',
    {
      schema: {
        tags,
        operationId: 'updateAdministrator',
        summary: 'Vor- und Nachname eines anderen Administrators ändern (SystemAdmin)',
        params: administratorParams,
        body: updateAdministratorBody,
        response: { 200: administratorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireRole(request, MANAGERS);
      return service().rename(actor, request.params.id, request.body);
    },
  );

  api.delete(
    '/api/administrator/:id',
    {
      schema: {
        tags,
        operationId: 'deleteAdministrator',
        summary: 'Administrator löschen (SystemAdmin; nie sich selbst, nie den letzten SystemAdmin)',
        params: administratorParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, MANAGERS);
      await service().remove(actor, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
