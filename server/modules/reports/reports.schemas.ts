import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { REPORT_STATES, type IdentificationReport } from '../../../src/domain/reports';
import { reportRequestSchema } from '../../../src/domain/reportRequest';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';
import { REPORT_SORT_FIELDS } from './reports.repository';

const ref = z.object({ id: z.uuid(), name: z.string() }).nullable();

/** Spec section 3 "Identification report", plus the state Failed (issue 14). */
export const reportSchema = z
  .object({
    id: z.uuid(),
    // reports.repository.ts: toISOString() of updated_at; date columns in Drizzle's string mode.
    lastModified: z.iso.datetime(),
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    postPaidOnly: z.boolean(),
    company: ref,
    systemIntegrator: ref,
    reseller: ref,
    state: z.enum(REPORT_STATES),
  })
  .meta({
    id: 'IdentificationReport',
    description: 'Vorgangsauswertung eines Zeitraums: Zustand und Filter',
    example: {
      id: '7d0f3c52-4a5e-4b8e-9a43-2f0a1c9d5e11',
      lastModified: '2026-03-02T09:15:41.512Z',
      startDate: '2026-01-01',
      endDate: '2026-02-28',
      postPaidOnly: false,
      company: { id: '0b0c7f5e-8d0c-4f0a-9a43-2f0a1c9d5e12', name: 'Fotostudio Sonnenschein GmbH' },
      systemIntegrator: null,
      reseller: null,
      state: 'Completed',
    },
  }) satisfies z.ZodType<IdentificationReport>;

export const reportPage = pagedResultSchema(reportSchema).meta({
  id: 'IdentificationReportPage',
  description: 'Eine Seite der Vorgangsauswertungen',
});
export const reportListQuery = pagingQuerySchema(REPORT_SORT_FIELDS);
export const reportParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidReportId) });
export const reportRequestBody = reportRequestSchema.meta({
  id: 'IdentificationReportRequest',
  description: 'Vorgangsauswertung anfordern: Zeitraum und Filter',
});

/** The ZIP's bytes (OpenAPI 3.0's binary string); the bytes bypass the serializer. */
export const reportFileResponse = {
  description:
    'Die Auswertung als ZIP (vorgaenge.csv und zusammenfassung.csv), als Anhang mit Dateinamen (Content-Disposition)',
  content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
};
