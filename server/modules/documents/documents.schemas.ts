import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { uuidParam } from '../../lib/ids';

export const documentParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidDocumentId) });

export const uploadedDocumentSchema = z.object({ id: z.uuid() });

/** Documents the upload's one header; the body is the file's raw bytes. */
export const uploadHeaders = z.looseObject({
  'x-filename': z
    .string()
    .optional()
    .describe('Dateiname, URI-kodiert (encodeURIComponent); wird bereinigt, fehlt er: "Dokument"'),
});
