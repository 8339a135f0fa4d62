import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/app';
import { apiRouteTable, normalizedPath } from './helpers/routes';

/**
 * What integrators generate clients from: every API route is in the document with a summary, a
 * unique operationId and a 2xx answer. `npm run lint:openapi` lints the same document with
 * Redocly's recommended rules; this test fails fast in every API run and names the route.
 */

interface Response {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, Response>;
}
interface OpenApiDocument {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('OpenAPI document', () => {
  let app: FastifyInstance;
  let document: OpenApiDocument;
  let operations: { name: string; operation: Operation }[];
  beforeAll(async () => {
    app = await buildTestApp({ SEED_DEMO_DATA: 'false' });
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
  });
  afterAll(() => app.close());

  const offenders = (broken: (operation: Operation) => boolean) =>
    operations.filter(({ operation }) => broken(operation)).map(({ name }) => name);

  it('describes every API route (none is hidden from integrators)', () => {
    const documented = operations.map(({ name }) => normalizedPath(name));
    expect(documented.sort()).toEqual(apiRouteTable(app).sort());
  });

  it('gives every operation a summary', () => {
    expect(offenders((op) => typeof op.summary !== 'string' || op.summary.trim() === '')).toEqual([]);
  });

  it('gives every operation an operationId in camelCase', () => {
    expect(offenders((op) => !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId ?? ''))).toEqual([]);
  });

  it('never gives two operations the same operationId', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('declares a successful (2xx) answer for every operation', () => {
    expect(offenders((op) => !Object.keys(op.responses ?? {}).some((status) => /^2(\d\d|XX)$/.test(status)))).toEqual(
      [],
    );
  });

  it('documents every 204 answer without a body, so generated clients do not wait for one', () => {
    const with204 = offenders((op) => op.responses?.['204'] !== undefined);
    expect(with204).toEqual(expect.arrayContaining(['DELETE /api/company/{id}', 'GET /api/user/eid/bind']));
    expect(
      offenders((op) => op.responses?.['204'] !== undefined && 'content' in (op.responses['204'] as object)),
    ).toEqual([]);
  });

  it('names the portal as the server, absolute, so generated clients know where to call', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://localhost:8080' })]);
  });

  // Issue 26: security as the server enforces it (server/plugins/auth.ts and csrf.ts).
  const securityOf = (name: string) => operations.find((entry) => entry.name === name)?.operation.security;

  it('states for every operation how it authenticates', () => {
    expect(offenders((op) => !Array.isArray(op.security))).toEqual([]);
  });

  it('asks nothing of a public read and only the anti-forgery pair of a public change', () => {
    expect(securityOf('GET /api/employee-invitation/{id}')).toEqual([]);
    expect(securityOf('GET /api/company-application/{id}/confirm')).toEqual([]);
    expect(securityOf('POST /api/company-application')).toEqual([{ xsrfCookie: [], xsrfHeader: [] }]);
    expect(securityOf('POST /api/document')).toEqual([{ xsrfCookie: [], xsrfHeader: [] }]);
  });

  it('asks the bearer token of every portal read, and the anti-forgery pair with it of every change', () => {
    expect(securityOf('GET /api/self')).toEqual([{ bearer: [] }]);
    expect(securityOf('POST /api/system-integrator/{id}/reseller')).toEqual([
      { bearer: [], xsrfCookie: [], xsrfHeader: [] },
    ]);
    expect(securityOf('DELETE /api/company/{id}')).toEqual([{ bearer: [], xsrfCookie: [], xsrfHeader: [] }]);
  });

  it("offers an API client's token alone as the second way into the back-office routes, and only there", () => {
    expect(securityOf('POST /api/license')).toEqual([
      { bearer: [], xsrfCookie: [], xsrfHeader: [] },
      { clientCredentials: [] },
    ]);
    expect(securityOf('GET /api/license')).toEqual([{ bearer: [] }, { clientCredentials: [] }]);
    expect(securityOf('GET /api/company/{id}/store')).toEqual([{ bearer: [] }, { clientCredentials: [] }]);
    // API clients manage no API clients, and the own account is a person's.
    expect(securityOf('POST /api/system-integrator/{id}/api-client')).toEqual([
      { bearer: [], xsrfCookie: [], xsrfHeader: [] },
    ]);
    expect(securityOf('GET /api/self')).toEqual([{ bearer: [] }]);
    const scheme = (document.components as { securitySchemes: Record<string, unknown> }).securitySchemes
      .clientCredentials;
    expect(scheme).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: `${app.config.keycloak.issuer}/protocol/openid-connect/token` } },
    });
  });

  it('asks the licence key of the device API, nothing else', () => {
    expect(securityOf('POST /api/device/identification-process')).toEqual([{ licenseKey: [] }]);
    expect(securityOf('GET /api/device/license')).toEqual([{ licenseKey: [] }]);
  });

  it('declares every scheme an operation names, the anti-forgery pair as cookie and header', () => {
    const named = new Set(operations.flatMap(({ operation }) => (operation.security ?? []).flatMap(Object.keys)));
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([...named].sort());
    expect(document.components?.securitySchemes).toMatchObject({
      xsrfCookie: { type: 'apiKey', in: 'cookie', name: 'XSRF-TOKEN' },
      xsrfHeader: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    });
  });

  it('describes every answer (never the generator’s “Default Response”)', () => {
    const undescribed = operations.flatMap(({ name, operation }) =>
      Object.entries(operation.responses ?? {})
        .filter(([, response]) => !response.description?.trim() || response.description === 'Default Response')
        .map(([status]) => `${name} ${status}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('answers every error with the one named error body', () => {
    const otherBodies = operations.flatMap(({ name, operation }) =>
      Object.entries(operation.responses ?? {})
        .filter(([status]) => /^[45]\d\d$/.test(status))
        .filter(
          ([, response]) => response.content?.['application/json']?.schema?.$ref !== '#/components/schemas/ErrorBody',
        )
        .map(([status]) => `${name} ${status}`),
    );
    expect(otherBodies).toEqual([]);
    expect(document.components?.schemas?.ErrorBody).toMatchObject({
      type: 'object',
      required: ['errorCode', 'messages', 'traceId', 'status'],
    });
  });

  it('names the upload’s body as raw bytes', () => {
    const upload = operations.find(({ name }) => name === 'POST /api/document')?.operation;
    expect(upload?.requestBody?.content).toEqual({
      'application/octet-stream': { schema: expect.objectContaining({ type: 'string', format: 'binary' }) },
    });
  });

  it('describes every tag it lists', () => {
    expect(document.tags?.filter((tag) => !tag.description?.trim())).toEqual([]);
  });

  it('lists every tag an operation uses, with a name generators can turn into a class name', () => {
    const listed = new Set(document.tags?.map((tag) => tag.name));
    const used = new Set(operations.flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].filter((tag) => !listed.has(tag))).toEqual([]);
    expect([...listed].filter((tag) => !/^[A-Z][A-Za-z]*$/.test(tag))).toEqual([]);
  });
});
