import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The counters of this process, in one registry (docs/production.md, "Metrics", lists every one).
 * A counter lives in the process that does the work: an API instance counts its requests and
 * device calls, a worker its jobs and mails; Prometheus sums them over the instances. Values that
 * live in the database (queue depth, mail backlog, pool use) are read at scrape time instead
 * (server/metrics/scrape.ts). Modules count through `metrics`, one call each.
 */
export const registry = new Registry();
// process_* and nodejs_*: CPU, memory, heap, event-loop lag, open handles, GC.
collectDefaultMetrics({ register: registry });

const registers = [registry];

const httpRequests = new Counter({
  name: 'lumio_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});
const httpDuration = new Histogram({
  name: 'lumio_http_request_duration_seconds',
  help: 'Time from the request to its answer, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});
const httpInFlight = new Gauge({
  name: 'lumio_http_requests_in_flight',
  help: 'HTTP requests received and not answered yet',
  registers,
});
const jobRuns = new Counter({
  name: 'lumio_job_runs_total',
  help: 'Background job runs of this process, by job and outcome (completed, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers,
});
const jobDuration = new Histogram({
  name: 'lumio_job_duration_seconds',
  help: 'Duration of background job runs, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 300, 900],
  registers,
});
const mailDeliveries = new Counter({
  name: 'lumio_mail_deliveries_total',
  help: 'Delivery attempts of outbox mails, by template and outcome (sent, retry, failed, unreadable)',
  labelNames: ['kind', 'outcome'] as const,
  registers,
});
const webhookDeliveries = new Counter({
  name: 'lumio_webhook_deliveries_total',
  help: 'Webhook delivery attempts, by event type and outcome (delivered, retry, failed, abandoned)',
  labelNames: ['event', 'outcome'] as const,
  registers,
});
const deviceIdentifications = new Counter({
  name: 'lumio_device_identifications_total',
  help: 'Identification processes the device API answered, by outcome (prepaid, postpaid, replayed)',
  labelNames: ['outcome'] as const,
  registers,
});
const deviceRefusals = new Counter({
  name: 'lumio_device_refusals_total',
  help: 'Device API calls refused, by error code',
  labelNames: ['code'] as const,
  registers,
});
const eidSessions = new Counter({
  name: 'lumio_eid_sessions_total',
  help: 'eID binding sessions, by outcome (started, replaced, matched, review_pending, cancelled, or the EID_* error code)',
  labelNames: ['outcome'] as const,
  registers,
});
const dbPoolErrors = new Counter({
  name: 'lumio_db_pool_errors_total',
  help: 'Idle database connections that broke (the pool drops them and opens new ones)',
  registers,
});

export type DeviceIdentificationOutcome = 'prepaid' | 'postpaid' | 'replayed';
export type MailDeliveryOutcome = 'sent' | 'retry' | 'failed' | 'unreadable';
/** abandoned: its endpoint was paused or switched off before the attempt. */
export type WebhookDeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'abandoned';

/** The one-line calls the modules count with. */
export const metrics = {
  httpRequestStarted: () => httpInFlight.inc(),
  httpRequestEnded: () => httpInFlight.dec(),
  httpRequestAnswered(method: string, route: string, status: number, seconds: number) {
    const labels = { method, route, status: String(status) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, seconds);
  },
  jobRun(job: string, outcome: 'completed' | 'failed', seconds: number) {
    jobRuns.inc({ job, outcome });
    jobDuration.observe({ job }, seconds);
  },
  mailDelivery: (kind: string, outcome: MailDeliveryOutcome) => mailDeliveries.inc({ kind, outcome }),
  webhookDelivery: (event: string, outcome: WebhookDeliveryOutcome) => webhookDeliveries.inc({ event, outcome }),
  deviceIdentification: (outcome: DeviceIdentificationOutcome) => deviceIdentifications.inc({ outcome }),
  deviceRefusal: (code: string) => deviceRefusals.inc({ code }),
  eidSession: (outcome: string, count = 1) => eidSessions.inc({ outcome }, count),
  dbPoolError: () => dbPoolErrors.inc(),
};
