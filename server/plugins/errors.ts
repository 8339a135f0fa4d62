import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '../../src/domain/errorCatalogue';
import { ApiError, defaultErrorCode, TRANSPORT_MESSAGES } from '../errors';

export interface ErrorBody {
  errorCode: string;
  messages: string[];
  traceId: string;
  status: number;
}

export function errorBody(request: FastifyRequest, status: number, errorCode: string, messages: string[]): ErrorBody {
  return { errorCode, messages, traceId: String(request.id), status };
}

/** Fastify's own client errors, answered with the spec's message instead of Fastify's wording. */
const fastifyClientErrors: Record<string, { status: number; message: string; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: TRANSPORT_MESSAGES.malformedJson, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: TRANSPORT_MESSAGES.malformedJson, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: TRANSPORT_MESSAGES.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: TRANSPORT_MESSAGES.unsupportedMediaType,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: TRANSPORT_MESSAGES.badRequest, code: 'BAD_REQUEST' },
};

function validationMessages(error: FastifyError): string[] {
  const issues = error.validation ?? [];
  // A malformed path id has its own catalogue message ("Invalid system integrator id"), sent as is.
  const bare = error.validationContext === 'params';
  return issues.map((issue) => {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const params = issue.params as { keys?: string[] } | undefined;
    if (issue.keyword === 'unrecognized_keys' && params?.keys) {
      return `${params.keys.join(', ')}: Unbekanntes Feld`;
    }
    return field && !bare ? `${field}: ${issue.message}` : (issue.message ?? 'Ungültige Eingabe');
  });
}

/**
 * One error path for the whole server: every failure leaves as the error body of ARCHITECTURE.md.
 * 5xx answers reveal nothing; the log line with the same traceId carries the detail.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) {
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        return reply.code(error.status).send(errorBody(request, error.status, error.errorCode, error.messages));
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        return reply.code(400).send(errorBody(request, 400, 'VALIDATION_FAILED', validationMessages(error)));
      }
      const known = error.code ? fastifyClientErrors[error.code] : undefined;
      if (known) return reply.code(known.status).send(errorBody(request, known.status, known.code, [known.message]));
      if (error.statusCode === 429) {
        return reply.code(429).send(errorBody(request, 429, 'TOO_MANY_REQUESTS', [TRANSPORT_MESSAGES.tooManyRequests]));
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        const status = error.statusCode;
        return reply
          .code(status)
          .send(errorBody(request, status, defaultErrorCode(status), [TRANSPORT_MESSAGES.badRequest]));
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.code(500).send(errorBody(request, 500, 'INTERNAL_ERROR', [SERVER_MESSAGES.internalError]));
    });
  },
  { name: 'errors' },
);
