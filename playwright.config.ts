import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8091);

/** Specs of Keycloak's own pages run only against a real Keycloak (playwright.keycloak.config.ts). */
const KEYCLOAK_ONLY = ['**/*-keycloak.spec.ts'];

/**
 * The specs that add, decide or count the demo company's pending people or studios (Studio
 * Sonnenschein, the only company with a verified demo owner): employees.spec.ts counts the pending
 * people on the menu's badge while eid, phone and the invitation specs register new employees of the
 * company and phone.spec.ts releases one; company-management.spec.ts adds a fourth studio for a
 * while, phone.spec.ts counts three; phone-lists.spec.ts compares the company's lists at two widths;
 * audit-log.spec.ts changes the company's second phone number and back (issue 28).
 * Run at the same time, one would see the other's half-done work.
 */
const SHARED_DEMO_COMPANY = [
  'audit-log.spec.ts',
  'company-management.spec.ts',
  'eid.spec.ts',
  'email-change.spec.ts',
  'employee-invitation.spec.ts',
  'employees.spec.ts',
  'phone.spec.ts',
  'phone-lists.spec.ts',
].map((file) => `**/${file}`);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testIgnore: KEYCLOAK_ONLY,
  // Two workers, each taking whole spec files (their tests share a page's journey, in order), against
  // the one server: the suite waits much of its time for the server and the identity provider, so
  // two Chromiums keep a 2-core machine busy where one left it half idle (issue 25).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The axe-core check of a new screen (tests/e2e/support/accessibility.ts) runs inside the step
  // that first meets the screen and counts toward that step's timeout: a large screen takes
  // seconds on a busy 2-core machine.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  // Named, so every test's name says which identity provider ran (playwright.keycloak.config.ts: Keycloak).
  // The specs of SHARED_DEMO_COMPANY take their own project of one worker: they run one after the
  // other, beside the rest.
  projects: [
    // A project's testIgnore replaces the config's: it names the Keycloak specs again.
    { name: 'eingebetteter IdP', testIgnore: [...KEYCLOAK_ONLY, ...SHARED_DEMO_COMPANY] },
    { name: 'eingebetteter IdP', testMatch: SHARED_DEMO_COMPANY, workers: 1 },
  ],
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
