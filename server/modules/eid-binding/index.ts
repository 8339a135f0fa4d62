import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EID_SESSION_HEADER } from '../../../src/domain/eid';
import { COMPANY_ROLES } from '../../../src/domain/roles';
import { forbidden } from '../../errors';
import { requireRole } from '../../lib/permissions';
import { bindingDone, bindingErrorResponses, bindingStarted, sessionHeader } from './eid-binding.schemas';
import { eidBindingService, type BindingUser } from './eid-binding.service';
import { API_TAG } from '../../lib/api-tags';

export interface EidBindingModuleOptions {
  /** Key of the pseudonyms' HMAC (server/eid/pseudonym.ts). */
  pseudonymKey: Buffer;
  /** The time the binding service goes by (server/app.ts BuildOptions.clock). */
  clock: () => Date;
}

const tags = [API_TAG.eid];

/** Company users bind their own ID; everyone else is 403. */
function requireBindingUser(request: FastifyRequest): BindingUser {
  const user = requireRole(request, COMPANY_ROLES);
  if (!user.companyId) throw forbidden();
  return { ...user, companyId: user.companyId };
}

/**
 * The eID binding of the verify screen (spec sections 2, 4 and 7; issue 11): start a session, then
 * check its status every few seconds. Reachable before the initial registration is finished; that
 * is what it finishes.
 */
export async function eidBindingModule(app: FastifyInstance, opts: EidBindingModuleOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = () =>
    eidBindingService({
      db: app.db,
      config: app.config,
      outbox: app.mailOutbox,
      eid: app.eid,
      pseudonymKey: opts.pseudonymKey,
      clock: opts.clock,
      log: app.log,
    });

  api.post(
    '/api/user/eid/bind',
    {
      config: { allowUnfinishedRegistration: true },
      schema: {
        tags,
        operationId: 'startEidBinding',
        summary:
          'eID-Verifizierung starten (Firmenbenutzer ohne gebundenen Ausweis): QR-Code, Token und Vergleichscode',
        response: { 201: bindingStarted, ...bindingErrorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await service().start(requireBindingUser(request))),
  );

  api.get(
    '/api/user/eid/bind',
    {
      config: { allowUnfinishedRegistration: true },
      schema: {
        tags,
        operationId: 'getEidBindingResult',
        summary:
          'Stand der eID-Verifizierung (Header x-session-id): 204 läuft noch, 200 fertig, sonst der EID_*-Fehler',
        headers: sessionHeader,
        response: { 200: bindingDone, 204: z.null(), ...bindingErrorResponses },
      },
    },
    async (request, reply) => {
      const user = requireBindingUser(request);
      const done = await service().poll(user, request.headers[EID_SESSION_HEADER]);
      if (!done) return reply.code(204).send(null);
      return done;
    },
  );
}
