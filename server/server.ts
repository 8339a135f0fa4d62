import { build } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';

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
  const app = await build({ config });
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
