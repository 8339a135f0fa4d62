import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

/**
 * Issue 15, part 6: the browser suite against the portal in production mode, on a real Keycloak
 * (`npm run keycloak`), the standalone mail catcher (`npm run mail-catcher`) and PostgreSQL. Run
 * through `npm run test:e2e:keycloak` (scripts/e2e-keycloak.ts), which starts Keycloak and the
 * catcher, seeds the demo accounts into both and passes the addresses below in the environment.
 * The project's name puts the IdP into every test's name.
 */
const port = Number(process.env.E2E_PORT ?? 8093);
const baseURL = `http://localhost:${port}`;
const keycloakUrl = process.env.E2E_KEYCLOAK_URL ?? 'http://localhost:8180';

export default defineConfig({
  testDir: 'tests/e2e',
  // Every demo role's login and tiles; the registration journey from application to first login;
  // the second factor with Keycloak's own pages (*-keycloak.spec.ts run only here; the profile's
  // set-up and the reset run on both providers).
  testMatch: [
    'tiles-and-menu.spec.ts',
    'registration.spec.ts',
    'second-factor-profile.spec.ts',
    'second-factor-reset.spec.ts',
    '*-keycloak.spec.ts',
  ],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  projects: [{ name: 'Keycloak 26.7.3' }],
  use: {
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    // The built server as production runs it: no embedded service, every outside party real.
    command: 'node --enable-source-maps dist-server/server.mjs',
    url: `${baseURL}/config/config.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      EMBEDDED: 'false',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: '.tmp/e2e-keycloak-data',
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      KEYCLOAK_URL: keycloakUrl,
      KEYCLOAK_ADMIN_CLIENT_SECRET: process.env.E2E_KEYCLOAK_SECRET ?? 'lumio-dev-secret',
      SMTP_URL: process.env.E2E_SMTP_URL ?? 'smtp://127.0.0.1:2525',
      DOCUMENT_ENCRYPTION_KEY: process.env.E2E_DOCUMENT_KEY ?? '',
    },
  },
});
