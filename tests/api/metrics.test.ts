import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayInGermany } from '../../src/domain/dates';
import { apiClient, buildTestApp, DEMO } from './helpers/app';
import { applicationBody } from './helpers/applications';
import {
  addDays,
  demoLicenseOwners,
  deviceClient,
  insertLicense,
  insertPackage,
  randomLicenseKey,
  type LicenseOwners,
} from './helpers/deviceLicenses';
import { bindWith, companyPerson } from './helpers/eid';
import { loginAs } from './helpers/login';
import { metricsOf, parseMetrics } from './helpers/metrics';
import { startMetricsEndpoint } from '../../server/metrics/endpoint';
import { processMetrics } from '../../server/metrics/scrape';

/**
 * The Prometheus endpoint (issue 23, part 4; docs/production.md "Metrics"): what a scrape shows
 * after real requests, device calls, eID sessions, mails and jobs. The counters belong to the
 * process (the test files of one worker share them), so every test compares before and after.
 */
describe('metrics', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let metrics: Awaited<ReturnType<typeof metricsOf>>;
  let owners: LicenseOwners;
  const TODAY = todayInGermany();
  const MACHINE = 'METRIKEN-PC-01';

  beforeAll(async () => {
    app = await buildTestApp({ MAIL_RETRY_DELAY_SECONDS: '1', RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' });
    metrics = await metricsOf(app);
    owners = await demoLicenseOwners(app);
  });
  afterAll(async () => {
    await metrics.close();
    await app.close();
  });

  it('counts requests and their durations per route template and status, never per raw path', async () => {
    const admin = apiClient(app, (await loginAs(app, DEMO.lumioAdmin)).accessToken);
    const [company] = (await admin.get('/api/company')).json().items as { id: string }[];
    const missing = randomUUID();
    const labels = (status: string) => ({ method: 'GET', route: '/api/company/:id', status });
    const before = {
      found: await metrics.value('lumio_http_requests_total', labels('200')),
      missing: await metrics.value('lumio_http_requests_total', labels('404')),
      histogram: await metrics.value('lumio_http_request_duration_seconds_count', labels('200')),
    };

    expect((await admin.get(`/api/company/${company.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/company/${company.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/company/${missing}`)).statusCode).toBe(404);
    // A path no route knows counts under its prefix, whatever it carries.
    await app.inject({ method: 'GET', url: `/api/nirgends/${missing}?token=geheim` });

    expect(await metrics.value('lumio_http_requests_total', labels('200'))).toBe(before.found + 2);
    expect(await metrics.value('lumio_http_requests_total', labels('404'))).toBe(before.missing + 1);
    expect(await metrics.value('lumio_http_request_duration_seconds_count', labels('200'))).toBe(before.histogram + 2);
    const samples = parseMetrics(await metrics.text());
    const buckets = samples.filter(
      (s) => s.name === 'lumio_http_request_duration_seconds_bucket' && s.labels.route === '/api/company/:id',
    );
    expect(buckets.map((s) => s.labels.le)).toContain('+Inf');
    expect(samples.some((s) => s.name === 'lumio_http_requests_total' && s.labels.route === '/api/*')).toBe(true);
    const text = await metrics.text();
    for (const raw of [company.id, missing, 'geheim', 'nirgends']) expect(text).not.toContain(raw);
  });

  it('counts device identifications as prepaid, postpaid and replayed, and refusals by error code', async () => {
    const prepaid = await insertLicense(app, owners, { boundMachineId: MACHINE });
    await insertPackage(app, prepaid.id, { startDate: addDays(TODAY, -1), endDate: addDays(TODAY, 9), amount: 1 });
    const postpaid = await insertLicense(app, owners, { boundMachineId: `${MACHINE}-2`, postpaidAllowed: true });
    const outcome = (name: string) => metrics.value('lumio_device_identifications_total', { outcome: name });
    const refusal = (code: string) => metrics.value('lumio_device_refusals_total', { code });
    const before = {
      prepaid: await outcome('prepaid'),
      postpaid: await outcome('postpaid'),
      replayed: await outcome('replayed'),
      noCredit: await refusal('NO_PREPAID_CREDIT'),
      unknown: await refusal('LICENSE_KEY_UNKNOWN'),
      unauthorized: await refusal('UNAUTHORIZED'),
    };

    const device = deviceClient(app, prepaid.key, MACHINE);
    const key = randomUUID();
    expect((await device.identify(key)).statusCode).toBe(201);
    expect((await device.identify(key)).statusCode).toBe(200);
    expect((await device.identify()).statusCode).toBe(402);
    expect((await deviceClient(app, postpaid.key, `${MACHINE}-2`).identify()).statusCode).toBe(201);
    expect((await deviceClient(app, randomLicenseKey(), MACHINE).identify()).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: '/api/device/license' });
    expect(anonymous.statusCode).toBe(401);

    expect(await outcome('prepaid')).toBe(before.prepaid + 1);
    expect(await outcome('replayed')).toBe(before.replayed + 1);
    expect(await outcome('postpaid')).toBe(before.postpaid + 1);
    expect(await refusal('NO_PREPAID_CREDIT')).toBe(before.noCredit + 1);
    expect(await refusal('LICENSE_KEY_UNKNOWN')).toBe(before.unknown + 1);
    expect(await refusal('UNAUTHORIZED')).toBe(before.unauthorized + 1);
    expect(await metrics.text()).not.toContain(prepaid.key);
  });

  it('counts eID sessions by outcome once each', async () => {
    const outcome = (name: string) => metrics.value('lumio_eid_sessions_total', { outcome: name });
    const before = { started: await outcome('started'), matched: await outcome('matched') };
    const person = await companyPerson(app, 'Unverified');
    const { res, started } = await bindWith(app, person.client, 'match');
    expect(res.statusCode).toBe(200);
    // Asking again repeats the recorded answer; it is not a second outcome.
    await person.client.get('/api/user/eid/bind', { headers: { 'x-session-id': started.sessionId } });
    expect(await outcome('started')).toBe(before.started + 1);
    expect(await outcome('matched')).toBe(before.matched + 1);
  });

  it('shows the outbox backlog and its oldest mail, and counts the failed delivery job', async () => {
    const failedRuns = () => metrics.value('lumio_job_runs_total', { job: 'mail-delivery', outcome: 'failed' });
    const retries = () =>
      metrics.value('lumio_mail_deliveries_total', { kind: 'application-confirmation', outcome: 'retry' });
    const sent = () =>
      metrics.value('lumio_mail_deliveries_total', { kind: 'application-confirmation', outcome: 'sent' });
    const before = { failedRuns: await failedRuns(), retries: await retries(), sent: await sent() };
    app.mailCatcher!.setOutage(true);
    try {
      const res = await apiClient(app).post('/api/company-application', applicationBody());
      expect(res.statusCode).toBe(201);
      await vi.waitFor(async () => expect(await retries()).toBeGreaterThan(before.retries), { timeout: 20_000 });
      expect(await failedRuns()).toBeGreaterThan(before.failedRuns);
      expect(await metrics.value('lumio_mail_outbox_backlog')).toBeGreaterThanOrEqual(1);
      expect(await metrics.value('lumio_mail_outbox_oldest_age_seconds')).toBeGreaterThan(0);
      expect(await metrics.value('lumio_metrics_source_up', { source: 'mail_outbox' })).toBe(1);
    } finally {
      app.mailCatcher!.setOutage(false);
    }
    await vi.waitFor(async () => expect(await metrics.value('lumio_mail_outbox_backlog')).toBe(0), { timeout: 20_000 });
    expect(await sent()).toBe(before.sent + 1);
    expect(await metrics.value('lumio_mail_outbox_oldest_age_seconds')).toBe(0);
  });

  it('shows the database pool on PostgreSQL (PGlite is one session without a pool)', async () => {
    const samples = parseMetrics(await metrics.text());
    const pool = (name: string) => samples.find((s) => s.name === name)?.value;
    if (app.database.kind === 'postgres') {
      expect(pool('lumio_db_pool_max_connections')).toBe(10);
      expect(pool('lumio_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(pool('lumio_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(pool('lumio_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(
        samples.filter((s) => s.name.startsWith('lumio_db_pool_') && s.name !== 'lumio_db_pool_errors_total'),
      ).toEqual([]);
    }
  });

  it('shows every job queue with its depth, and process metrics', async () => {
    const samples = parseMetrics(await metrics.text());
    const queues = new Set(samples.filter((s) => s.name === 'lumio_job_queue_jobs').map((s) => s.labels.job));
    expect([...queues].sort()).toEqual(
      [
        'cleanup',
        'data-export',
        'data-export-failed',
        'identification-report',
        'identification-report-failed',
        'mail-delivery',
        'mail-dispatch',
        'package-notices',
        'password-reset-mail',
        'report-cleanup',
        'retention',
        'statement-issue',
        'webhook-delivery',
      ].sort(),
    );
    expect(samples.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('answers 404 on any other path of the metrics port', async () => {
    expect((await fetch(metrics.url.replace('/metrics', '/'))).status).toBe(404);
  });

  it('refuses to start on a port another process holds, naming METRICS_PORT in German', async () => {
    const port = Number(new URL(metrics.url).port);
    await expect(
      startMetricsEndpoint({
        host: '127.0.0.1',
        port,
        registry: processMetrics({ database: app.database, queue: app.jobs }),
        log: app.log,
      }),
    ).rejects.toMatchObject({
      problems: [
        `METRICS_PORT: Port ${port} auf 127.0.0.1 ist belegt; jeder Prozess braucht seinen eigenen (oder off)`,
      ],
    });
  });
});
