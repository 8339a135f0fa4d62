// One autocannon run with every request's latency kept (autocannon's own percentiles have p90
// and p97.5 but no p95), and the summary both load benchmarks print.
import autocannon from 'autocannon';
import { percentile } from './report.mjs';

/** Count, throughput and percentiles of per-request latencies taken over `seconds`. */
export function latencyStats(latencies, seconds) {
  return {
    count: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
  };
}

/**
 * Runs autocannon with `options` for `options.duration` seconds. Every answer must have
 * `expectedStatus`; errors, timeouts, another status or no answer at all abort the benchmark.
 */
export async function runLoad(options, expectedStatus) {
  const latencies = [];
  const statuses = new Map();
  const instance = autocannon({
    ...options,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    latencies.push(ms);
  });
  const result = await instance;
  const bad = [...statuses].filter(([code]) => code !== expectedStatus);
  if (result.errors || result.timeouts || bad.length || !latencies.length) {
    throw new Error(
      `requests failed: errors ${result.errors}, timeouts ${result.timeouts}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }
  return latencyStats(latencies, options.duration);
}
