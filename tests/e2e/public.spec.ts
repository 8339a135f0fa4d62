import type { Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { RuntimeConfig } from '../../src/domain/runtimeConfig';
import { expectLandingPage, expectLoginPage } from './support/login';

/**
 * react-admin's login check (ra-core's useCheckAuth) names this message key. It is a string in the
 * bundle (minification keeps it), so it marks code of the admin app whatever its chunks are named;
 * it is in the code a guarded page runs before it leaves for the login (the layout's own code,
 * once the marker here, loads only after a successful check).
 */
const ADMIN_MARKER = 'ra.auth.auth_check_error';

/**
 * MUI's styling engine (emotion) keeps its styles under this attribute name; every MUI component
 * needs it, so a script without it carries no MUI.
 */
const MUI_MARKER = 'data-emotion';

interface LoadedScript {
  path: string;
  body: string;
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js');

/**
 * Opens `path` and collects every script the page downloads until the page shows `ready` and the
 * network has gone quiet (the silent sign-on check included).
 */
async function scriptsLoadedBy(page: Page, path: string, ready: () => Promise<void>): Promise<LoadedScript[]> {
  // Bodies are read as they arrive: a guarded page leaves for the login, and the browser forgets
  // the bodies of a document it left. On a busy machine it may leave before a body is read: then
  // the same URL is fetched again (the scripts' names carry their content hash).
  const loaded: Promise<LoadedScript>[] = [];
  const collect = (response: Response) => {
    if (!isScript(response)) return;
    const body = response.text().catch(async () => (await page.request.get(response.url())).text());
    loaded.push(body.then((text) => ({ path: new URL(response.url()).pathname, body: text })));
  };
  page.on('response', collect);
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  return Promise.all(loaded);
}

/** The scripts the HTML shell itself names: the entry module and its preloads. */
async function entryScripts(page: Page): Promise<string[]> {
  const html = await (await page.request.get('/')).text();
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)].map((match) => match[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((match) => match[1]);
  return [...scripts, ...preloads].map((src) => new URL(src, 'http://host').pathname);
}

test('the landing page offers login and studio registration', async ({ page }) => {
  await page.goto('/');

  await expectLandingPage(page);
  await expect(page.getByRole('link', { name: 'Fotostudio registrieren' })).toHaveAttribute('href', '/register-studio');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(String(new Date().getFullYear()));

  await page.getByRole('link', { name: 'Fotostudio registrieren' }).click();
  await expect(page).toHaveURL(/\/register-studio$/);
});

test('the imprint, linked from the footer, names the brand owner', async ({ page, request }) => {
  const config = (await (await request.get('/config/config.json')).json()) as RuntimeConfig;
  const { brandOwner } = config;

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();

  await expect(page).toHaveURL(/\/imprint$/);
  await expect(page.getByRole('heading', { name: 'Impressum', level: 1 })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(`Lumio ist eine Marke der ${brandOwner.name}.`);
  await expect(main).toContainText(brandOwner.address);
  await expect(main).toContainText(brandOwner.register);
  await expect(main).toContainText(brandOwner.vatId);
  await expect(main).toContainText(brandOwner.contact);
});

test.describe('tab titles of the public pages', () => {
  for (const { path, heading, title } of [
    { path: '/', heading: 'Willkommen bei Lumio', title: 'Lumio' },
    { path: '/imprint', heading: 'Impressum', title: 'Impressum – Lumio' },
    { path: '/register-studio', heading: 'Fotostudio registrieren', title: 'Fotostudio registrieren – Lumio' },
  ]) {
    test(`${path} is titled “${title}”`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(title);
    });
  }

  test('the confirmation page of an application is titled, whatever its outcome', async ({ page }) => {
    await page.goto(`/company-application/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/confirm?token=x`);
    await expect(page.getByRole('heading', { name: 'Bestätigung nicht möglich', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Registrierung bestätigen – Lumio');
  });
});

test.describe('public pages do not download the admin app', () => {
  for (const { path, heading } of [
    { path: '/', heading: 'Willkommen bei Lumio' },
    { path: '/imprint', heading: 'Impressum' },
  ]) {
    // Besides the entry, a page may load its own small chunks (the landing keycloak-js for its silent
    // SSO check, the imprint its page), never react-admin or MUI.
    test(`${path} loads the entry scripts, without react-admin and without MUI`, async ({ page }) => {
      const entry = await entryScripts(page);
      expect(entry.length).toBeGreaterThan(0);

      const loaded = await scriptsLoadedBy(page, path, () =>
        expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible(),
      );

      expect(loaded.map((script) => script.path)).toEqual(expect.arrayContaining(entry));
      for (const script of loaded) {
        expect(script.body, script.path).not.toContain(ADMIN_MARKER);
        expect(script.body, script.path).not.toContain(MUI_MARKER);
      }
    });
  }

  test('the registration does download MUI (the check above can see it)', async ({ page }) => {
    const loaded = await scriptsLoadedBy(page, '/register-studio', () =>
      expect(page.getByRole('heading', { name: 'Fotostudio registrieren', level: 1 })).toBeVisible(),
    );

    expect(loaded.some((script) => script.body.includes(MUI_MARKER))).toBe(true);
    for (const script of loaded) expect(script.body, script.path).not.toContain(ADMIN_MARKER);
  });

  test('a guarded page does download it (the check above can see the admin)', async ({ page }) => {
    const entry = await entryScripts(page);

    // A visitor is sent to the login, but only after the admin app checked for a session.
    const loaded = await scriptsLoadedBy(page, '/dashboard', () => expectLoginPage(page));

    const adminChunks = loaded.filter((script) => !entry.includes(script.path));
    expect(adminChunks.length).toBeGreaterThan(0);
    expect(adminChunks.some((script) => script.body.includes(ADMIN_MARKER))).toBe(true);
  });
});
