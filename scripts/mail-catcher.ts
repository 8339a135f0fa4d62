// `npm run mail-catcher`: the embedded mode's mail catcher as a process of its own, for development
// and CI with real services (issue 15). The portal in production mode (SMTP_URL=smtp://127.0.0.1:2525)
// and Keycloak (the realm's smtpServer) both deliver to its SMTP port; people and tests read the mails
// on its own HTTP port, at the same /dev/mail pages and /dev/mail.json the embedded mode serves.
// It is never part of the portal's build: scripts/build-server.mjs bundles server/server.ts only.
import { rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { startMailCatcher } from '../server/mail/catcher';
import { registerDevMailRoutes } from '../server/mail/dev-routes';
import { errorsPlugin } from '../server/plugins/errors';

const USAGE = `npm run mail-catcher [-- --smtp-port 2525] [--http-port 8025] [--pid-file <Datei>]
  SMTP auf 127.0.0.1:<smtp-port> (ohne TLS und Anmeldung), Mails unter http://localhost:<http-port>/dev/mail,
  als JSON unter /dev/mail.json (neueste zuerst). Auch per Umgebung: MAIL_CATCHER_SMTP_PORT, MAIL_CATCHER_HTTP_PORT.
  --pid-file: schreibt die PID dieses Prozesses, sobald er bereit ist (npm und sh geben ein kill nicht weiter).`;

function port(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    console.error(`${name} braucht eine Portnummer von 1 bis 65535.\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

let given: { 'smtp-port'?: string; 'http-port'?: string; 'pid-file'?: string; help?: boolean };
try {
  given = parseArgs({
    options: {
      'smtp-port': { type: 'string' },
      'http-port': { type: 'string' },
      'pid-file': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch {
  // parseArgs names the problem in English; the usage below says what is accepted.
  console.error(`Unbekannte oder unvollständige Option in: ${process.argv.slice(2).join(' ')}\n\n${USAGE}`);
  process.exit(2);
}
if (given.help) {
  console.log(USAGE);
  process.exit(0);
}
const smtpPort = port('--smtp-port', given['smtp-port'] ?? process.env.MAIL_CATCHER_SMTP_PORT, 2525);
const httpPort = port('--http-port', given['http-port'] ?? process.env.MAIL_CATCHER_HTTP_PORT, 8025);

async function main() {
  const catcher = await startMailCatcher({
    port: smtpPort,
    // Keycloak and the portal's outbox send bursts; a session of CI runs keeps more than the default.
    limit: 2000,
    onError: (error) => console.error(`SMTP: ${error.message}`),
  });
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(formbody);
  registerDevMailRoutes(app, catcher, {
    ownOrigin: `http://localhost:${httpPort}`,
    intro: `Mail-Fänger (npm run mail-catcher): Alle E-Mails an SMTP 127.0.0.1:${smtpPort} – vom Portal und von Keycloak – landen hier (neueste zuerst) und werden nicht zugestellt.`,
  });
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/dev/mail'));
  await app.listen({ port: httpPort, host: '127.0.0.1' });

  console.log(`Mail-Fänger läuft (PID ${process.pid}):
  SMTP   127.0.0.1:${smtpPort}   (Portal: SMTP_URL=smtp://127.0.0.1:${smtpPort}; Keycloak: LUMIO_SMTP_PORT=${smtpPort})
  Mails  http://localhost:${httpPort}/dev/mail   JSON: http://localhost:${httpPort}/dev/mail.json
Beenden: Strg+C`);

  const pidFile = given['pid-file'];
  if (pidFile) writeFileSync(pidFile, `${process.pid}\n`);

  const stop = async () => {
    if (pidFile) rmSync(pidFile, { force: true });
    await app.close();
    await catcher.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') {
    console.error(
      `Port ${error.message.match(/:(\d+)$/)?.[1] ?? ''} ist belegt: Läuft schon ein Mail-Fänger? Andere Ports mit --smtp-port/--http-port.`,
    );
    process.exit(1);
  }
  throw error;
});
