import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DATA_EXPORT_FAILED_ERROR_CODE,
  DATA_EXPORT_SERVER_MESSAGES,
  dataExportFileName,
  isDataExportDownloadable,
} from '../../../src/domain/dataExport';
import { ApiError, notFound } from '../../errors';
import { dataExportJob } from '../../jobs/data-export.job';
import { API_TAG } from '../../lib/api-tags';
import { readChunkedFile } from '../../lib/chunked-file-store';
import { errorBodySchema, errorResponses } from '../../lib/responses';
import { userOf } from '../../plugins/auth';
import { attachmentDisposition } from '../documents/documents.content';
import { DATA_EXPORT_CHUNKS, dataExportRepository, toDataExport } from './data-export.repository';
import {
  dataExportCreated,
  dataExportFileResponse,
  dataExportList,
  dataExportParams,
  dataExportSchema,
} from './data-export.schemas';

const tags = [API_TAG.self];
/** Every signed-in person may ask for their own data, also before their registration is finished. */
const config = { allowUnfinishedRegistration: true };

/**
 * 'Meine Daten' (issue 28 part 3, GDPR Art. 15 and 20): a person asks for their own data, the job
 * builds the ZIP in the background and mails when it is ready, and the person downloads it for 7
 * days. Everything here is the caller's own: another person's export (whatever their role, also a
 * LumioAdmin's view of someone else's) reads as unknown (404). API clients are refused (they are
 * nobody's person).
 */
export async function dataExportModule(app: FastifyInstance, { clock }: { clock: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/self/data-export',
    {
      config,
      schema: {
        tags,
        operationId: 'requestOwnDataExport',
        summary:
          'Eigene Daten anfordern (ZIP, im Hintergrund erstellt, Mail wenn fertig); solange eine Zusammenstellung vorbereitet wird, antwortet der Aufruf mit deren Id',
        response: { 202: dataExportCreated, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id: userId } = userOf(request);
      // One in preparation at a time (the partial unique index): a second request answers that one.
      // Should it finish between the refused insert and the look-up, the next round inserts anew.
      for (let round = 0; round < 3; round++) {
        const id = await app.db.transaction(async (tx) => {
          const repo = dataExportRepository(tx);
          const row = await repo.insertQueued(userId);
          if (row) {
            await app.jobs.send(dataExportJob, { exportId: row.id }, tx);
            return row.id;
          }
          return (await repo.inPreparationOf(userId))?.id;
        });
        if (id) return reply.code(202).send({ id });
      }
      throw new ApiError(409, DATA_EXPORT_SERVER_MESSAGES.notReady);
    },
  );

  api.get(
    '/api/self/data-export',
    {
      config,
      schema: {
        tags,
        operationId: 'listOwnDataExports',
        summary: 'Die eigenen Zusammenstellungen der Daten, die neueste zuerst',
        response: { 200: dataExportList, ...errorResponses },
      },
    },
    async (request) => {
      const { id: userId } = userOf(request);
      return (await dataExportRepository(app.db).listOwn(userId)).map(toDataExport);
    },
  );

  api.get(
    '/api/self/data-export/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getOwnDataExport',
        summary: 'Zustand einer eigenen Zusammenstellung der Daten',
        params: dataExportParams,
        response: { 200: dataExportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id: userId } = userOf(request);
      const row = await dataExportRepository(app.db).findOwn(request.params.id, userId);
      if (!row) throw notFound();
      return toDataExport(row);
    },
  );

  api.get(
    '/api/self/data-export/:id/download',
    {
      config,
      schema: {
        tags,
        operationId: 'downloadOwnDataExport',
        summary:
          "Eigene Daten als ZIP herunterladen (7 Tage lang nach der Fertigstellung; danach 410 und die Datei ist gelöscht; 409 solange sie vorbereitet wird, 409 mit errorCode 'DATA_EXPORT_FAILED' wenn sie fehlgeschlagen ist)",
        params: dataExportParams,
        response: { 200: dataExportFileResponse, ...errorResponses, 410: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { id: userId } = userOf(request);
      const row = await dataExportRepository(app.db).findOwn(request.params.id, userId);
      if (!row) throw notFound();
      if (row.status === 'queued' || row.status === 'running') {
        throw new ApiError(409, DATA_EXPORT_SERVER_MESSAGES.notReady);
      }
      if (row.status === 'failed') {
        // The job gave up: there never was a file. Its own state, so the screen offers a new request.
        throw new ApiError(409, DATA_EXPORT_SERVER_MESSAGES.failed, DATA_EXPORT_FAILED_ERROR_CODE);
      }
      if (!isDataExportDownloadable(row, clock()) || !row.fileAttempt || row.fileSize === null || !row.readyAt) {
        // Expired: the file is purged or about to be, nothing to download any more.
        throw new ApiError(410, DATA_EXPORT_SERVER_MESSAGES.expired);
      }
      const file = readChunkedFile(app.db, DATA_EXPORT_CHUNKS, row.id, row.fileAttempt, row.fileSize);
      return (reply as FastifyReply)
        .type('application/zip')
        .header('content-length', row.fileSize)
        .header('content-disposition', attachmentDisposition(dataExportFileName(row.readyAt)))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
}
