// Debian's Chromium as the browser tests and the page-weight benchmark launch it (never a
// browser Playwright downloads). One list, so a measurement and a test see the same browser.

/** CHROMIUM_PATH overrides Debian's /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (root in CI), no GPU, and nothing in the background that would add requests. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
