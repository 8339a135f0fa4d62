import { z } from 'zod';
import { DOCUMENT_CONTENT_TYPES } from '../../../src/domain/documents';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { uuidParam } from '../../lib/ids';

export const documentParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidDocumentId) });

export const uploadedDocumentSchema = z
  .object({ id: z.uuid() })
  .meta({ id: 'UploadedDocument', description: 'Hochgeladenes Dokument: seine Id für den Antrag' });

/** Documents the upload's one header; the body is the file's raw bytes. */
export const uploadHeaders = z.looseObject({
  'x-filename': z
    .string()
    .optional()
    .describe('Dateiname, URI-kodiert (encodeURIComponent); wird bereinigt, fehlt er: "Dokument"'),
});

/** The file's bytes as OpenAPI 3.0 writes binary content. */
const fileBytes = z.string().meta({ format: 'binary' });

/**
 * The download's 200: the bytes, typed as detected at the upload. Documented per media type; the
 * bytes bypass the serializer (a Buffer is sent as it is).
 */
export const documentFileResponse = {
  description: 'Die Datei mit dem beim Hochladen erkannten Typ, als Anhang (Content-Disposition)',
  content: Object.fromEntries(DOCUMENT_CONTENT_TYPES.map((type) => [type, { schema: fileBytes }])),
};
