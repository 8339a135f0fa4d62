import { z } from 'zod';
import { fromIsoDate, isPortalDate, PORTAL_CALENDAR_TEXTS } from './dates';
import { REPORT_VALIDATION_TEXTS as texts, reportPeriodError, type ReportRequest } from './reports';

const isoDate = z
  .string({ error: texts.dateRequired })
  .min(1, texts.dateRequired)
  .refine((value) => fromIsoDate(value) !== null, texts.dateInvalid)
  .refine((value) => fromIsoDate(value) === null || isPortalDate(value), PORTAL_CALENDAR_TEXTS.dateOutOfRange);

/** An optional id: absent or null means "all" (spec section 3: empty values are omitted). */
const optionalId = z
  .uuid()
  .nullish()
  .transform((id) => id?.toLowerCase() ?? undefined);

/**
 * POST /api/identification-process/reports (spec sections 3, 5, 7): startDate and endDate
 * required (yyyy-MM-dd), the end not before the start, at most REPORT_MAX_YEARS years; the
 * filters optional. Unknown fields are refused. Whether the caller may name an id is the server's
 * check (server/modules/reports/report-scope.ts), not this schema's.
 */
export const reportRequestSchema = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    postPaidOnly: z.boolean().nullish(),
    companyId: optionalId,
    systemIntegratorId: optionalId,
    resellerId: optionalId,
  })
  .superRefine((request, ctx) => {
    const problem = reportPeriodError(request.startDate, request.endDate);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['endDate'] });
  })
  .transform((request) => ({ ...request, postPaidOnly: request.postPaidOnly ?? false }));

export type ParsedReportRequest = z.output<typeof reportRequestSchema>;
export type ReportRequestInput = z.input<typeof reportRequestSchema> & ReportRequest;
