// Issue 23, part 2: bytes on the wire, as Chromium receives them.
//
// Builds the web app and the server as `npm start` does when their sources changed (unless
// --no-build), starts the server on a fresh embedded data dir (demo users) and opens four pages
// in Debian's Chromium: the landing page and register-studio anonymously, the Owner's dashboard
// right after the real login (from sending the identity provider's form), and the heaviest admin
// screen (the studios level of the licence screens, bench/README.md "Page weight in the
// browser") opened by its address in the integrator's signed-in context.
//
// Empty cache: the page's cache is off (CDP Network.setCacheDisabled), so every file is
// downloaded. Every request of the page (document, scripts, styles, config, API answers, the
// identity provider's iframes, redirects of the login) counts with CDP's Network.loadingFinished
// encodedDataLength: headers and body as they came over the wire, compressed if the server
// compressed. Summed from the navigation (the form's submit) until the page shows its first
// meaningful element and no request has been in flight for a second.
//
// Return visit: the same address opened again in a tab with the cache on, after one load that
// filled it; what still goes over the network then (index.html, config, API answers, and any
// asset without a long cache lifetime).
//
// Usage: node bench/wire-bytes.mjs [--port 8172] [--no-build] [--runs 1]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { buildWebAppIfStale } from './lib/build-web-app.mjs';
import { dashboardShown, openLoginForm, submitLoginForm, USERS, visible } from './lib/login.mjs';
import { bytesOnTheWire, disableCache } from './lib/page-weight.mjs';
import { median, reportBudgets, table } from './lib/report.mjs';
import { spawnServer } from './lib/server-process.mjs';

const KB = 1000;
const CONTEXT_OPTIONS = { locale: 'de-DE', timezoneId: 'Europe/Berlin' };

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
}

const fmtKB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const sum = (entries, key) => entries.reduce((total, entry) => total + entry[key], 0);

/** The page's first meaningful element, by page. */
const READY = {
  landing: (page) => page.getByRole('button', { name: 'Jetzt anmelden' }),
  'register-studio': (page) => page.getByRole('heading', { level: 1, name: 'Fotostudio registrieren' }),
  'license studios': (page) => page.locator('tbody tr').filter({ hasText: 'Sonnenschein Neukölln' }),
};

/** One page load with the cache off, in a new tab of `context`; `prepare` runs before counting starts. */
async function emptyCacheLoad(context, act, ready, prepare = async () => {}) {
  const page = await context.newPage();
  const cdp = await disableCache(page);
  try {
    await prepare(page);
    return await bytesOnTheWire(
      page,
      cdp,
      () => act(page),
      () => ready(page)(),
    );
  } finally {
    await page.close();
  }
}

/** `url` loaded once to fill the cache, then again; the second load's bytes. */
async function returnVisit(context, url, ready) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  try {
    await page.goto(url);
    await ready(page)();
    return await bytesOnTheWire(
      page,
      cdp,
      () => page.goto(url),
      () => ready(page)(),
    );
  } finally {
    await page.close();
  }
}

/** Signs `email` in within a new context and returns it with the dashboard's load after the form. */
async function signIn(browser, base, email) {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  const entries = await emptyCacheLoad(context, submitLoginForm, dashboardShown, (page) =>
    openLoginForm(page, base, email),
  );
  return { context, entries };
}

async function measureOnce(browser, base) {
  /** @type {{ name: string, user: string, entries: any[], again: any[] }[]} */
  const pages = [];
  const anonymous = await browser.newContext(CONTEXT_OPTIONS);
  for (const [name, path] of [
    ['landing', '/'],
    ['register-studio', '/register-studio'],
  ]) {
    const entries = await emptyCacheLoad(
      anonymous,
      (page) => page.goto(base + path),
      (page) => visible(READY[name](page)),
    );
    const again = await returnVisit(anonymous, base + path, (page) => visible(READY[name](page)));
    pages.push({ name, user: 'anonymous', entries, again });
  }
  await anonymous.close();

  const owner = await signIn(browser, base, USERS.owner);
  const ownerAgain = await returnVisit(owner.context, `${base}/dashboard`, dashboardShown);
  pages.push({ name: 'dashboard', user: 'Owner, after login', entries: owner.entries, again: ownerAgain });
  await owner.context.close();

  const integrator = await signIn(browser, base, USERS.integrator);
  const finder = await integrator.context.newPage();
  await finder.goto(`${base}/license-management`);
  await finder.locator('tbody tr').filter({ hasText: 'Fotostudio Sonnenschein GmbH' }).first().click();
  await finder.waitForURL(/\/license-management\/[^/]+$/);
  const studiosUrl = finder.url();
  await finder.close();
  const studiosReady = (page) => visible(READY['license studios'](page));
  const studios = await emptyCacheLoad(integrator.context, (page) => page.goto(studiosUrl), studiosReady);
  const studiosAgain = await returnVisit(integrator.context, studiosUrl, studiosReady);
  pages.push({ name: 'license studios', user: 'SystemIntegratorAdmin', entries: studios, again: studiosAgain });
  await integrator.context.close();
  return pages;
}

function printPage({ name, user, entries, again }) {
  console.log(`\n${name} (${user}): ${entries.length} requests, empty cache`);
  const byType = new Map();
  for (const entry of entries) {
    const row = byType.get(entry.type) ?? { type: entry.type, count: 0, wire: 0, decoded: 0, encodings: new Set() };
    row.count += 1;
    row.wire += entry.wire;
    row.decoded += entry.decoded;
    row.encodings.add(entry.encoding);
    byType.set(entry.type, row);
  }
  console.log(
    table([
      ['type', 'requests', 'on the wire', 'decoded body', 'Content-Encoding'],
      ...[...byType.values()]
        .sort((a, b) => b.wire - a.wire)
        .map((row) => [row.type, row.count, fmtKB(row.wire), fmtKB(row.decoded), [...row.encodings].join(', ')]),
      ['total', entries.length, fmtKB(sum(entries, 'wire')), fmtKB(sum(entries, 'decoded')), ''],
    ]),
  );
  console.log(
    `return visit: ${again.length} requests over the network, ${fmtKB(sum(again, 'wire'))} ` +
      `(${again.map((entry) => new URL(entry.url).pathname.replace(/^(.{40}).+$/, '$1…')).join(', ')})`,
  );
}

async function main() {
  const runs = Number(option('runs', 1));
  const loadBefore = loadavg()[0].toFixed(2);
  // The server bundle is built by spawnServer when it is older than its sources.
  if (!process.argv.includes('--no-build')) buildWebAppIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'lumio-bench-wire-'));
  const server = await spawnServer({ dataDir, port: option('port') ? Number(option('port')) : undefined });
  // The identity provider's issuer is PUBLIC_URL (localhost), so the browser uses that name too.
  const base = `http://localhost:${server.port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log(`server ready after ${(await server.serving()).toFixed(0)} ms on ${base}`);
    const measured = [];
    for (let run = 0; run < runs; run++) measured.push(await measureOnce(browser, base));
    // The sizes hardly vary between runs (API answers carry dates and ids); the last run is printed.
    measured.at(-1).forEach(printPage);
    console.log(`\nload average (1 min): ${loadBefore} at the start, ${loadavg()[0].toFixed(2)} at the end`);
    reportBudgets(
      'wire-bytes',
      measured[0].flatMap(({ name, user }, index) => {
        const wire = median(measured.map((pages) => sum(pages[index].entries, 'wire')));
        const again = median(measured.map((pages) => sum(pages[index].again, 'wire')));
        return [
          {
            budget: `${name} (${user}) on the wire, empty cache`,
            limit: '(info)',
            measured: fmtKB(wire),
            verdict: 'info',
          },
          { budget: `${name}, return visit`, limit: '(info)', measured: fmtKB(again), verdict: 'info' },
        ];
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
