import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { reportFileName } from '../../../src/domain/reports';
import { ApiError, notFound } from '../../errors';
import { identificationReportJob } from '../../jobs/identification-report.job';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { attachmentDisposition } from '../documents/documents.content';
import { readReportFile } from './report-file-store';
import { narrowedReport, REPORT_USERS, reportScopeOf } from './report-scope';
import { reportRepository, toReport } from './reports.repository';
import {
  reportFileResponse,
  reportListQuery,
  reportPage,
  reportParams,
  reportRequestBody,
  reportSchema,
} from './reports.schemas';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.reports];

/**
 * Identification-process reports (issue 14; spec sections 2, 3, 4, 6, 7): request one, list the
 * scope's reports, download a completed one. Owner, LumioAdmin and SystemIntegratorAdmin with
 * finished registration; each sees its scope's reports only (report-scope.ts), and another
 * scope's report reads as unknown (404). A refused request queues nothing: the checks come first,
 * then the report row and its job are written in one transaction.
 */
export async function reportsModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = () => reportRepository(app.db);

  api.get(
    '/api/identification-process/reports',
    {
      schema: {
        tags,
        summary:
          'Vorgangsauswertungen: alle (LumioAdmin), die des eigenen System-Integrators oder der eigenen Firma (Inhaber); zuletzt geänderte zuerst',
        operationId: 'listIdentificationReports',
        querystring: reportListQuery,
        response: { 200: reportPage, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, REPORT_USERS);
      const { items, total } = await repo().list(request.query, reportScopeOf(user));
      return pagedResult(request.query, total, items);
    },
  );

  api.post(
    '/api/identification-process/reports',
    {
      schema: {
        tags,
        summary:
          'Vorgangsauswertung anfordern: Zeitraum und Filter; der Server beschränkt sie auf den eigenen Bereich und erstellt sie im Hintergrund',
        operationId: 'requestIdentificationReport',
        body: reportRequestBody,
        response: { 201: reportSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, REPORT_USERS);
      const values = await narrowedReport(app.db, user, request.body);
      const report = await app.db.transaction(async (tx) => {
        const row = await reportRepository(tx).insert(values);
        await app.jobs.send(identificationReportJob, { reportId: row.id }, tx);
        return row;
      });
      return reply.code(201).send(toReport(report));
    },
  );

  api.get(
    '/api/identification-process/reports/:id',
    {
      schema: {
        tags,
        summary: 'Abgeschlossene Vorgangsauswertung als ZIP herunterladen (Dateiname im Content-Disposition)',
        operationId: 'downloadIdentificationReport',
        params: reportParams,
        response: { 200: reportFileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, REPORT_USERS);
      const report = await repo().findInScope(request.params.id, reportScopeOf(user));
      if (!report) throw notFound();
      if (report.state !== 'Completed') throw new ApiError(409, SERVER_MESSAGES.reportNotReady);
      if (!report.fileAttempt || report.fileSize === null) {
        request.log.warn({ reportId: report.id }, 'completed report has no file');
        throw notFound();
      }
      // Streamed from the database a page of chunks at a time (report-file-store.ts), by whichever
      // instance is asked.
      const file = readReportFile(app.db, report.id, report.fileAttempt, report.fileSize);
      return (reply as FastifyReply)
        .type('application/zip')
        .header('content-length', report.fileSize)
        .header('content-disposition', attachmentDisposition(reportFileName(report.startDate, report.endDate)))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
}
