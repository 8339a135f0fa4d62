import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const runtimeConfigSchema = z.object({
  apiUrl: z.string(),
  keycloak: z.object({ url: z.string(), realm: z.string(), clientId: z.string() }),
  legal: z.object({ termsUrl: z.string(), privacyUrl: z.string() }),
  brandOwner: z.object({
    name: z.string(),
    address: z.string(),
    register: z.string(),
    vatId: z.string(),
    contact: z.string(),
  }),
});

/**
 * GET /config/config.json: what the web app needs to find its API and identity provider. The same
 * build runs against the embedded provider or a real Keycloak; only this answer differs.
 */
export async function runtimeConfigModule(app: FastifyInstance) {
  const { config } = app;
  const body = {
    apiUrl: '/api',
    keycloak: { url: config.keycloak.url, realm: config.keycloak.realm, clientId: config.keycloak.clientId },
    legal: config.legal,
    brandOwner: config.brandOwner,
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/config/config.json',
    {
      // Loaded on every page view: a generous per-address limit of its own, not the public one.
      config: { public: true, rateLimit: { max: config.rateLimitConfigPerMinute, timeWindow: '1 minute' } },
      schema: { hide: true, response: { 200: runtimeConfigSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
}
