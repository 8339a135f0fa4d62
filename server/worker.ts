import { pino } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/client';
import { createJobRuntime } from './jobs/runtime';
import { onStopSignal } from './lib/graceful-stop';
import { logDestination, loggerOptions } from './lib/logger';
import { createMailTransport } from './mail/transport';
import { metricsPortOf, startMetricsEndpoint, type MetricsEndpoint } from './metrics/endpoint';
import { processMetrics } from './metrics/scrape';

/**
 * `npm run worker`: a process that only runs background jobs (mail delivery, cleanups), beside
 * API processes started with JOB_WORKERS=false. It needs PostgreSQL (a PGlite database belongs to
 * exactly one process) and a real relay (the embedded mail catcher lives in the API process).
 */
async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
    const problems = [
      ...(config.databaseUrl
        ? []
        : ['DATABASE_URL: npm run worker braucht PostgreSQL (PGlite gehört genau einem Prozess)']),
      ...(config.smtpUrl
        ? []
        : ['SMTP_URL: npm run worker braucht einen echten Mail-Relay (der SMTP-Fänger lebt im API-Prozess)']),
    ];
    if (problems.length) throw new ConfigError(problems);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  // The same options as the API's logger: no statement parameters, no secrets (server/lib/logger.ts).
  const log = pino({ ...loggerOptions(config), base: { module: 'worker' } }, await logDestination(config));
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const mailer = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const runtime = await createJobRuntime(database, config, log, mailer);
  const metricsPort = metricsPortOf(config, 'worker');
  let metrics: MetricsEndpoint | undefined;
  if (metricsPort !== undefined) {
    try {
      const registry = processMetrics({ database, queue: runtime.queue });
      metrics = await startMetricsEndpoint({ host: config.metrics.host, port: metricsPort, registry, log });
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      console.error(err.message);
      process.exit(2);
    }
  }
  // Running jobs get the bound (SHUTDOWN_TIMEOUT_SECONDS) to finish; pg-boss then fails what still
  // runs, and another worker retries it.
  onStopSignal(log, config.shutdown.timeoutMs, async () => {
    await runtime.queue.stop(config.shutdown.timeoutMs);
    mailer.close();
    await database.close();
    await metrics?.close();
  });
  await runtime.queue.startWorkers(runtime.context);
  log.info(
    'Lumio-Worker läuft' + (metrics ? `; Metriken auf http://${config.metrics.host}:${metrics.port}/metrics` : ''),
  );
}

main().catch((err) => {
  console.error('Lumio-Worker konnte nicht starten:', err instanceof Error ? err.message : err);
  process.exit(1);
});
