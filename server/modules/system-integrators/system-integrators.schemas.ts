import { z } from 'zod';
import { systemIntegratorCreateSchema, systemIntegratorUpdateSchema } from '../../../src/domain/systemIntegrator';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

export const systemIntegratorSchema = z.object({ id: z.uuid(), name: z.string(), code: z.string() });
export const systemIntegratorListQuery = pagingQuerySchema(['name', 'code']);
export const systemIntegratorPage = pagedResultSchema(systemIntegratorSchema);
export const systemIntegratorParams = z.strictObject({
  id: z.string().refine((v) => z.uuid().safeParse(v).success, 'Invalid system integrator id'),
});
export const createSystemIntegratorBody = systemIntegratorCreateSchema;
export const updateSystemIntegratorBody = systemIntegratorUpdateSchema;
