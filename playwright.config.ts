import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8091);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Specs of Keycloak's own pages run only against a real Keycloak (playwright.keycloak.config.ts).
  testIgnore: ['**/*-keycloak.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The axe-core check of a new screen (tests/e2e/support/accessibility.ts) runs inside the step
  // that first meets the screen and counts toward that step's timeout: a large screen takes
  // seconds on a busy 2-core machine.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  // Named, so every test's name says which identity provider ran (playwright.keycloak.config.ts: Keycloak).
  projects: [{ name: 'eingebetteter IdP' }],
  use: {
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // A fresh embedded database per run, seeded with the demo users.
    command: `rm -rf .tmp/e2e-data && node --enable-source-maps dist-server/server.mjs`,
    url: `${baseURL}/config/config.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: '.tmp/e2e-data',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  },
});
