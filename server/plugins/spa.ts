import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '../../src/domain/errorCatalogue';
import { errorBody } from './errors';

/** Paths the web app never owns: they answer with the error body, not index.html. */
const SERVER_PREFIXES = ['/api/', '/realms/', '/config/', '/dev/'];

/**
 * Serves the built web app from `distDir` with history fallback: any other GET for an HTML page
 * gets index.html and the web app's router decides (unknown paths redirect to '').
 * Everything else that matches no route is a 404 in the error body. Every HTML answer gets the web
 * app's Content-Security-Policy from the security-headers plugin.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { distDir?: string }) => {
    const indexFile = opts.distDir ? join(opts.distDir, 'index.html') : undefined;
    const hasApp = indexFile !== undefined && existsSync(indexFile);
    if (hasApp) {
      await app.register(fastifyStatic, {
        root: opts.distDir!,
        wildcard: false,
        index: false,
        setHeaders(reply, path) {
          // Hashed assets never change; everything else is revalidated.
          reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const indexHtml = hasApp ? readFileSync(indexFile!, 'utf8') : undefined;

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      const wantsPage =
        indexHtml !== undefined &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !SERVER_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p) &&
        !/\.[a-z0-9]+$/i.test(path);
      if (wantsPage) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
      }
      return reply.code(404).send(errorBody(request, 404, 'NOT_FOUND', [SERVER_MESSAGES.notFound]));
    });
  },
  { name: 'spa' },
);
