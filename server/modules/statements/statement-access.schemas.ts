import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { statementMonthSchema } from '../../../src/domain/statementMonthSchema';
import { uuidParam } from '../../lib/ids';
import { statementSchema } from './statements.schemas';

/** GET /api/system-integrator/{id}/statement. */
export const systemIntegratorStatementListParams = z.strictObject({
  id: uuidParam(SERVER_MESSAGES.invalidSystemIntegratorId),
});

/** GET /api/system-integrator/{id}/statement/{month}. */
export const systemIntegratorStatementParams = z.strictObject({
  id: uuidParam(SERVER_MESSAGES.invalidSystemIntegratorId),
  month: statementMonthSchema,
});

/** GET /api/statement/{month}/csv. */
export const providerStatementParams = z.strictObject({ month: statementMonthSchema });

const counts = {
  prepaid: z.number().int(),
  postpaid: z.number().int(),
  cancelled: z.number().int(),
  billable: z.number().int(),
};

export const systemIntegratorStatementSchema = z
  .object({
    systemIntegratorId: z.uuid(),
    systemIntegratorName: z.string(),
    month: z.string(),
    period: z.object({ startDate: z.iso.date(), endDate: z.iso.date() }),
    status: z.enum(['issued', 'preview']),
    issuedAt: z.iso.datetime({ offset: true }).nullable(),
    companies: z.array(statementSchema),
    totals: z.object(counts),
  })
  .meta({
    id: 'SystemIntegratorStatement',
    description:
      'Monatsabrechnung eines System-Integrators: je Kundenfirma deren Abrechnung, beschränkt auf die eigenen Lizenzen, und die Summe',
  });

export const providerStatementCsvResponse = {
  description:
    'Die Anbieter-Abrechnung des Monats als CSV (UTF-8 mit BOM, Semikolon): je Firma und System-Integrator eine Zeile, als Anhang mit Dateinamen (Content-Disposition)',
  content: { 'text/csv': { schema: z.string() } },
};
