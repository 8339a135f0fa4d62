import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { statementMonthSchema } from '../../../src/domain/statementMonthSchema';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

export const statementListParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidCompanyId) });
/** Format and the 2000-01 floor here; "not after the running month" needs the clock (the handler). */
export const statementParams = z.strictObject({
  id: uuidParam(SERVER_MESSAGES.invalidCompanyId),
  month: statementMonthSchema,
});
/** Months newest first, always: only paging, no other order and no search. */
export const statementListQuery = pagingQuerySchema(['month']).pick({ pageIndex: true, pageSize: true }).strict();

const counts = {
  prepaid: z.number().int(),
  postpaid: z.number().int(),
  cancelled: z.number().int(),
  billable: z.number().int(),
};
const status = z.enum(['issued', 'preview']);

export const statementSchema = z
  .object({
    companyId: z.uuid(),
    month: z.string(),
    company: z.object({ name: z.string(), legalForm: z.string(), address: z.string(), country: z.string() }),
    period: z.object({ startDate: z.iso.date(), endDate: z.iso.date() }),
    systemIntegrators: z.array(z.object({ id: z.uuid(), name: z.string() })),
    status,
    issuedAt: z.iso.datetime({ offset: true }).nullable(),
    stores: z.array(
      z.object({
        storeId: z.uuid(),
        storeName: z.string(),
        devices: z.array(
          z.object({
            machineId: z.string(),
            licenseId: z.uuid(),
            systemIntegratorId: z.uuid(),
            licenseKeyEnd: z.string(),
            prepaid: z.array(
              z.object({
                packageId: z.uuid().nullable(),
                startDate: z.iso.date().nullable(),
                endDate: z.iso.date().nullable(),
                used: z.number().int(),
                remainingAtMonthEnd: z.number().int().nullable(),
              }),
            ),
            postpaid: z.number().int(),
            cancelled: z.number().int(),
          }),
        ),
      }),
    ),
    corrections: z.array(
      z.object({
        processId: z.uuid(),
        originalMonth: z.string(),
        storeId: z.uuid(),
        storeName: z.string(),
        machineId: z.string(),
        licenseId: z.uuid(),
        systemIntegratorId: z.uuid(),
        kind: z.enum(['prepaid', 'postpaid']),
        packageId: z.uuid().nullable(),
        units: z.number().int(),
        cancelledAt: z.iso.datetime({ offset: true }),
      }),
    ),
    totals: z.object(counts),
  })
  .meta({
    id: 'Statement',
    description: 'Monatsabrechnung einer Firma: je Studio und Gerät Prepaid, Postpaid, storniert, dazu Korrekturen',
  });

export const statementPageSchema = pagedResultSchema(
  z
    .object({ month: z.string(), status, issuedAt: z.iso.datetime({ offset: true }).nullable() })
    .meta({ id: 'StatementListEntry', description: 'Ein Monat mit Abrechnung: ausgestellt oder vorläufig' }),
).meta({ id: 'StatementPage', description: 'Die Monate mit Abrechnung einer Firma, neueste zuerst' });
