import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/client';

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
  const [database, { build }] = await Promise.all([
    openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    import('./app'),
  ]);
  const app = await build({ config, database, workersAfterListen: true });
  // build() closes only a database it opened itself; this one closes after everything else.
  app.addHook('onClose', () => database.close());
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let running requests finish, then close the database; force after 10 s.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Lumio läuft auf ${config.publicUrl}` +
      (config.embedded ? ` (eingebettete Dienste, Daten in ${config.dataDir})` : ''),
  );
}

main().catch((err) => {
  console.error('Lumio konnte nicht starten:', err instanceof Error ? err.message : err);
  process.exit(1);
});
