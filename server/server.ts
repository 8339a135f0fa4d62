import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/client';
import { onStopSignal, stopServer } from './lib/graceful-stop';
import { logDestination } from './lib/logger';
import { metricsPortOf, startMetricsEndpoint, type MetricsEndpoint } from './metrics/endpoint';
import { processMetrics } from './metrics/scrape';

/** `npm start`: one process serving web app, API and (embedded mode) the stand-in services. */
async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  // The database opens (PGlite compiles its WebAssembly and reads the data directory) while the
  // rest of the server's modules load: both take about a second, and a start after a crash should
  // answer within 5 s (bench/recovery.mjs).
  const [database, { build }, logStream] = await Promise.all([
    openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    import('./app'),
    logDestination(config),
  ]);
  const app = await build({ config, database, workersAfterListen: true, logStream });
  const metricsPort = metricsPortOf(config, 'api');
  let metrics: MetricsEndpoint | undefined;
  try {
    if (metricsPort !== undefined) {
      const registry = processMetrics({ database, queue: app.jobs });
      metrics = await startMetricsEndpoint({ host: config.metrics.host, port: metricsPort, registry, log: app.log });
    }
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
  // Requests finish first, then the jobs and everything else (server/lib/graceful-stop.ts); the
  // database last, after the app's own onClose hooks, and the metrics keep answering until then.
  onStopSignal(app.log, config.shutdown.drainMs + config.shutdown.timeoutMs, async () => {
    await stopServer(app, config.shutdown);
    await database.close();
    await metrics?.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Lumio läuft auf ${config.publicUrl}` +
      (config.embedded ? ` (eingebettete Dienste, Daten in ${config.dataDir})` : '') +
      (metrics ? `; Metriken auf http://${config.metrics.host}:${metrics.port}/metrics` : ''),
  );
}

main().catch((err) => {
  console.error('Lumio konnte nicht starten:', err instanceof Error ? err.message : err);
  process.exit(1);
});
