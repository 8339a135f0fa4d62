import type { FastifyRequest } from 'fastify';
import { redactPath } from './log-redaction';

/**
 * The server's own paths; everything else is the web app (built files and the pages index.html
 * answers). /account/ is the set-password page in Keycloak mode (server/idp/set-password.ts).
 */
const SERVER_PREFIXES = ['/api/', '/realms/', '/account/', '/config/', '/dev/', '/health/'];
/** Calls a person or a device makes: the request log's info lines. */
const CALL_PREFIXES = ['/api/', '/realms/', '/account/'];

const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

/**
 * Whether the request log shows the request at info: API and identity-provider calls. Files of the
 * web app and of /api/docs, /config/config.json (fetched on every page view), the /dev pages and
 * the health probes are logged at debug.
 */
export function isCall(request: FastifyRequest): boolean {
  const path = pathOf(request);
  return !path.startsWith('/api/docs') && CALL_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The route a log line names: the matched route's template (/api/employee-invitation/:id), never
 * the path with its token; where no route matched, the path with its opaque segments redacted.
 */
export function routeForLog(request: FastifyRequest): string {
  return request.routeOptions.url ?? redactPath(request.url);
}

/**
 * The metrics' route label: a template, never the raw path (it may carry a token), and from a
 * bounded set, so a scanner's random paths cannot blow up the series: an unmatched server path
 * counts as its prefix (`/api/*`), the web app's files and pages as one label.
 */
export function routeLabel(request: FastifyRequest): string {
  const path = pathOf(request);
  const prefix = SERVER_PREFIXES.find((p) => path.startsWith(p));
  if (!prefix) return '(web app)';
  return request.routeOptions.url ?? `${prefix}*`;
}
