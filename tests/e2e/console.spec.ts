import { expect, test } from './support/fixtures';
import { DEMO_USERS } from './support/demoUsers';
import { logIn } from './support/login';

/**
 * The browser console stays quiet: no warning or error from the app, keycloak-js or its hidden
 * iframes (each frame's messages reach the page's console event). Issue 25: keycloak-js's helper
 * frames on the embedded identity provider's origin made Chromium warn six times per login.
 */
test.describe('browser console', () => {
  test('logging in, the dashboard and a reload of it print no warning and no error', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') {
        messages.push(`${message.type()}: ${message.text()} (${message.location().url})`);
      }
    });

    // The session-status iframe answers a few seconds after the login; wait for its answer so the
    // frames of the login have all loaded.
    const statusChecked = page.waitForResponse((response) =>
      response.url().includes('/protocol/openid-connect/login-status-iframe.html/status'),
    );
    await logIn(page, DEMO_USERS.owner);
    await expect(page.getByRole('list', { name: 'Bereiche' })).toBeVisible();
    expect((await statusChecked).status()).toBe(200);

    // A reload finds the session through the silent check-sso iframe, then sets up the status iframe again.
    const silentCheck = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/silent-check-sso.html',
    );
    const statusCheckedAgain = page.waitForResponse((response) =>
      response.url().includes('/protocol/openid-connect/login-status-iframe.html/status'),
    );
    await page.reload();
    expect((await silentCheck).status()).toBe(200);
    await expect(page.getByRole('list', { name: 'Bereiche' })).toBeVisible();
    expect((await statusCheckedAgain).status()).toBe(200);

    expect(messages).toEqual([]);
  });
});
