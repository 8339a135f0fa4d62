// Issue 23, part 2: Lighthouse 12.2.3 on the landing page and on the Owner's dashboard, with
// Lighthouse's default configuration: mobile form factor and screen, simulated throttling (slow 4G,
// 4× CPU), performance category only. Targets: performance ≥ 95 on the landing page, ≥ 90 on the
// dashboard.
//
// One Debian Chromium (the flags of scripts/lib/chromium.mjs, headless) with a remote-debugging
// port, started by chrome-launcher as Lighthouse's own CLI starts it. The landing page is measured
// first, anonymously. Then Playwright attaches to the same browser (connectOverCDP) and signs the
// demo Owner in through the real login page in the browser's default context, the one Lighthouse
// opens its tabs in. Lighthouse's storage reset before each run empties the HTTP cache but keeps
// cookies and localStorage (its clearStorageTypes leave them alone), so every run loads the
// dashboard with an empty cache while the identity provider's session cookie lets keycloak-js's
// check-sso (the silent iframe) sign the page in again, as a reload or a bookmark does. A run that
// did not get the dashboard (no 200 from /api/self) fails the benchmark instead of scoring the
// landing page.
//
// One run of the landing page comes first and is not counted (the server's first answers are
// slower). Prints per page the median over the runs of score, FCP, LCP, TBT, CLS and Speed
// Index, and for the median run (Lighthouse's own choice, core/lib/median-run.js) the LCP element,
// its phases and the main-thread work by category; --save DIR keeps every run's report (JSON).
// With --debug-port, a Chromium already listening there is used as it is (chrome-launcher).
//
// Usage: node bench/lighthouse.mjs [--runs 3] [--quick] [--port 8173] [--debug-port 8174]
//                                  [--no-build] [--save .tmp/lighthouse] [--page dashboard] [--tls 8175]
//   --quick: one run of the landing page only (what CI runs; under a minute with current builds)
//   --page: only these pages (landing, dashboard; comma-separated)
//   --tls PORT: through nginx with TLS and HTTP/2 on PORT (deploy/nginx/lumio.conf, a certificate for
//     localhost made for the run; bench/lib/tls-front.mjs), as production delivers the portal;
//     without it the browser talks HTTP/1.1 to the server itself, as `npm start` serves it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { buildWebAppIfStale } from './lib/build-web-app.mjs';
import { lighthouseConfig } from './lib/lighthouse-config.mjs';
import { dashboardShown, openLoginForm, submitLoginForm, USERS } from './lib/login.mjs';
import { median, reportBudgets, table, verdict } from './lib/report.mjs';
import { spawnServer } from './lib/server-process.mjs';
import { startTlsFront } from './lib/tls-front.mjs';

const TARGETS = { landing: 95, dashboard: 90 };
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 'ms'],
];

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
}

const score = (lhr) => Math.round(lhr.categories.performance.score * 100);
const metric = (lhr, id) => lhr.audits[id].numericValue;
const fmtMetric = (value, unit) => (unit === 'ms' ? `${(value / 1000).toFixed(2)} s` : value.toFixed(3));

/** One Lighthouse navigation of `url` in a new tab of the browser on `port`. */
async function audit(url, port) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const result = await lighthouse(url, flags, lighthouseConfig);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** The run's requests that reached `path`, from Lighthouse's network-requests audit. */
const requestsTo = (lhr, path) =>
  lhr.audits['network-requests'].details.items.filter((item) => new URL(item.url).pathname === path);

/** The LCP element and its phases (Lighthouse's largest-contentful-paint-element audit). */
function lcpBreakdown(lhr) {
  const [elementTable, phaseTable] = lhr.audits['largest-contentful-paint-element'].details?.items ?? [];
  const node = elementTable?.items[0]?.node;
  return {
    element: node ? `${node.selector} ("${node.nodeLabel ?? node.snippet}")` : '(none found)',
    phases: (phaseTable?.items ?? []).map((item) => ({ phase: item.phase, ms: item.timing, percent: item.percent })),
  };
}

function printPage(name, runs, saveDir) {
  const chosen = computeMedianRun(runs);
  console.log(`\n${name}: ${runs.length} run(s), ${chosen.finalDisplayedUrl}`);
  console.log(
    table([
      ['', 'median', 'runs'],
      ['performance', String(median(runs.map(score))), runs.map(score).join(', ')],
      ...METRICS.map(([id, label, unit]) => [
        label,
        fmtMetric(median(runs.map((lhr) => metric(lhr, id))), unit),
        runs.map((lhr) => fmtMetric(metric(lhr, id), unit)).join(', '),
      ]),
    ]),
  );
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    runs.forEach((lhr, index) => writeFileSync(join(saveDir, `${name}-${index + 1}.json`), JSON.stringify(lhr)));
    console.log(`reports: ${saveDir}/${name}-*.json`);
  }
  return chosen;
}

/** Where the median run's time went: the LCP phases and the main thread's work by category. */
function printBreakdown(lhr) {
  const { element, phases } = lcpBreakdown(lhr);
  console.log(`LCP element: ${element}`);
  console.log(
    table([['LCP phase', 'time', 'share'], ...phases.map((p) => [p.phase, `${p.ms.toFixed(0)} ms`, p.percent])]),
  );
  const work = lhr.audits['mainthread-work-breakdown'];
  console.log(`main-thread work: ${(work.numericValue / 1000).toFixed(2)} s`);
  console.log(
    table([
      ['category', 'time'],
      ...work.details.items.map((item) => [item.groupLabel ?? item.group, `${item.duration.toFixed(0)} ms`]),
    ]),
  );
  const bootup = lhr.audits['bootup-time'].details?.items ?? [];
  console.log(
    table([
      ['script (bootup-time)', 'total', 'scripting', 'parse/compile'],
      ...bootup.map((item) => [
        URL.canParse(item.url) ? new URL(item.url).pathname : item.url,
        `${item.total.toFixed(0)} ms`,
        `${item.scripting.toFixed(0)} ms`,
        `${item.scriptParseCompile.toFixed(0)} ms`,
      ]),
    ]),
  );
  for (const id of [
    'render-blocking-resources',
    'critical-request-chains',
    'unused-javascript',
    'uses-long-cache-ttl',
  ]) {
    const found = lhr.audits[id];
    if (found) console.log(`${id}: ${found.displayValue ?? ''} (score ${found.score})`);
  }
}

async function signInOwner(debugPort, base) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  try {
    const [context] = browser.contexts();
    const page = await context.newPage();
    await openLoginForm(page, base, USERS.owner);
    await submitLoginForm(page);
    await dashboardShown(page)();
    await page.close();
  } finally {
    // Only the connection ends; the browser and its cookies stay for Lighthouse.
    await browser.close();
  }
}

async function main() {
  const quick = process.argv.includes('--quick');
  const runs = quick ? 1 : Number(option('runs', 3));
  const pages = quick ? ['landing'] : (option('page') ?? 'landing,dashboard').split(',');
  const saveDir = option('save');
  const loadBefore = loadavg()[0].toFixed(2);
  if (!process.argv.includes('--no-build')) buildWebAppIfStale();

  const dataDir = mkdtempSync(join(tmpdir(), 'lumio-bench-lighthouse-'));
  const tlsPort = option('tls') ? Number(option('tls')) : undefined;
  const server = await spawnServer({
    dataDir,
    port: option('port') ? Number(option('port')) : undefined,
    // Behind the TLS front the portal's address is the front's; nginx names the client.
    env: tlsPort ? { PUBLIC_URL: `https://localhost:${tlsPort}`, TRUST_PROXY: '127.0.0.1' } : {},
  });
  await server.serving();
  const front = tlsPort ? await startTlsFront({ port: tlsPort, upstreamPort: server.port }) : undefined;
  const delivery = front ? 'nginx, TLS, HTTP/2' : 'HTTP/1.1, no proxy';
  // The identity provider's issuer is PUBLIC_URL (localhost), so the browser uses that name too.
  const base = front?.url ?? `http://localhost:${server.port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // The front's certificate is made for the run: no authority vouches for it.
    chromeFlags: [...CHROMIUM_ARGS, '--headless', ...(front ? ['--ignore-certificate-errors'] : [])],
    port: option('debug-port') ? Number(option('debug-port')) : undefined,
    logLevel: 'error',
  });
  const rows = [];
  try {
    console.log(`server ready on ${base} (${delivery})`);
    // Not counted: the first run after the server's start is slower (its first answers come from
    // a cold process: Speed Index 3.95 instead of 1.86 s on the landing page in one try).
    await audit(`${base}/`, chrome.port);
    for (const name of pages) {
      if (name === 'dashboard') await signInOwner(chrome.port, base);
      const url = name === 'landing' ? `${base}/` : `${base}/dashboard`;
      const lhrs = [];
      const loads = [];
      for (let run = 0; run < runs; run++) {
        loads.push(loadavg()[0]);
        const lhr = await audit(url, chrome.port);
        if (name === 'dashboard' && !requestsTo(lhr, '/api/self').some((request) => request.statusCode === 200)) {
          throw new Error(
            'Lighthouse did not get the signed-in dashboard (no 200 from /api/self): the session was lost',
          );
        }
        lhrs.push(lhr);
      }
      const chosen = printPage(name, lhrs, saveDir);
      if (name === 'dashboard' || process.argv.includes('--breakdown')) printBreakdown(chosen);
      const loadRange = `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
      const medianScore = median(lhrs.map(score));
      rows.push({
        budget: `Lighthouse ${name}: performance (mobile, ${delivery}), median of ${runs}, ${loadRange}`,
        limit: `≥ ${TARGETS[name]}`,
        measured: String(medianScore),
        // verdict() reads "at most"; the score is "at least".
        verdict: verdict(-medianScore, -TARGETS[name]),
      });
      for (const [id, label, unit] of METRICS) {
        rows.push({
          budget: `Lighthouse ${name}: ${label}, median`,
          limit: '(info)',
          measured: fmtMetric(median(lhrs.map((lhr) => metric(lhr, id))), unit),
          verdict: 'info',
        });
      }
    }
    console.log(`\nload average (1 min): ${loadBefore} at the start, ${loadavg()[0].toFixed(2)} at the end`);
    reportBudgets('lighthouse', rows);
  } finally {
    chrome.kill();
    await front?.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
