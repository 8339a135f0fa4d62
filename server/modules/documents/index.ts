import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_DOCUMENT_BYTES } from '../../../src/domain/documents';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { ApiError, TRANSPORT_MESSAGES } from '../../errors';
import { requireRole } from '../../lib/permissions';
import { publicRoute } from '../../lib/public-route';
import { errorBodySchema, errorResponses } from '../../lib/responses';
import { decryptDocument, encryptDocument, loadDocumentKey } from './crypto';
import { attachmentDisposition, detectDocumentType, nameForType, sanitizeFileName } from './documents.content';
import { documentRepository } from './documents.repository';
import { deriveUploaderKey, uploaderHash } from './uploader';
import { documentFileResponse, documentParams, uploadedDocumentSchema, uploadHeaders } from './documents.schemas';
import { API_TAG } from '../../lib/api-tags';

export { documentRepository, type DocumentReference, type DocumentRepository } from './documents.repository';

const tags = [API_TAG.documents];
const unsupportedMediaType = () => new ApiError(415, TRANSPORT_MESSAGES.unsupportedMediaType);

/**
 * Registration attachments. POST /api/document (public, rate limited) takes the raw bytes of one
 * JPEG, PNG or PDF (at most 2 MiB), decides the type from the content, and stores the bytes
 * encrypted, unless the documents no application has taken yet have reached their cap (503; one
 * address at its own cap replaces its oldest uploads instead, see documents.repository.ts);
 * the application submit attaches the returned id. GET /api/document/{id} gives a
 * LumioAdmin the decrypted file for the review.
 */
export async function documentsModule(app: FastifyInstance) {
  const key = await loadDocumentKey(app.config);
  const uploaderKey = deriveUploaderKey(key);
  const repo = () => documentRepository(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  // This scope reads raw bytes only: JSON, forms and multipart are a 415 before any byte is read,
  // and a body over the limit is a 413 as soon as its Content-Length (or the running count of a
  // chunked body) passes the limit, so a large upload is never buffered whole.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_DOCUMENT_BYTES },
    (_request, body, done) => done(null, body),
  );

  api.post(
    '/api/document',
    {
      bodyLimit: MAX_DOCUMENT_BYTES,
      config: publicRoute(app.config),
      schema: {
        tags,
        operationId: 'uploadDocument',
        summary: 'Dokument hochladen (JPEG, PNG oder PDF, höchstens 2 MiB; Rohdaten als application/octet-stream)',
        headers: uploadHeaders,
        consumes: ['application/octet-stream'],
        response: {
          201: uploadedDocumentSchema,
          ...errorResponses,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes)) throw unsupportedMediaType();
      const contentType = detectDocumentType(bytes);
      if (!contentType) throw unsupportedMediaType();
      const id = randomUUID();
      const name = nameForType(sanitizeFileName(request.headers['x-filename']), contentType);
      let encrypted;
      try {
        encrypted = encryptDocument(key, id, bytes);
      } catch (err) {
        request.log.error({ err }, 'document could not be encrypted');
        throw new ApiError(500, SERVER_MESSAGES.cannotEncryptDocument);
      }
      let stored: boolean;
      try {
        const result = await repo().createWithinCap(
          {
            id,
            name,
            contentType,
            size: bytes.length,
            ...encrypted,
            uploaderKey: uploaderHash(uploaderKey, request.ip),
          },
          app.config.unattachedUploads,
        );
        stored = result.stored;
        if (result.replaced > 0) {
          request.log.info(
            { replaced: result.replaced },
            'upload cap of the address reached, its oldest uploads deleted',
          );
        }
      } catch (err) {
        request.log.error({ err }, 'document could not be stored');
        throw new ApiError(500, SERVER_MESSAGES.cannotStoreDocument);
      }
      // Anonymous uploads must not fill the disk: one address replaces its own oldest uploads at
      // its cap (UPLOAD_UNATTACHED_PER_ADDRESS_MAX_COUNT, _MAX_MB); when all together reach theirs
      // (UPLOAD_UNATTACHED_MAX_COUNT, _MAX_MB), further uploads wait until applications take some
      // documents or the cleanup removes old ones.
      if (!stored) throw new ApiError(503, SERVER_MESSAGES.uploadCapacityReached, 'UPLOAD_CAPACITY_REACHED');
      return reply.code(201).send({ id });
    },
  );

  api.get(
    '/api/document/:id',
    {
      schema: {
        tags,
        operationId: 'downloadDocument',
        summary: 'Dokument herunterladen (LumioAdmin)',
        params: documentParams,
        response: { 200: documentFileResponse, ...errorResponses, 500: errorBodySchema },
      },
    },
    async (request, reply) => {
      requireRole(request, ['LumioAdmin']);
      const document = await repo().find(request.params.id);
      if (!document) throw new ApiError(404, SERVER_MESSAGES.documentNotFound);
      let bytes: Buffer;
      try {
        bytes = decryptDocument(key, document.id, document);
      } catch (err) {
        // A wrong key (DOCUMENT_ENCRYPTION_KEY changed) or altered bytes: the tag does not verify.
        request.log.error({ err, documentId: document.id }, 'document could not be decrypted');
        throw new ApiError(500, SERVER_MESSAGES.cannotDecryptDocument);
      }
      // The file's bytes bypass the JSON serializer; the typed reply knows only the error bodies.
      return (
        (reply as FastifyReply)
          .type(document.contentType)
          // Again at download: documents stored before names followed the type keep their old name.
          .header('content-disposition', attachmentDisposition(nameForType(document.name, document.contentType)))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(bytes)
      );
    },
  );
}
