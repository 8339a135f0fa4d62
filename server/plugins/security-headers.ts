import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Conservative defaults for every answer Fastify itself sends. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'SAMEORIGIN');
    });
  },
  { name: 'security-headers' },
);
