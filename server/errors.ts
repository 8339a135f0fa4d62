import { SERVER_MESSAGES, type ServerMessage } from '../src/domain/errorCatalogue';

/**
 * Messages about the request itself rather than the domain. They are not in the spec's
 * catalogue, so the web app shows its generic technical-error text for them.
 */
export const TRANSPORT_MESSAGES = {
  malformedJson: 'Malformed JSON',
  payloadTooLarge: 'Payload too large',
  unsupportedMediaType: 'Unsupported media type',
  tooManyRequests: 'Too many requests',
  badRequest: 'Bad request',
  headersTooLarge: 'Request headers too large',
  requestTimeout: 'Request timeout',
  /** The path exists, but not with this method (server/plugins/method-not-allowed.ts). */
  methodNotAllowed: 'Method not allowed',
  /** The instance is stopping (server/plugins/lifecycle.ts); another one answers the same request. */
  serviceUnavailable: 'Service unavailable',
} as const;
export type TransportMessage = (typeof TRANSPORT_MESSAGES)[keyof typeof TRANSPORT_MESSAGES];
/** Every message an ApiError may carry: the catalogue's, or a transport message. */
export type ApiMessage = ServerMessage | TransportMessage;

/**
 * The one way a handler reports a failure: throw an ApiError with the HTTP status and the
 * English server message of spec section 8. The error plugin turns it into the error body, and
 * the web app's catalogue maps the message to German.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: ApiMessage,
    public readonly errorCode: string = defaultErrorCode(status),
    public readonly messages: string[] = [message],
  ) {
    super(message);
  }
}

export function defaultErrorCode(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 402:
      return 'PAYMENT_REQUIRED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 409:
      return 'CONFLICT';
    case 410:
      return 'GONE';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 431:
      return 'HEADERS_TOO_LARGE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}

export const forbidden = () => new ApiError(403, SERVER_MESSAGES.forbidden);
export const notFound = () => new ApiError(404, SERVER_MESSAGES.notFound);
export const unauthorized = () => new ApiError(401, SERVER_MESSAGES.unauthorized);
