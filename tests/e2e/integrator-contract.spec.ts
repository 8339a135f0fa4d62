import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layoutChecks';
import { logIn, mainMenu, menuButton } from './support/login';

/**
 * Issue 26, parts 3 and 4: the integrator's screens 'Webhooks' and 'API-Zugänge', as Bodo
 * Bildwerk (the second demo integrator's SystemIntegratorAdmin, so that the FotoSoft journeys of
 * other specs never see these records). axe checks every screen state (fixtures.ts).
 */
const BILDWERK_ADMIN = { email: 'integrator@bildwerk.example' };
const PHONE = { width: 390, height: 844 };

async function openFromMenu(page: Page, label: string) {
  if (await menuButton(page).isVisible()) await menuButton(page).click();
  await mainMenu(page).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
  await expect(page).toHaveTitle(`${label} – Lumio`);
}

test('the integrator adds a webhook receiver, sees its secret once, tests it, pauses and deletes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The embedded portal's own receiver: it answers 204 only to a delivery whose signature the
  // endpoint's secret made (standardwebhooks' verify), else 401.
  const receiver = { url: `${baseURL}/dev/webhooks/in` };
  const endpoints = page.locator('tbody tr');
  const success = page.getByTestId('success-dialog');
  await logIn(page, BILDWERK_ADMIN);
  await openFromMenu(page, 'Webhooks');

  // Add: the address and one event; the secret comes once, with the hint.
  await page.getByRole('button', { name: 'Empfänger hinzufügen' }).click();
  const dialog = page.getByTestId('webhook-endpoint-dialog');
  await dialog.getByRole('textbox', { name: 'Adresse (URL)' }).fill('erp.bildwerk.example');
  await dialog.getByRole('textbox', { name: 'Adresse (URL)' }).blur();
  await expect(dialog).toContainText('Bitte geben Sie eine vollständige Adresse ein, die mit https:// beginnt');
  await dialog.getByRole('textbox', { name: 'Adresse (URL)' }).fill(receiver.url);
  await dialog.getByRole('checkbox', { name: 'Lizenz gesperrt' }).check();
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  const secretDialog = page.getByTestId('one-time-secret-dialog');
  await expect(secretDialog.getByRole('heading', { name: 'Empfänger hinzugefügt' })).toBeVisible();
  await expect(secretDialog.getByRole('textbox', { name: 'Geheimnis (Signing Secret)' })).toHaveValue(
    /^whsec_\S{20,}$/,
  );
  await expect(secretDialog).toContainText('Das Geheimnis wird nur jetzt angezeigt');
  await secretDialog.getByRole('button', { name: 'Ich habe es gespeichert' }).click();
  await expect(secretDialog).toBeHidden();
  const row = endpoints.filter({ hasText: receiver.url });
  await expect(row).toContainText('Lizenz gesperrt');
  await expect(row).toContainText('Aktiv');

  // The test event reaches the receiver, signed, and the delivery log shows its 204.
  await page.getByRole('button', { name: `Zustellungen an ${receiver.url} anzeigen` }).click();
  const deliveries = page.getByTestId('webhook-deliveries-dialog');
  await expect(deliveries).toContainText('Noch keine Zustellungen.');
  await deliveries.getByRole('button', { name: 'Testereignis senden' }).click();
  const testRow = deliveries.locator('tbody tr').filter({ hasText: 'Testereignis' });
  await expect(testRow).toContainText('204', { timeout: 30_000 });
  await expect(testRow).toContainText('Zugestellt');
  await deliveries.getByRole('button', { name: 'Schließen' }).click();

  // Pause through the change dialog.
  await page.getByRole('button', { name: receiver.url, exact: true }).click();
  await dialog.getByRole('switch', { name: 'Aktiv' }).uncheck();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(success).toContainText('Empfänger geändert');
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(row).toContainText('Pausiert');

  // Delete after the confirmation.
  await page.getByRole('button', { name: `Empfänger ${receiver.url} löschen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Empfänger löschen?' });
  await expect(confirm).toContainText(`Soll der Empfänger ${receiver.url} wirklich gelöscht werden?`);
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(success).toContainText('Empfänger gelöscht');
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(row).toHaveCount(0);
});

test('the integrator creates an API client, its secret gets a token, and revoking ends the token at once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Warenwirtschaft ${Date.now()}`;
  const success = page.getByTestId('success-dialog');
  const self = await logIn(page, BILDWERK_ADMIN);
  const integratorId = self.associatedEntity!.id;
  await openFromMenu(page, 'API-Zugänge');

  await page.getByRole('button', { name: 'API-Zugang anlegen' }).click();
  const dialog = page.getByTestId('api-client-dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  const secretDialog = page.getByTestId('one-time-secret-dialog');
  await expect(secretDialog.getByRole('heading', { name: 'API-Zugang angelegt' })).toBeVisible();
  await expect(secretDialog).toContainText('Das Geheimnis wird nur jetzt angezeigt');
  const clientId = await secretDialog.getByRole('textbox', { name: 'Client-ID' }).inputValue();
  const clientSecret = await secretDialog.getByRole('textbox', { name: 'Client-Secret' }).inputValue();
  const tokenUrl = await secretDialog.getByRole('textbox', { name: 'Token-Adresse (Token URL)' }).inputValue();
  expect(clientId).toMatch(/^lumio-api-/);
  expect(tokenUrl).toMatch(/\/protocol\/openid-connect\/token$/);
  await secretDialog.getByRole('button', { name: 'Ich habe es gespeichert' }).click();
  const row = page.locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText(clientId);
  await expect(row).toContainText('Noch nicht verwendet');

  // What the dialog showed is what a back office needs: a token, and with it the API.
  const token = await request.post(tokenUrl, {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const endpointsPath = `/api/system-integrator/${integratorId}/webhook-endpoint`;
  const bearer = { Authorization: `Bearer ${accessToken}` };
  expect((await request.get(endpointsPath, { headers: bearer })).status()).toBe(200);

  await page.getByRole('button', { name: `API-Zugang „${name}“ widerrufen` }).click();
  const confirm = page.getByRole('dialog', { name: 'API-Zugang widerrufen?' });
  await expect(confirm).toContainText('Seine Tokens funktionieren sofort nicht mehr');
  await confirm.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(success).toContainText('API-Zugang widerrufen');
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(row).toHaveCount(0);
  expect((await request.get(endpointsPath, { headers: bearer })).status()).toBe(401);
});

test.describe('on a phone (390 × 844, touch)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('both screens fit, and a receiver card keeps its deliveries and delete', async ({ page }) => {
    test.setTimeout(120_000);
    const url = `https://erp.bildwerk.example/phone-${Date.now()}`;
    await logIn(page, BILDWERK_ADMIN);
    await openFromMenu(page, 'Webhooks');
    await page.getByRole('button', { name: 'Empfänger hinzufügen' }).click();
    const dialog = page.getByTestId('webhook-endpoint-dialog');
    await dialog.getByRole('textbox', { name: 'Adresse (URL)' }).fill(url);
    await dialog.getByRole('checkbox', { name: 'Paket aufgebraucht' }).check();
    await expectNoSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.getByTestId('one-time-secret-dialog').getByRole('button', { name: 'Ich habe es gespeichert' }).tap();

    const card = page.getByRole('listitem').filter({ hasText: url });
    await expect(card).toContainText('Paket aufgebraucht');
    await expectNoSidewaysScroll(page);
    await card.getByRole('button', { name: `Zustellungen an ${url} anzeigen` }).tap();
    await expect(page.getByTestId('webhook-deliveries-dialog')).toContainText('Noch keine Zustellungen.');
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Schließen' }).tap();
    await card.getByRole('button', { name: `Empfänger ${url} löschen` }).tap();
    await page.getByRole('dialog', { name: 'Empfänger löschen?' }).getByRole('button', { name: 'Löschen' }).tap();
    await page.getByTestId('success-dialog').getByRole('button', { name: 'Ok' }).tap();
    await expect(card).toHaveCount(0);

    await openFromMenu(page, 'API-Zugänge');
    await expect(page.getByRole('button', { name: 'API-Zugang anlegen' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
