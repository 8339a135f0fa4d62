import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '../../src/domain/errorCatalogue';
import type { AppConfig } from '../config';
import { ApiError, defaultErrorCode, TRANSPORT_MESSAGES } from '../errors';
import { baseHeaders } from './security-headers';

declare module 'fastify' {
  interface FastifyReply {
    /** The error code this reply answered with, for the request log and the device API's refusal counter. */
    errorCode: string | null;
  }
}

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
    app.decorateReply('errorCode', null);
    const answer = (reply: FastifyReply, body: ErrorBody) => {
      reply.errorCode = body.errorCode;
      return reply.code(body.status).send(body);
    };
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) {
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        return answer(reply, errorBody(request, error.status, error.errorCode, error.messages));
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        return answer(reply, errorBody(request, 400, 'VALIDATION_FAILED', validationMessages(error)));
      }
      const known = error.code ? fastifyClientErrors[error.code] : undefined;
      if (known) return answer(reply, errorBody(request, known.status, known.code, [known.message]));
      if (error.statusCode === 429) {
        return answer(reply, errorBody(request, 429, 'TOO_MANY_REQUESTS', [TRANSPORT_MESSAGES.tooManyRequests]));
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        const status = error.statusCode;
        return answer(reply, errorBody(request, status, defaultErrorCode(status), [TRANSPORT_MESSAGES.badRequest]));
      }
      request.log.error({ err: error }, 'unexpected error');
      return answer(reply, errorBody(request, 500, 'INTERNAL_ERROR', [SERVER_MESSAGES.internalError]));
    });
  },
  { name: 'errors' },
);

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs, a path
 * segment with broken percent-encoding (FST_ERR_BAD_URL) or longer than maxParamLength
 * (FST_ERR_MAX_PARAM_LENGTH). That is what a mail client makes of a mangled link, so it is
 * answered like an unknown id. The router's own wording (which echoes the path) never leaves.
 */
export function routerErrorHandler(config: AppConfig): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const headers = baseHeaders(config);
  function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const unknownPath = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    if (unknownPath) request.log.info({ code: error.code }, 'path refused by the router');
    else request.log.error({ err: error }, 'router error');
    const body = unknownPath
      ? errorBody(request, 404, 'NOT_FOUND', [SERVER_MESSAGES.notFound])
      : errorBody(request, 500, 'INTERNAL_ERROR', [SERVER_MESSAGES.internalError]);
    // This reply runs no hooks, so the common headers are set here; the body is serialized here too.
    return reply.code(body.status).headers(headers).type('application/json; charset=utf-8').send(JSON.stringify(body));
  }
  // Fastify's option is generic over route types that a router error never has.
  return (error, request, reply) => answer(error, request as FastifyRequest, reply as FastifyReply);
}

/** Refusals of Node's HTTP parser, keyed by its error code; everything else is a plain 400. */
const parserRefusals: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: TRANSPORT_MESSAGES.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: TRANSPORT_MESSAGES.requestTimeout },
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (headers over 16 KB, a
 * malformed request line or header) never becomes a Fastify request, so the answer is written to
 * the socket here, in the error body with a traceId of its own that the log line carries too.
 */
export function parserErrorHandler(config: AppConfig) {
  const headers = Object.entries(baseHeaders(config));
  // Fastify calls it with the app as `this`, the only way to its logger here.
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = parserRefusals[error.code ?? ''] ?? {
      status: 400,
      message: TRANSPORT_MESSAGES.badRequest,
    };
    const traceId = randomUUID();
    this.log.info({ traceId, code: error.code }, 'request refused by the HTTP parser');
    const body = JSON.stringify({ errorCode: defaultErrorCode(status), messages: [message], traceId, status });
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...headers.map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    else socket.destroy();
  };
}
