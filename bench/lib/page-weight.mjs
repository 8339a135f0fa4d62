// What Chromium downloads for one page: every script response (any frame) from an action until
// the page shows its first meaningful element and the network has been quiet, each body
// recompressed with gzip -9 so the figure does not depend on how the server compresses.
import { gzipSync } from 'node:zlib';

/** No request in flight for this long counts as "the network is idle" (Playwright uses 500 ms). */
const QUIET_MS = 1000;
const GIVE_UP_MS = 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The requests of a page still waiting for an answer, and when that set last changed. */
function trackRequests(page) {
  const inFlight = new Set();
  let changedAt = performance.now();
  const started = (request) => {
    inFlight.add(request);
    changedAt = performance.now();
  };
  const ended = (request) => {
    inFlight.delete(request);
    changedAt = performance.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet() {
      const since = performance.now();
      while (inFlight.size > 0 || performance.now() - changedAt < QUIET_MS) {
        if (performance.now() - since > GIVE_UP_MS) {
          const open = [...inFlight].map((request) => request.url()).join(', ');
          throw new Error(`network not idle after ${GIVE_UP_MS} ms; open: ${open}`);
        }
        await sleep(50);
      }
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

const isScript = (response) =>
  response.request().resourceType() === 'script' || /\.m?js$/.test(new URL(response.url()).pathname);

/**
 * Turns the browser cache off for `page`, so every script of the next load is downloaded (and
 * counted) even if an earlier page of the same context fetched it already.
 */
export async function disableCache(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return cdp;
}

/**
 * Runs `act` (a navigation, or the click that submits a login form), waits for `ready` and for
 * the network to go quiet, and returns every script downloaded meanwhile with its sizes.
 * @param {import('@playwright/test').Page} page
 * @param {() => Promise<unknown>} act
 * @param {() => Promise<unknown>} ready
 */
export async function scriptsDownloaded(page, act, ready) {
  const responses = [];
  const collect = (response) => {
    if (isScript(response) && response.status() === 200) responses.push(response);
  };
  const requests = trackRequests(page);
  page.on('response', collect);
  try {
    await act();
    await ready();
    await requests.quiet();
  } finally {
    page.off('response', collect);
    requests.stop();
  }
  const files = await Promise.all(
    responses.map(async (response) => {
      const body = await response.body();
      const url = new URL(response.url());
      return { path: url.pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
  return files.sort((a, b) => b.gzip - a.gzip);
}

/**
 * Installed before the page loads: notes when `label` first is a visible, enabled button, as
 * milliseconds since navigation start (performance.now()), taken at the next animation frame,
 * i.e. when the browser is about to paint it.
 */
function watchForClickable(label) {
  const visibleAndEnabled = (element) => {
    if (element.disabled || element.getAttribute('aria-disabled') === 'true') return false;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
  };
  const check = () => {
    if ('lumioClickableAt' in window) return;
    const button = [...document.querySelectorAll('button, [role="button"]')].find(
      (element) => element.textContent.trim() === label && visibleAndEnabled(element),
    );
    if (!button) return;
    observer.disconnect();
    window.lumioClickableAt = null;
    requestAnimationFrame((frameTime) => {
      window.lumioClickableAt = frameTime;
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

/**
 * Milliseconds from navigation start until the button `label` on `url` is visible and enabled,
 * in a fresh context (nothing cached) with the CPU slowed down `cpuSlowdown` times.
 * @param {import('@playwright/test').Browser} browser
 */
export async function timeToClickable(browser, url, label, cpuSlowdown) {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  try {
    await context.addInitScript(watchForClickable, label);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url);
    await page.waitForFunction(() => typeof window.lumioClickableAt === 'number', undefined, { timeout: GIVE_UP_MS });
    return await page.evaluate(() => window.lumioClickableAt);
  } finally {
    await context.close();
  }
}

/**
 * What Chromium received over the network for `page` from `act` until `ready` and a quiet
 * network: per request, CDP's Network.loadingFinished encodedDataLength (headers and body as they
 * came over the wire, i.e. compressed when the server compressed), the decoded body size, the
 * resource type and the Content-Encoding. Redirect answers (the login's) count with their own
 * bytes. `cdp` is the page's CDP session with the Network domain enabled (disableCache's).
 * @param {import('@playwright/test').Page} page
 * @param {import('@playwright/test').CDPSession} cdp
 * @param {() => Promise<unknown>} act
 * @param {() => Promise<unknown>} ready
 */
export async function bytesOnTheWire(page, cdp, act, ready) {
  /** @type {Map<string, { url: string, type: string, status: number, encoding: string, decoded: number, wire?: number }>} */
  const requests = new Map();
  const redirects = [];
  const describe = (response, type) => ({
    url: response.url,
    type,
    status: response.status,
    encoding: headerValue(response.headers, 'content-encoding') ?? 'identity',
    decoded: 0,
    cached: response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker,
  });
  const onRequest = (event) => {
    if (event.redirectResponse) {
      redirects.push({
        ...describe(event.redirectResponse, event.type),
        wire: event.redirectResponse.encodedDataLength,
      });
    }
  };
  const onResponse = (event) => requests.set(event.requestId, describe(event.response, event.type));
  const onData = (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.decoded += event.dataLength;
  };
  const onFinished = (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.wire = event.encodedDataLength;
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.dataReceived', onData);
  cdp.on('Network.loadingFinished', onFinished);
  const network = trackRequests(page);
  try {
    await act();
    await ready();
    await network.quiet();
  } finally {
    network.stop();
    cdp.off('Network.requestWillBeSent', onRequest);
    cdp.off('Network.responseReceived', onResponse);
    cdp.off('Network.dataReceived', onData);
    cdp.off('Network.loadingFinished', onFinished);
  }
  // Requests still open (the session check's long poll, if any) and answers from a cache carry no bytes.
  return [...redirects, ...requests.values()].filter((entry) => entry.wire !== undefined && !entry.cached);
}

function headerValue(headers, name) {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}
