import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { DOCS_CSP } from './security-headers';

/** The OpenAPI document, generated from the route schemas, at /api/docs (JSON at /api/docs/json). */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Lumio API', description: 'REST-API des Lumio-Portals', version: '1.0.0' },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // The device API (server/modules/device, docs/device-api.md): its routes name this
            // scheme instead of the bearer token.
            licenseKey: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description:
                'Geräte-API: `Authorization: License <Lizenzschlüssel>`, z. B. `License K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0E`, dazu der Header `X-Machine-Id`.',
            },
          },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
      hideUntagged: false,
    });
    // A scope of its own, so one per-address limit covers the page, the document and Swagger UI's
    // static files alike (they are public like the other public endpoints).
    await app.register(async (docs) => {
      docs.addHook('onRequest', docs.rateLimit({ max: app.config.rateLimitPublicPerMinute, timeWindow: '1 minute' }));
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
