import { pino } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/client';
import { createJobRuntime } from './jobs/runtime';
import { logSerializers } from './lib/log-serializers';
import { createMailTransport } from './mail/transport';

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

  // The same serializers as the API's logger: a failed statement is logged without its parameters.
  const log = pino({ level: config.logLevel, base: { module: 'worker' }, serializers: logSerializers });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const mailer = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const runtime = await createJobRuntime(database, config, log, mailer);
  await runtime.queue.startWorkers(runtime.context);
  log.info('Lumio-Worker läuft');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping worker');
    // Running jobs get time to finish; whatever is still running then is retried by another worker.
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await runtime.queue.stop();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('Lumio-Worker konnte nicht starten:', err instanceof Error ? err.message : err);
  process.exit(1);
});
