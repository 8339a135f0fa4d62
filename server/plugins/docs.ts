import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeResponses, securitySchemes, securityOf, tidySchemas } from './openapi-contract';
import { DOCS_CSP } from './security-headers';
import { API_TAGS } from '../lib/api-tags';

const OCTET_STREAM = 'application/octet-stream';
const BINARY_BODY = { type: 'string', format: 'binary', description: 'Die Datei als Rohdaten' };

const zodTransform = createJsonSchemaTransform({ schemaRegistry: z.globalRegistry });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: z.globalRegistry });

/** The OpenAPI document, generated from the route schemas, at /api/docs (JSON at /api/docs/json). */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    const { publicUrl, brandOwner, legal } = app.config;
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Lumio API',
          description: 'REST-API des Lumio-Portals',
          version: '1.0.0',
          // The API is no open-source work: its use is governed by the portal's terms.
          license: { name: `Nutzung nach den AGB der ${brandOwner.name}`, ...absoluteUrl(legal.termsUrl, publicUrl) },
          contact: { name: brandOwner.name, ...(EMAIL.test(brandOwner.contact) ? { email: brandOwner.contact } : {}) },
        },
        // The paths start with /api, so the server is the portal's own address. Absolute, not '/':
        // a client generated for the studio software or another server has no page to resolve a
        // relative URL against (generators then fall back to localhost or an empty base path).
        // PUBLIC_URL is where this instance is reached, so the document fetched from an
        // installation names that installation.
        servers: [{ url: publicUrl, description: 'Dieses Lumio-Portal' }],
        tags: API_TAGS,
        components: { securitySchemes: securitySchemes(app.config.keycloak.issuer) },
        // Every operation states its own (securityOf); this is what an operation without one needs.
        security: [{ bearer: [] }],
      },
      // Schemas registered with an id (`.meta({ id })` in zod's global registry) become named
      // components, referenced with $ref, so generated clients get models.
      transform: (route) => {
        const transformed = zodTransform(route);
        // A route without a schema (none of the API's; a test's own helper route) is left as it is.
        const schema = transformed.schema as { security?: unknown; body?: unknown; consumes?: string[] } | undefined;
        if (!schema) return transformed;
        if (!('security' in schema) && route.route) schema.security = securityOf(route.route);
        // A route that takes raw bytes (POST /api/document) has no body schema to validate with;
        // the document still names the body, so that generated clients can send one.
        if (!schema.body && schema.consumes?.includes(OCTET_STREAM)) schema.body = BINARY_BODY;
        return transformed;
      },
      transformObject: (objects) =>
        tidySchemas(describeResponses(withoutNoContentBodies(zodTransformObject(objects) as object))),
      hideUntagged: false,
    });
    // A scope of its own, so one per-address limit covers the page, the document and Swagger UI's
    // static files alike (they are public like the other public endpoints).
    await app.register(async (docs) => {
      docs.addHook(
        'onRequest',
        docs.rateLimit({ groupId: 'api-docs', max: app.config.rateLimitPublicPerMinute, timeWindow: '1 minute' }),
      );
      await docs.register(swaggerUi, {
        routePrefix: '/api/docs',
        uiConfig: { docExpansion: 'list' },
        uiHooks: {},
        staticCSP: DOCS_CSP,
      });
    });
  },
  { name: 'docs', dependencies: ['@fastify/rate-limit'] },
);

const EMAIL = /^[^\s@]+@[^\s@]+$/;

interface DocumentPaths {
  paths?: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> } | undefined> | undefined>;
}

/**
 * A 204 answer has no body (RFC 9110), but a route's `204: z.null()` becomes a JSON `null`
 * content in the document, and generated clients then wait for one. Every 204 leaves the
 * document with its description only.
 */
export function withoutNoContentBodies<D extends object>(document: D): D {
  for (const item of Object.values((document as DocumentPaths).paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      const responses = operation?.responses;
      if (responses?.['204']) delete responses['204'].content;
    }
  }
  return document;
}

/**
 * TERMS_PDF_URL may be a path on the portal ('/legal/agb.pdf'); the document needs a full URL. One
 * that is no URL at all leaves the link out rather than stopping the server.
 */
function absoluteUrl(url: string, publicUrl: string): { url?: string } {
  try {
    return { url: new URL(url, `${publicUrl}/`).toString() };
  } catch {
    return {};
  }
}
