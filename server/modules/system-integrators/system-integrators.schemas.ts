import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { systemIntegratorCreateSchema, systemIntegratorUpdateSchema } from '../../../src/domain/systemIntegrator';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

export const systemIntegratorSchema = z.object({ id: z.uuid(), name: z.string(), code: z.string() });
export const systemIntegratorListQuery = pagingQuerySchema(['name', 'code']);
export const systemIntegratorPage = pagedResultSchema(systemIntegratorSchema);
export const systemIntegratorParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidSystemIntegratorId) });
export const createSystemIntegratorBody = systemIntegratorCreateSchema;
export const updateSystemIntegratorBody = systemIntegratorUpdateSchema;
