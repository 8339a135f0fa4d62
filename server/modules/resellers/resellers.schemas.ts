import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { resellerPayloadSchema } from '../../../src/domain/reseller';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

/** Spec section 3: "Reseller: id, name." */
export const resellerSchema = z
  .object({ id: z.uuid(), name: z.string() })
  .meta({ id: 'Reseller', description: 'Wiederverkäufer eines System-Integrators' });
export const resellerListQuery = pagingQuerySchema(['name']);
export const resellerPage = pagedResultSchema(resellerSchema).meta({
  id: 'ResellerPage',
  description: 'Eine Seite der Reseller eines System-Integrators',
});
export const integratorParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidSystemIntegratorId) });
export const resellerParams = z.strictObject({
  id: uuidParam(SERVER_MESSAGES.invalidSystemIntegratorId),
  resellerId: uuidParam(SERVER_MESSAGES.invalidResellerId),
});
/**
 * POST and PUT take the name alone (src/domain/reseller.ts). Not 'ResellerInput': that is the name
 * fastify-type-provider-zod gives the input side of 'Reseller', and zod's registry refuses a second.
 */
export const resellerBody = resellerPayloadSchema.meta({
  id: 'ResellerPayload',
  description: 'Reseller anlegen oder umbenennen: der Name',
});
