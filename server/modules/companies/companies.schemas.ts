import { z } from 'zod';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

/** Company of spec section 3 as the API answers it. */
export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  country: z.string(),
  legalForm: z.string(),
  phoneNumber: z.string(),
  phoneNumber2: z.string().nullable(),
  website: z.string().nullable(),
  memberId: z.string().nullable(),
});
export const storeSchema = z.object({ id: z.uuid(), name: z.string(), address: z.string(), country: z.string() });

export const companyListQuery = pagingQuerySchema(['name', 'legalForm', 'address', 'country']);
export const companyPage = pagedResultSchema(companySchema);
export const storeListQuery = pagingQuerySchema(['name', 'address', 'country']);
export const storePage = pagedResultSchema(storeSchema);

export const companyParams = z.strictObject({ id: uuidParam('Invalid company id') });
