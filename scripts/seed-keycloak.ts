// Dev seeding against a Keycloak (issue 15): the demo data of server/db/seed.ts, its accounts at
// Keycloak instead of the embedded provider. Run it with the portal's own environment (the one
// `npm start` gets with EMBEDDED=false), so database, Keycloak and the pseudonym key match:
//   KEYCLOAK_URL=http://localhost:8180 KEYCLOAK_ADMIN_CLIENT_SECRET=lumio-dev-secret \
//   DATABASE_URL=postgres://… PUBLIC_URL=http://localhost:8080 SMTP_URL=smtp://127.0.0.1:2525 \
//   DOCUMENT_ENCRYPTION_KEY=… npm run seed:keycloak
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DEMO_PASSWORD, seedDemoData } from '../server/db/seed';
import { trackTransactionEffects } from '../server/db/tx-effects';
import { derivePseudonymKey } from '../server/eid/pseudonym';
import { connectKeycloak } from '../server/idp/keycloak/connection';
import { createKeycloakDemoAccounts } from '../server/idp/keycloak/demo-accounts';
import { loadDocumentKey } from '../server/modules/documents/crypto';

async function main(): Promise<number> {
  if (process.env.NODE_ENV === 'production') {
    console.error('seed:keycloak legt Demo-Konten an und läuft daher nie mit NODE_ENV=production.');
    return 2;
  }
  // Keycloak mode whatever EMBEDDED says: seeding the embedded provider is `npm start`'s job.
  const config = loadConfig({ ...process.env, EMBEDDED: 'false', SEED_DEMO_DATA: undefined });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const db = trackTransactionEffects(database.db, {
      error: (details, message) => console.error(message, details),
    });
    const connection = connectKeycloak({
      url: config.keycloak.url,
      realm: config.keycloak.realm,
      clientId: config.keycloak.admin.clientId,
      clientSecret: config.keycloak.admin.clientSecret!,
    });
    const pseudonymKey = derivePseudonymKey(await loadDocumentKey(config));
    const seeded = await seedDemoData(db, { pseudonymKey }, createKeycloakDemoAccounts(connection, console));
    if (!seeded) {
      console.log('Die Datenbank hat schon Benutzer: nichts angelegt (Demodaten nur in eine leere Datenbank).');
      return 0;
    }
    console.log(
      `Demodaten angelegt: Konten in Keycloak ${config.keycloak.issuer}, Passwort für alle: ${DEMO_PASSWORD} (siehe README, Demo-Konten).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error('seed:keycloak fehlgeschlagen:', err);
    process.exit(1);
  },
);
