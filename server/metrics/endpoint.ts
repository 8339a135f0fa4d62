import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { ConfigError, type AppConfig } from '../config';

/**
 * Where each process serves its metrics when METRICS_PORT is unset and the embedded services are off
 * (production). API and worker differ, so that one of each runs on one host without settings; a
 * second instance of either needs its own METRICS_PORT. 9464 is the port of OpenTelemetry's
 * Prometheus exporter.
 */
export const DEFAULT_METRICS_PORTS = { api: 9464, worker: 9465 } as const;

/** The port this process serves /metrics on, or undefined when it serves none. */
export function metricsPortOf(config: Pick<AppConfig, 'metrics' | 'embedded'>, role: 'api' | 'worker') {
  const { port } = config.metrics;
  if (port === 'off') return undefined;
  return port ?? (config.embedded ? undefined : DEFAULT_METRICS_PORTS[role]);
}

export interface MetricsEndpoint {
  port: number;
  close(): Promise<void>;
}

/**
 * Prometheus text at GET /metrics on its own port (METRICS_HOST, default 127.0.0.1), apart from the
 * portal's port: nothing of it reaches the internet through the reverse proxy. A plain Node server,
 * since it answers one path and must keep answering while the portal's server stops.
 */
export async function startMetricsEndpoint(options: {
  host: string;
  port: number;
  registry: Registry;
  log: FastifyBaseLogger;
}): Promise<MetricsEndpoint> {
  const { registry, log } = options;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => {
        log.error({ err }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal error\n');
      },
    );
  });
  server.listen(options.port, options.host);
  try {
    await once(server, 'listening');
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new ConfigError([
      code === 'EADDRINUSE'
        ? `METRICS_PORT: Port ${options.port} auf ${options.host} ist belegt; jeder Prozess braucht seinen eigenen (oder off)`
        : `METRICS_PORT/METRICS_HOST: ${options.host}:${options.port} lässt sich nicht öffnen (${code ?? 'Fehler'})`,
    ]);
  }
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
