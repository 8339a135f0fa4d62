// Budget 1 (issues 2 and 8): the JavaScript Chromium downloads before a page is usable, gzip -9.
//
// Builds the web app and the server as `npm start` does (dist/, dist-server/server.mjs: when stale), starts the
// server on a fresh embedded data dir (demo users), and opens each page in Debian's Chromium
// through Playwright the way its user does: landing, register-studio and employee-invitation (the demo invitation) anonymously; the
// dashboard through the real login of the demo Owner (the embedded identity provider's form);
// the eID verification as the demo owner whose verification is open; the admin screens logged in
// as LumioAdmin, SystemAdmin or SystemIntegratorAdmin (its resellers and the four levels of the
// licence screens). For each page it adds up every script response of every frame, from the
// navigation (for the dashboard: from submitting the login form) until the page shows its first
// meaningful element and no request has been in flight for a second. The browser cache is off, so
// a script fetched by an earlier page still counts. Each body is recompressed with gzip -9, so the
// figure does not depend on the server's compression.
// CSS is not counted: the budgets are JavaScript.
//
// It also times the landing page: navigation start until 'Jetzt anmelden' is visible and enabled,
// with the CPU slowed down 4× (CDP Emulation.setCPUThrottlingRate), in a fresh context each run.
//
// Units: the issue writes "KB"; the verdicts read it as kB = 1000 bytes, the stricter reading, so
// a PASS holds either way. Every total is also printed in KiB (1024 bytes).
//
// Usage: node bench/bundle-size.mjs [--runs 7] [--port 8112] [--no-build]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { buildServer, SERVER_BUNDLE, SERVER_SOURCES } from '../scripts/build-server.mjs';
import { isStale } from '../scripts/lib/freshness.mjs';
import { buildWebAppIfStale } from './lib/build-web-app.mjs';
import { dashboardShown, openLoginForm, submitLoginForm, USERS, visible } from './lib/login.mjs';
import { createOpenApplication } from './lib/open-application.mjs';
import { disableCache, scriptsDownloaded, timeToClickable } from './lib/page-weight.mjs';
import { median, reportBudgets, table, verdict } from './lib/report.mjs';
import { spawnServer } from './lib/server-process.mjs';

const KB = 1000;
const KIB = 1024;
/** kB (1000 bytes) of gzip -9 output, and the landing page's time to a clickable login button. */
// Issue 25: at least 10 % under the earlier budgets (150 / 200 / 320 / 400 kB), so that a page
// growing towards its old limit shows as OVER before it gets there.
const BUDGETS = {
  landing: 135,
  registerStudio: 180,
  employeeInvitation: 180,
  dashboard: 288,
  adminScreen: 360,
  clickableMs: 1500,
};
/** The demo data's open invitation (DEMO_INVITATION_TOKEN of server/db/seed.ts); the bench only reads it. */
const DEMO_INVITATION_PATH = '/employee-invitation/Demo-Einladung-Studio-Sonnenschein-Lumio-26';
const CPU_SLOWDOWN = 4;

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
}

const fmtKB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const fmtBoth = (bytes) => `${fmtKB(bytes)} (${(bytes / KIB).toFixed(1)} KiB)`;
const total = (files, key = 'gzip') => files.reduce((sum, file) => sum + file[key], 0);

/** A new tab of `context` that downloads everything afresh. */
async function freshPage(context) {
  const page = await context.newPage();
  await disableCache(page);
  return page;
}

/** Logs `email` in within a new context; measures the page load that follows the login form. */
async function logInMeasured(browser, base, email) {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const page = await freshPage(context);
  await openLoginForm(page, base, email);
  const files = await scriptsDownloaded(page, () => submitLoginForm(page), dashboardShown(page));
  await page.close();
  return { context, files };
}

async function main() {
  const runs = Number(option('runs', 7));
  // Timings on a shared machine depend on what else runs: printed with the figures.
  const loadBefore = loadavg()[0].toFixed(2);
  // Built only when a source is newer than the build, as `npm start` does: in CI, `npm test` has
  // just built both (and the production install copies dist-server/ meanwhile).
  if (!process.argv.includes('--no-build')) {
    buildWebAppIfStale();
    if (isStale(SERVER_BUNDLE, SERVER_SOURCES)) await buildServer();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lumio-bench-bundle-'));
  const server = await spawnServer({ dataDir, port: option('port') ? Number(option('port')) : undefined });
  // The identity provider's issuer is PUBLIC_URL (localhost), so the browser uses that name too.
  const base = `http://localhost:${server.port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  /** @type {{ name: string, user: string, ready: string, budget: number, files: any[] }[]} */
  const pages = [];
  const record = (name, user, ready, budget, files) => pages.push({ name, user, ready, budget, files });
  try {
    console.log(`server ready after ${(await server.serving()).toFixed(0)} ms on ${base}`);
    const applicationId = await createOpenApplication(`http://127.0.0.1:${server.port}`);

    const anonymous = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    for (const [name, path, ready, budget] of [
      ['landing', '/', "button 'Jetzt anmelden'", BUDGETS.landing],
      ['register-studio', '/register-studio', "heading 'Fotostudio registrieren'", BUDGETS.registerStudio],
      ['employee-invitation', DEMO_INVITATION_PATH, "button 'Registrieren'", BUDGETS.employeeInvitation],
    ]) {
      const page = await freshPage(anonymous);
      const shown = {
        landing: page.getByRole('button', { name: 'Jetzt anmelden' }),
        'register-studio': page.getByRole('heading', { level: 1, name: 'Fotostudio registrieren' }),
        // The form shows once the invitation is read (GET /api/employee-invitation/{id}).
        'employee-invitation': page.getByRole('button', { name: 'Registrieren' }),
      }[name];
      record(
        name,
        'anonymous',
        ready,
        budget,
        await scriptsDownloaded(page, () => page.goto(base + path), visible(shown)),
      );
      await page.close();
    }
    await anonymous.close();

    const owner = await logInMeasured(browser, base, USERS.owner);
    record('dashboard', 'Owner, after login', "list 'Bereiche'", BUDGETS.dashboard, owner.files);

    // Admin screens: each opened directly (a bookmark, a reload) in a signed-in context.
    const screen = async (context, name, user, path, ready, readyLabel, discover) => {
      const page = await freshPage(context);
      record(
        name,
        user,
        readyLabel,
        BUDGETS.adminScreen,
        await scriptsDownloaded(page, () => page.goto(base + path), visible(ready(page))),
      );
      const found = discover ? await discover(page) : undefined;
      await page.close();
      return found;
    };
    /** Opens the row with `text` and returns the detail screen's path. */
    const detailPathOf = (text, pattern) => async (page) => {
      await page.locator('tbody tr').filter({ hasText: text }).first().click();
      await page.waitForURL(pattern);
      return new URL(page.url()).pathname;
    };

    // The studio's own screens, as the owner opens them.
    await screen(
      owner.context,
      'company management',
      'Owner',
      '/company-management',
      (page) => page.getByRole('heading', { level: 1, name: 'Firma' }),
      "heading 'Firma'",
    );
    const employeePath = await screen(
      owner.context,
      'employees',
      'Owner',
      '/employees',
      (page) => page.getByRole('region', { name: 'Alle Mitarbeitenden' }).locator('tbody tr').first(),
      "first row of 'Alle Mitarbeitenden'",
      detailPathOf('Albrecht', /\/employees\/[^/]+$/),
    );
    await screen(
      owner.context,
      'employee detail',
      'Owner',
      employeePath,
      (page) => page.getByRole('combobox', { name: 'Rolle' }),
      "select 'Rolle'",
    );
    // Issue 14: the report request and its results, as the owner opens them.
    await screen(
      owner.context,
      'reports',
      'Owner',
      '/identification-process-reports',
      (page) => page.getByRole('button', { name: 'Ergebnisse aktualisieren' }),
      "button 'Ergebnisse aktualisieren'",
    );
    // Issue 27: the company's 'Abrechnungen' (statements alone leads to the own company's months)
    // and the running month's statement, as the owner opens them.
    const statementPath = await screen(
      owner.context,
      'statements',
      'Owner',
      '/statements',
      (page) => page.locator('tbody tr').filter({ hasText: 'vorläufig' }),
      "row of the running month 'vorläufig'",
      async (page) => {
        await page.locator('tbody tr').filter({ hasText: 'vorläufig' }).getByRole('link').click();
        await page.waitForURL(/\/statements\/[^/]+\/\d{4}-\d{2}$/);
        return new URL(page.url()).pathname;
      },
    );
    await screen(
      owner.context,
      'statement (running month)',
      'Owner',
      statementPath,
      (page) => page.getByRole('group', { name: 'Summen je Studio' }),
      "table 'Summen je Studio'",
    );
    await owner.context.close();

    // The eID verification's first step, as an owner whose registration is unfinished opens it.
    const newOwner = await logInMeasured(browser, base, USERS.newOwner);
    await screen(
      newOwner.context,
      'eID verification',
      'Owner, unverified',
      '/verify',
      (page) => page.getByRole('button', { name: 'Verifizierung starten' }),
      "button 'Verifizierung starten'",
    );
    await newOwner.context.close();

    const lumioAdmin = await logInMeasured(browser, base, USERS.lumioAdmin);
    record(
      'dashboard (LumioAdmin)',
      'LumioAdmin, after login',
      "list 'Bereiche'",
      BUDGETS.adminScreen,
      lumioAdmin.files,
    );
    const heading = (name) => (page) => page.getByRole('heading', { level: 1, name });
    const companyPath = await screen(
      lumioAdmin.context,
      'companies',
      'LumioAdmin',
      '/companies',
      (page) => page.locator('tbody tr').filter({ hasText: 'Fotostudio Sonnenschein GmbH' }),
      'row of Fotostudio Sonnenschein GmbH',
      detailPathOf('Fotostudio Sonnenschein GmbH', /\/companies\/[^/]+$/),
    );
    await screen(lumioAdmin.context, 'company detail', 'LumioAdmin', companyPath, heading('Firma'), "heading 'Firma'");
    await screen(
      lumioAdmin.context,
      'open applications',
      'LumioAdmin',
      '/open-applications',
      (page) => page.locator('tbody tr').filter({ hasText: 'Fotostudio Bench' }),
      'row of the open application',
    );
    await screen(
      lumioAdmin.context,
      'open application review',
      'LumioAdmin',
      `/open-applications/${applicationId}`,
      heading('Antrag prüfen'),
      "heading 'Antrag prüfen'",
    );
    await screen(
      lumioAdmin.context,
      'eID reviews',
      'LumioAdmin',
      '/verification-check',
      heading('eID-Prüfungen'),
      "heading 'eID-Prüfungen'",
    );
    // Issue 27: the provider export of a month (ready with its button; the CSV is not fetched).
    await screen(
      lumioAdmin.context,
      'statement export',
      'LumioAdmin',
      '/statements/export',
      (page) => page.getByRole('button', { name: 'CSV herunterladen' }),
      "button 'CSV herunterladen'",
    );
    // Issue 28: the audit log ('Protokoll'), ready when its first page has answered.
    await screen(
      lumioAdmin.context,
      'audit log',
      'LumioAdmin',
      '/audit-log',
      (page) => page.getByTestId('list-footer').filter({ hasText: 'Gesamt:' }),
      "list footer 'Gesamt:'",
    );
    await lumioAdmin.context.close();

    // Creating and editing a system integrator is the list's dialog (createEditSystemIntegrator), in its chunk.
    const systemAdmin = await logInMeasured(browser, base, USERS.systemAdmin);
    await screen(
      systemAdmin.context,
      'system integrators',
      'SystemAdmin',
      '/system-integrators',
      (page) => page.locator('tbody tr').filter({ hasText: 'FotoSoft GmbH' }),
      'row of FotoSoft GmbH',
    );
    await screen(
      systemAdmin.context,
      'administration',
      'SystemAdmin',
      '/administration',
      (page) => page.locator('tbody tr').filter({ hasText: 'integrator@bildwerk.example' }),
      'row of integrator@bildwerk.example',
    );
    // Issue 28: 'Datenlöschung', the retention job's runs (ready with its heading: the page's code
    // is all there whether GET /api/retention-run answers runs, none or an error, whose dialog
    // hides the heading from the accessibility tree, hence the plain h1).
    await screen(
      systemAdmin.context,
      'retention runs',
      'SystemAdmin',
      '/administration/retention',
      (page) => page.locator('h1', { hasText: 'Datenlöschung' }),
      "h1 'Datenlöschung'",
    );
    await systemAdmin.context.close();

    // The integrator's resellers (route reseller; its dialogs are in the page's chunk).
    const integrator = await logInMeasured(browser, base, USERS.integrator);
    await screen(
      integrator.context,
      'reseller',
      'SystemIntegratorAdmin',
      '/reseller',
      (page) => page.locator('tbody tr').filter({ hasText: 'Foto Express Handel GmbH' }),
      'row of Foto Express Handel GmbH',
    );
    // Issue 26: the integrator's webhook receivers and API clients (none in the demo data: ready
    // when the list has answered with its empty state; the dialogs load on first use, not counted).
    for (const [name, path] of [
      ['webhooks', '/webhooks'],
      ['api-clients', '/api-clients'],
    ]) {
      await screen(
        integrator.context,
        name,
        'SystemIntegratorAdmin',
        path,
        (page) => page.getByRole('status').filter({ hasText: 'Keine Daten vorhanden' }),
        "status 'Keine Daten vorhanden'",
      );
    }
    // Issue 27: what the integrator invoices for the running month (ready with the month picker:
    // the page's code is all there whether the month's answer is a statement or an error).
    await screen(
      integrator.context,
      'integrator statements',
      'SystemIntegratorAdmin',
      '/statements/integrator',
      (page) => page.getByRole('combobox', { name: 'Monat' }),
      "select 'Monat'",
    );
    // The licence screens' four levels (route license-management), as the integrator goes down
    // them: each opened by its address; the dialogs load on first use and are not counted.
    const levelPath = (depth) => new RegExp(`/license-management${'/[^/]+'.repeat(depth)}$`);
    const licenseStudiosPath = await screen(
      integrator.context,
      'license companies',
      'SystemIntegratorAdmin',
      '/license-management',
      (page) => page.locator('tbody tr').filter({ hasText: 'Fotostudio Sonnenschein GmbH' }),
      'row of Fotostudio Sonnenschein GmbH',
      detailPathOf('Fotostudio Sonnenschein GmbH', levelPath(1)),
    );
    const studioLicensesPath = await screen(
      integrator.context,
      'license studios',
      'SystemIntegratorAdmin',
      licenseStudiosPath,
      (page) => page.locator('tbody tr').filter({ hasText: 'Sonnenschein Neukölln' }),
      'row of Sonnenschein Neukölln',
      detailPathOf('Sonnenschein Neukölln', levelPath(2)),
    );
    const packagesPath = await screen(
      integrator.context,
      'licenses',
      'SystemIntegratorAdmin',
      studioLicensesPath,
      (page) => page.locator('tbody tr').filter({ hasText: 'SNNSC-HN01K-PC01B-FTSFT-DEM01' }),
      'row of the demo licence SNNSC-HN01K-…',
      detailPathOf('SNNSC-HN01K-PC01B-FTSFT-DEM01', levelPath(3)),
    );
    await screen(
      integrator.context,
      'prepaid packages',
      'SystemIntegratorAdmin',
      packagesPath,
      (page) => page.locator('tbody tr').filter({ hasText: 'Gültig' }),
      "row of the package 'Gültig'",
    );
    await integrator.context.close();

    const clickable = [];
    for (let run = 0; run < runs; run++) {
      clickable.push(await timeToClickable(browser, `${base}/`, 'Jetzt anmelden', CPU_SLOWDOWN));
    }

    for (const { name, user, ready, files } of pages) {
      console.log(`\n${name} (${user}; until ${ready} and a quiet network): ${files.length} scripts`);
      console.log(
        table([
          ['file', 'raw', 'gzip -9'],
          ...files.map((file) => [file.path, fmtKB(file.raw), fmtKB(file.gzip)]),
          ['total', fmtKB(total(files, 'raw')), fmtBoth(total(files))],
        ]),
      );
    }
    const sorted = [...clickable].sort((a, b) => a - b);
    console.log(
      `\nlanding, ${CPU_SLOWDOWN}× CPU slowdown, navigation start → 'Jetzt anmelden' visible and enabled, ` +
        `${runs} runs (ms): ${sorted.map((ms) => ms.toFixed(0)).join(', ')}`,
    );

    const heaviestAdmin = pages
      .filter((p) => p.budget === BUDGETS.adminScreen)
      .reduce((max, p) => (total(p.files) > total(max.files) ? p : max));
    console.log(`load average (1 min): ${loadBefore} at the start, ${loadavg()[0].toFixed(2)} at the end`);
    console.log(`heaviest admin screen: ${heaviestAdmin.name} (${fmtBoth(total(heaviestAdmin.files))})`);
    const limit = (kb) => `≤ ${kb} kB gzip (${((kb * KB) / KIB).toFixed(1)} KiB)`;
    reportBudgets('bundle-size', [
      ...pages.map((p) => ({
        budget: `${p.name} JS until usable, gzip -9`,
        limit: limit(p.budget),
        measured: fmtBoth(total(p.files)),
        verdict: verdict(total(p.files) / KB, p.budget),
      })),
      {
        budget: `landing: 'Jetzt anmelden' clickable, ${CPU_SLOWDOWN}× CPU, median of ${runs}`,
        limit: `≤ ${BUDGETS.clickableMs / 1000} s`,
        measured: `${(median(clickable) / 1000).toFixed(2)} s`,
        verdict: verdict(median(clickable), BUDGETS.clickableMs),
      },
      {
        budget: `same, worst of ${runs}`,
        limit: `≤ ${BUDGETS.clickableMs / 1000} s`,
        measured: `${(sorted.at(-1) / 1000).toFixed(2)} s`,
        verdict: verdict(sorted.at(-1), BUDGETS.clickableMs),
      },
    ]);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
