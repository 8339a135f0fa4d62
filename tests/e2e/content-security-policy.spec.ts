import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_USERS } from './support/demoUsers';
import { logIn } from './support/login';

/**
 * Everything the browser refuses under the server's headers, in every frame of the page (the web
 * app, keycloak-js's hidden iframes, Swagger UI): Chromium's own console reports ("... violates the
 * following Content Security Policy directive", "Error with Permissions-Policy header") and the
 * securitypolicyviolation events, which an init script in each frame reports to the console.
 */
async function watchRefusals(page: Page): Promise<string[]> {
  const refusals: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content[- ]Security[- ]Policy|Permissions[- ]Policy/i.test(text)) refusals.push(text);
  });
  return refusals;
}

test.describe('Content-Security-Policy', () => {
  test('logging in, a reload of the dashboard and /api/docs run without a policy violation', async ({ page }) => {
    const refusals = await watchRefusals(page);

    // The login-status iframe asks the identity provider a few seconds after the login.
    const statusChecked = page.waitForResponse((response) =>
      response.url().includes('/protocol/openid-connect/login-status-iframe.html/status'),
    );
    await logIn(page, DEMO_USERS.owner);
    await expect(page.getByRole('list', { name: 'Bereiche' })).toBeVisible();
    expect((await statusChecked).status()).toBe(200);

    // A reload finds the session through the silent check-sso iframe (silent-check-sso.html).
    const silentCheck = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/silent-check-sso.html',
    );
    await page.reload();
    expect((await silentCheck).status()).toBe(200);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('list', { name: 'Bereiche' })).toBeVisible();

    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Lumio API/ })).toBeVisible();
    await expect(page.getByText('/api/company-application').first()).toBeVisible();

    expect(refusals).toEqual([]);
  });
});
