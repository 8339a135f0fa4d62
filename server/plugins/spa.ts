import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '../../src/domain/errorCatalogue';
import { errorBody } from './errors';

/** Paths the web app never owns: they answer with the error body, not index.html. */
const SERVER_PREFIXES = ['/api/', '/realms/', '/config/', '/dev/'];
/** Vite's build.assetsDir: every file there has its content hash in its name. */
const HASHED_ASSETS_DIR = 'assets';
/** A hashed file never changes: a year, and no revalidation on reload. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon, check-sso page, legal PDFs): kept, but revalidated each time. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app from `distDir` with history fallback: any other GET for an HTML page
 * gets index.html and the web app's router decides (unknown paths redirect to '').
 * Everything else that matches no route is a 404 in the error body. Every HTML answer gets the web
 * app's Content-Security-Policy from the security-headers plugin.
 *
 * `vite build` writes a brotli (.br) and a gzip (.gz) copy next to every text file (vite.config.ts):
 * each file, and index.html for the fallback, goes out as the copy the request's Accept-Encoding
 * prefers (brotli first), with `Vary: Accept-Encoding`, its own ETag and Content-Length, so
 * conditional and range requests keep working; nothing is compressed per request.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { distDir?: string }) => {
    const distDir = opts.distDir;
    const hasApp = distDir !== undefined && existsSync(join(distDir, 'index.html'));
    if (hasApp) {
      // By the file's place in dist/, not by its absolute path (a checkout under /srv/assets/ would
      // make every file immutable).
      const isHashedAsset = (path: string) => relative(distDir, path).startsWith(HASHED_ASSETS_DIR + sep);
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The copies are sent in place of their file, never as files of their own.
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders(reply, path) {
          reply.header('cache-control', isHashedAsset(path) ? IMMUTABLE : REVALIDATE);
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      const wantsPage =
        hasApp &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !SERVER_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p) &&
        !/\.[a-z0-9]+$/i.test(path);
      if (wantsPage) return reply.sendFile('index.html');
      return reply.code(404).send(errorBody(request, 404, 'NOT_FOUND', [SERVER_MESSAGES.notFound]));
    });
  },
  { name: 'spa' },
);
