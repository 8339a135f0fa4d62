import type { RouteOptions } from 'fastify';
import { SAFE_METHODS, XSRF_COOKIE } from './csrf';

/**
 * What the OpenAPI document states about authentication and answers, taken from how the server
 * really behaves (issue 26, part 1): integrators generate clients from the document, so a route
 * that needs the anti-forgery pair must say so, a public route must not ask for a token, and every
 * answer needs a description a generated client can show.
 */

/** The schemes the document declares (components.securitySchemes); `issuer` is the IdP's realm URL. */
export const securitySchemes = (issuer: string) =>
  ({
    ...SECURITY_SCHEMES,
    // API clients of a system integrator (issue 26, part 3, server/modules/api-clients): a token of
    // the client-credentials grant, sent as a bearer token, with no cookie and no anti-forgery pair.
    clientCredentials: {
      type: 'oauth2',
      description:
        'API-Zugang eines System-Integrators (im Portal unter „API-Zugänge“ angelegt): Token mit dem Client-Credentials-Grant holen und als `Authorization: Bearer <Token>` senden; kein Cookie, kein Anti-Forgery-Token.',
      flows: { clientCredentials: { tokenUrl: `${issuer}/protocol/openid-connect/token`, scopes: {} } },
    },
  }) as const;

const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Zugriffstoken des Identitätsanbieters (Keycloak): `Authorization: Bearer <Token>`.',
  },
  // The double-submit pair of server/plugins/csrf.ts: every answer sets the cookie, every call other
  // than GET/HEAD/OPTIONS must send its value in the header too (else 403 CSRF_TOKEN_INVALID).
  xsrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: XSRF_COOKIE,
    description: `Anti-Forgery-Cookie: setzt der Server mit jeder Antwort (z. B. auf \`GET /config/config.json\`); zurückzusenden wie erhalten.`,
  },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description: `Derselbe Wert wie das Cookie \`${XSRF_COOKIE}\`, bei jedem Aufruf außer GET, HEAD und OPTIONS.`,
  },
  // The device API (server/modules/device, docs/device-api.md): its routes name this scheme
  // instead of the bearer token.
  licenseKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      'Geräte-API: `Authorization: License <Lizenzschlüssel>`, z. B. `License SNNSC-HN01K-PC01B-FTSFT-DEM01` (Demo-Lizenz), dazu der Header `X-Machine-Id`.',
  },
} as const;

type SchemeName = keyof ReturnType<typeof securitySchemes>;
type Requirement = Partial<Record<SchemeName, string[]>>;

const ANTI_FORGERY: Requirement = { xsrfCookie: [], xsrfHeader: [] };

const isSafe = (method: RouteOptions['method']) =>
  (Array.isArray(method) ? method : [method]).every((one) => SAFE_METHODS.has(String(one).toUpperCase()));

/**
 * The security requirement of a route as the server enforces it (server/plugins/auth.ts and
 * csrf.ts): the device API its licence key; a public route nothing, or the anti-forgery pair
 * when it changes something; every other route the bearer token, and the anti-forgery pair with
 * it when it changes something; a route open to API clients also an API client's token alone.
 */
export function securityOf(route: Pick<RouteOptions, 'method' | 'config' | 'url'>): Requirement[] {
  const config = (route.config ?? {}) as { public?: boolean; device?: boolean; apiClient?: boolean };
  if (config.device) return [{ licenseKey: [] }];
  const safe = isSafe(route.method);
  if (config.public) return safe ? [] : [ANTI_FORGERY];
  const portal: Requirement = safe ? { bearer: [] } : { bearer: [], ...ANTI_FORGERY };
  // A route open to API clients: their token alone, the second alternative.
  return config.apiClient ? [portal, { clientCredentials: [] }] : [portal];
}

/** German descriptions of the answers, by status, for routes that name none of their own. */
export const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'Erfolg',
  '201': 'Angelegt',
  '202': 'Angenommen, wird im Hintergrund erledigt',
  '204': 'Erledigt, ohne Inhalt',
  '400': 'Ungültige Anfrage: `errorCode` `VALIDATION_FAILED` (eine Meldung je Feld) oder eine Regel der Fachlichkeit',
  '401': 'Nicht angemeldet: Token fehlt, ist abgelaufen oder ungültig',
  '403':
    'Keine Berechtigung für diese Rolle oder diesen Datensatz, oder Anti-Forgery-Token fehlt (`CSRF_TOKEN_INVALID`)',
  '404': 'Nicht gefunden',
  '409': 'Konflikt mit dem aktuellen Zustand (z. B. schon vorhanden oder schon erledigt)',
  '413': 'Zu groß',
  '415': 'Nicht unterstützter Inhaltstyp',
  '429': 'Zu viele Anfragen: später erneut versuchen (Header `Retry-After`)',
  '503': 'Vorübergehend nicht verfügbar',
};

/** What @fastify/swagger writes when a response schema has no description of its own. */
const DEFAULT_DESCRIPTION = 'Default Response';

interface DocumentPaths {
  paths?: Record<
    string,
    Record<string, { responses?: Record<string, { description?: string; content?: unknown }> } | undefined> | undefined
  >;
}

/**
 * Every answer of the document gets a description: the route's own, else the status's German one
 * (RESPONSE_DESCRIPTIONS); @fastify/swagger's placeholder 'Default Response' never reaches a client.
 */
export function describeResponses<D extends object>(document: D): D {
  for (const item of Object.values((document as DocumentPaths).paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      for (const [status, response] of Object.entries(operation?.responses ?? {})) {
        if (!response.description || response.description === DEFAULT_DESCRIPTION) {
          response.description = RESPONSE_DESCRIPTIONS[status] ?? `HTTP ${status}`;
        }
      }
    }
  }
  return document;
}

type Json = unknown;

/**
 * zod writes a named schema with extra metadata (e.g. the device API's error examples, which
 * @fastify/swagger moves to the media type) as `allOf: [{ $ref }]`; Redocly rightly calls a
 * one-element allOf illogical. Such a wrapper without other keywords becomes the reference itself.
 */
function collapseSingleAllOf(node: Json): Json {
  if (Array.isArray(node)) return node.map(collapseSingleAllOf);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, collapseSingleAllOf(value)] as const);
  const object = Object.fromEntries(entries) as Record<string, Json>;
  const keys = Object.keys(object);
  if (keys.length === 1 && keys[0] === 'allOf' && Array.isArray(object.allOf) && object.allOf.length === 1) {
    return object.allOf[0];
  }
  return object;
}

const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;

function collectRefs(node: Json, into: Set<string>): void {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, into);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      const match = key === '$ref' && typeof value === 'string' ? SCHEMA_REF.exec(value) : null;
      if (match) into.add(decodeURIComponent(match[1]!));
      else collectRefs(value, into);
    }
  }
}

/**
 * The named schemas the document uses, and nothing else: fastify-type-provider-zod writes an input
 * and an output variant of every registered schema (`ErrorBodyInput` beside `ErrorBody`), most of
 * which no operation reads. A component counts as used when a path, or a used component, names it.
 */
function withoutUnusedSchemas(document: { paths?: Json; components?: { schemas?: Record<string, Json> } }): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  collectRefs(document.paths, used);
  let checked = 0;
  while (checked !== used.size) {
    checked = used.size;
    for (const name of [...used]) collectRefs(schemas[name], used);
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

const INPUT_SUFFIX = 'Input';

function renameRefs(node: Json, names: Map<string, string>): Json {
  if (Array.isArray(node)) return node.map((item) => renameRefs(item, names));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      const match = key === '$ref' && typeof value === 'string' ? SCHEMA_REF.exec(value) : null;
      const renamed = match ? names.get(decodeURIComponent(match[1]!)) : undefined;
      return [key, renamed ? `#/components/schemas/${encodeURIComponent(renamed)}` : renameRefs(value, names)];
    }),
  );
}

/**
 * A request body's schema is read on the input side, so fastify-type-provider-zod names it
 * `<id>Input` (`LicenseCreate` becomes `LicenseCreateInput`). Where the output variant `<id>` is
 * not in the document (a body that is never an answer), the input variant takes the plain name the
 * schema was registered with, so generated clients get `LicenseCreate`.
 */
function withPlainInputNames<D extends { components?: { schemas?: Record<string, Json> } }>(document: D): D {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const names = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    const plain = name.endsWith(INPUT_SUFFIX) ? name.slice(0, -INPUT_SUFFIX.length) : '';
    if (plain && !(plain in schemas)) names.set(name, plain);
  }
  if (names.size === 0) return document;
  const renamed = renameRefs(document, names) as D;
  renamed.components!.schemas = Object.fromEntries(
    Object.entries(renamed.components!.schemas!).map(([name, schema]) => [names.get(name) ?? name, schema]),
  );
  return renamed;
}

/**
 * The document's schemas tidied for generators and linters: see collapseSingleAllOf,
 * withoutUnusedSchemas and withPlainInputNames.
 */
export function tidySchemas<D extends object>(document: D): D {
  const tidy = collapseSingleAllOf(document) as D;
  withoutUnusedSchemas(tidy as Parameters<typeof withoutUnusedSchemas>[0]);
  return withPlainInputNames(tidy as Parameters<typeof withPlainInputNames>[0]) as D;
}
