import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/app';
import { apiRouteTable, normalizedPath } from './helpers/routes';

/**
 * What integrators generate clients from: every API route is in the document with a summary, a
 * unique operationId and a 2xx answer. `npm run lint:openapi` lints the same document with
 * Redocly's recommended rules; this test fails fast in every API run and names the route.
 */

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
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

  it('describes every tag it lists', () => {
    expect(document.tags?.filter((tag) => !tag.description?.trim())).toEqual([]);
  });
});
