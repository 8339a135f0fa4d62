import { z } from 'zod';
import { COMPANY_FIELD_RULES, STORE_FIELD_RULES } from '../../../src/domain/company';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { ruledFields } from '../../lib/field-schema';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

/** Company of spec section 3 as the API answers it. */
export const companySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    address: z.string(),
    country: z.string(),
    legalForm: z.string(),
    phoneNumber: z.string(),
    phoneNumber2: z.string().nullable(),
    website: z.string().nullable(),
    memberId: z.string().nullable(),
  })
  .meta({ id: 'Company', description: 'Firma eines Fotostudios mit Rechtsform, Anschrift und Kontakt' });
export const storeSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    address: z.string(),
    country: z.string(),
    systemIntegratorId: z.uuid().nullable(),
    // Inline, not SystemIntegrator: OpenAPI 3.0 has no nullable $ref.
    systemIntegrator: z.object({ id: z.uuid(), name: z.string(), code: z.string() }).nullable(),
  })
  .meta({ id: 'Store', description: 'Studio einer Firma und der System-Integrator, der es betreut' });

/** PUT /api/company/{id}: the company fields of spec section 3 (no id), by the company form's rules. */
export const companyUpdateBody = z
  .strictObject(ruledFields(COMPANY_FIELD_RULES))
  .meta({ id: 'CompanyUpdate', description: 'Firmendaten ändern (Owner der Firma)' });
export type CompanyUpdateBody = z.infer<typeof companyUpdateBody>;

/** POST and PUT of a studio: name, address, country and, optionally, the serving integrator. */
export const storeBody = z
  .strictObject({
    ...ruledFields(STORE_FIELD_RULES),
    systemIntegratorId: z
      .uuid({ error: SERVER_MESSAGES.invalidSystemIntegratorId })
      .transform((id) => id.toLowerCase())
      .nullish()
      .transform((id) => id ?? null),
  })
  // Not 'StoreInput': that is the input side of 'Store' (fastify-type-provider-zod).
  .meta({
    id: 'StorePayload',
    description: 'Studio anlegen oder ändern: Name, Anschrift, Land, betreuender System-Integrator',
  });
export type StoreBody = z.infer<typeof storeBody>;
export const storeCreated = z
  .object({ id: z.uuid() })
  .meta({ id: 'StoreCreated', description: 'Das angelegte Studio: seine Id' });

export const companyListQuery = pagingQuerySchema(['name', 'legalForm', 'address', 'country']);
export const companyPage = pagedResultSchema(companySchema).meta({
  id: 'CompanyPage',
  description: 'Eine Seite der Firmen',
});
export const storeListQuery = pagingQuerySchema(['name', 'address', 'country']);
export const storePage = pagedResultSchema(storeSchema).meta({
  id: 'StorePage',
  description: 'Eine Seite der Studios einer Firma',
});

export const companyParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidCompanyId) });
export const storeParams = z.strictObject({
  id: uuidParam(SERVER_MESSAGES.invalidCompanyId),
  storeId: uuidParam(SERVER_MESSAGES.invalidStoreId),
});
