import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { systemIntegratorCreateSchema, systemIntegratorUpdateSchema } from '../../../src/domain/systemIntegrator';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

export const systemIntegratorSchema = z
  .object({ id: z.uuid(), name: z.string(), code: z.string() })
  .meta({ id: 'SystemIntegrator', description: 'Hersteller der Studio-Software mit Name und Kürzel' });
export const systemIntegratorListQuery = pagingQuerySchema(['name', 'code']);
export const systemIntegratorPage = pagedResultSchema(systemIntegratorSchema).meta({
  id: 'SystemIntegratorPage',
  description: 'Eine Seite der System-Integratoren',
});
export const systemIntegratorParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidSystemIntegratorId) });
export const createSystemIntegratorBody = systemIntegratorCreateSchema.meta({
  id: 'SystemIntegratorCreate',
  description: 'System-Integrator anlegen: Name und Kürzel',
});
export const updateSystemIntegratorBody = systemIntegratorUpdateSchema.meta({
  id: 'SystemIntegratorUpdate',
  description: 'System-Integrator umbenennen: der neue Name',
});
