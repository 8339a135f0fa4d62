import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this many bytes the headers and the work cost more than compression saves (device API answers). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Up to this many bytes an answer is compressed in one synchronous call instead of a zlib stream.
 * @fastify/compress picks 8 KiB on two cores; a list page of 20 rows is 9–12 KB, and its stream
 * (a zlib context, the thread pool's round trips, then client's stream) cost 0.8–1.4 ms per request
 * against 0.1 ms for brotli-4 of 9 KB in one call (bench/audit-log.mjs, issue 28; bench/README.md).
 * Bigger answers (the OpenAPI document, long exports) keep streaming, off the event loop.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/**
 * Text answers (JSON of the API, the OpenAPI document, the identity provider's HTML pages) of at
 * least 1 KB go out brotli- or gzip-compressed when the request's Accept-Encoding allows it.
 * Brotli at @fastify/compress's quality 4: per request, quality 11 costs tens of times the CPU
 * for a few per cent.
 *
 * Left alone: anything already encoded (the web app's files arrive as their build-time .br/.gz
 * copies, server/plugins/spa.ts), binary downloads (report ZIPs, documents: their types are not
 * compressible, and octet-stream is not in the list either), partial content, and request bodies
 * (no request decompression: what a client may send stays as it was).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // @fastify/compress's default list without octet-stream.
      customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/u,
      globalDecompression: false,
      syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    });
  },
  { name: 'compression' },
);
