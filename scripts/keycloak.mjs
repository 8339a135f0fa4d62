// `npm run keycloak`: a real Keycloak 26.7.3 for development and CI on http://localhost:8180 with the
// realm of deploy/keycloak imported into an in-memory database, so every start begins from the
// realm file alone. Usage: `npm run keycloak -- --help`.
import { relative } from 'node:path';
import {
  chooseJava,
  checkJava,
  ensureDistribution,
  KEYCLOAK_DEV,
  KEYCLOAK_USAGE,
  KEYCLOAK_VERSION,
  KeycloakError,
  KeycloakUsageError,
  keycloakPaths,
  parseKeycloakArgs,
} from './lib/keycloak.mjs';
import { runningPid, startKeycloak, stopKeycloak } from './lib/keycloak-server.mjs';

const shown = (path) => (path.startsWith(process.cwd()) ? relative(process.cwd(), path) : path);

function describe({ pid, url, startMs }, java, javaMajor, paths, mode) {
  const env = process.env;
  const secret = env.LUMIO_KC_SERVER_SECRET || KEYCLOAK_DEV.serverSecret;
  const smtp = `${env.LUMIO_SMTP_HOST || KEYCLOAK_DEV.smtpHost}:${env.LUMIO_SMTP_PORT || KEYCLOAK_DEV.smtpPort}`;
  const realm = KEYCLOAK_DEV.realm;
  const stop =
    mode === 'detach' ? 'Beenden: npm run keycloak -- --stop' : 'Beenden: Strg+C (oder npm run keycloak -- --stop)';
  return `
Keycloak ${KEYCLOAK_VERSION} läuft (PID ${pid}, Java ${javaMajor} aus ${java.source}, bereit nach ${(startMs / 1000).toFixed(1)} s)
  URL              ${url}   (nur 127.0.0.1; Datenbank im Speicher, jeder Start importiert den Realm neu)
  Realm            ${realm}   Issuer ${url}/realms/${realm}
  Admin-Konsole    ${url}/admin/   Benutzer ${env.KC_BOOTSTRAP_ADMIN_USERNAME || KEYCLOAK_DEV.adminUser} / Passwort ${env.KC_BOOTSTRAP_ADMIN_PASSWORD || KEYCLOAK_DEV.adminPassword} (Realm master)
  API-Client       ${KEYCLOAK_DEV.serverClientId} / Secret ${secret}
  Web-Client       lumio-web, Redirects nach ${env.LUMIO_PUBLIC_URL || KEYCLOAK_DEV.publicUrl}/*
  Mails            an SMTP ${smtp} (npm run mail-catcher, http://localhost:8025/dev/mail)
  Log              ${shown(paths.logFile)}
Portal dagegen:    NODE_ENV=production KEYCLOAK_URL=${url} KEYCLOAK_REALM=${realm} \\
                   KEYCLOAK_ADMIN_CLIENT_ID=${KEYCLOAK_DEV.serverClientId} KEYCLOAK_ADMIN_CLIENT_SECRET=${secret} \\
                   SMTP_URL=smtp://${smtp} … (docs/production.md)
${stop}`;
}

async function main() {
  const args = parseKeycloakArgs(process.argv.slice(2));
  if (args.mode === 'help') return console.log(KEYCLOAK_USAGE);
  const paths = keycloakPaths(process.env, { port: args.port });

  if (args.mode === 'stop') {
    const pid = await stopKeycloak(paths);
    return console.log(
      pid ? `Keycloak (PID ${pid}) beendet.` : `Kein Keycloak dieses Checkouts auf Port ${args.port}.`,
    );
  }
  const already = runningPid(paths);
  if (already) {
    if (args.mode === 'detach') return console.log(`Keycloak läuft bereits (PID ${already}) auf Port ${args.port}.`);
    throw new KeycloakError(
      `Keycloak läuft bereits im Hintergrund (PID ${already}); beenden mit npm run keycloak -- --stop.`,
    );
  }

  // Java first: a missing JDK should not wait for a 180 MB download to be reported.
  const java = chooseJava();
  const javaMajor = checkJava(java);
  const fetched = await ensureDistribution(paths);
  if (fetched.unpacked) console.log(`Keycloak entpackt nach ${shown(paths.home)}.`);
  if (args.mode === 'fetch') return console.log(`Keycloak ${KEYCLOAK_VERSION} liegt bereit: ${shown(paths.home)}`);

  console.log(`Keycloak ${KEYCLOAK_VERSION} startet auf Port ${args.port} (Log: ${shown(paths.logFile)}) …`);
  const server = await startKeycloak({ paths, java, port: args.port, timeoutMs: args.timeoutMs });
  console.log(describe(server, java, javaMajor, paths, args.mode));
  if (args.mode === 'detach') return;

  // Foreground: Keycloak runs in its own process group, so the terminal's Ctrl-C reaches only this
  // script, which stops Keycloak in order and then exits.
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: Keycloak wird beendet …`);
    await stopKeycloak(paths, { pid: server.pid });
    console.log('Keycloak beendet.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  server.child.ref();
  server.child.on('exit', (code, signal) => {
    if (stopping) return;
    // 143: kc.sh passed on a SIGTERM from elsewhere, e.g. `npm run keycloak -- --stop` in another shell.
    if (code === 143 || signal === 'SIGTERM') {
      console.log('Keycloak wurde von außen beendet.');
      process.exit(0);
    }
    console.error(`Keycloak hat sich beendet (${signal ?? `Exit ${code}`}); siehe ${shown(paths.logFile)}.`);
    process.exit(1);
  });
}

main().catch((error) => {
  if (error instanceof KeycloakUsageError) {
    console.error(`${error.message}\n\n${KEYCLOAK_USAGE}`);
    process.exit(2);
  }
  if (error instanceof KeycloakError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
