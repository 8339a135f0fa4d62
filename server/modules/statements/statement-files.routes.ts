import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statementFileName, type Statement } from '../../../src/domain/statements';
import { API_TAG } from '../../lib/api-tags';
import { errorResponses } from '../../lib/responses';
import { attachmentDisposition } from '../documents/documents.content';
import { statementCsv } from './statement-csv';
import { statementPdf } from './statement-pdf';
import { statementParams } from './statements.schemas';

const tags = [API_TAG.statements];

/** The JSON route's own reading of a month: its access check, its month rule, preview or issued. */
export type ReadCompanyStatement = (request: FastifyRequest, id: string, month: string) => Promise<Statement>;

const binary = z.string().meta({ format: 'binary' });
/** The OpenAPI description of a PDF or CSV download, with its content type. */
export const fileResponse = (type: 'application/pdf' | 'text/csv', description: string) => ({
  description,
  content: { [type]: { schema: binary } },
});
const pdfResponse = {
  description: 'Die Monatsabrechnung als PDF (A4), als Anhang mit Dateinamen (Content-Disposition)',
  content: { 'application/pdf': { schema: binary } },
};
const csvResponse = {
  description:
    'Die Monatsabrechnung als CSV (UTF-8 mit BOM, Semikolon, eine Zeile je Studio × Gerät × Art, dann die Korrekturen), als Anhang',
  content: { 'text/csv': { schema: binary } },
};

/** A statement file as a download the browser does not keep: it may hold several studios' figures. */
export function sendFile(reply: FastifyReply, type: string, name: string, body: Buffer) {
  return reply
    .type(type)
    .header('content-disposition', attachmentDisposition(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}

/**
 * GET /api/company/{id}/statement/{month}/pdf and …/csv (issue 27, parts 2 and 5): the month the
 * JSON route answers, through the same `readCompanyStatement` (same readers, same 400/403/404,
 * issued on first read), rendered by the pure renderers statement-pdf.ts and statement-csv.ts.
 */
export function statementFilesRoutes(
  app: FastifyInstance,
  readCompanyStatement: ReadCompanyStatement,
  /** The module's clock: a preview's 'Stand' is its day. */
  now: () => Date = () => new Date(),
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/company/:id/statement/:month/pdf',
    {
      schema: {
        tags,
        summary: 'Monatsabrechnung einer Firma als PDF (laufender Monat vorläufig)',
        operationId: 'getCompanyStatementPdf',
        params: statementParams,
        response: { 200: pdfResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const statement = await readCompanyStatement(request, request.params.id, request.params.month);
      const pdf = await statementPdf(statement, { now: now() });
      return sendFile(reply, 'application/pdf', statementFileName(statement.month, statement.company.name, 'pdf'), pdf);
    },
  );

  api.get(
    '/api/company/:id/statement/:month/csv',
    {
      schema: {
        tags,
        summary: 'Monatsabrechnung einer Firma als CSV für die Tabellenkalkulation (laufender Monat vorläufig)',
        operationId: 'getCompanyStatementCsv',
        params: statementParams,
        response: { 200: csvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const statement = await readCompanyStatement(request, request.params.id, request.params.month);
      const csv = Buffer.from(statementCsv(statement), 'utf8');
      return sendFile(
        reply,
        'text/csv; charset=utf-8',
        statementFileName(statement.month, statement.company.name, 'csv'),
        csv,
      );
    },
  );
}
