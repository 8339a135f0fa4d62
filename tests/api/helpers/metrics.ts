import type { FastifyInstance } from 'fastify';
import { startMetricsEndpoint, type MetricsEndpoint } from '../../../server/metrics/endpoint';
import { processMetrics } from '../../../server/metrics/scrape';
import type { Database } from '../../../server/db/client';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The /metrics endpoint of an app as server.ts starts it, on a free port; read() gives the samples. */
export async function metricsOf(app: FastifyInstance & { database: Database }) {
  const endpoint: MetricsEndpoint = await startMetricsEndpoint({
    host: '127.0.0.1',
    port: 0,
    registry: processMetrics({ database: app.database, queue: app.jobs }),
    log: app.log,
  });
  const url = `http://127.0.0.1:${endpoint.port}/metrics`;
  async function text() {
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
    return res.text();
  }
  return {
    url,
    text,
    /** The value of the sample with exactly these labels (0 when it does not exist yet). */
    async value(name: string, labels: Record<string, string> = {}) {
      const wanted = JSON.stringify(Object.entries(labels).sort());
      const found = parseMetrics(await text()).find(
        (sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted,
      );
      return found?.value ?? 0;
    },
    close: () => endpoint.close(),
  };
}
