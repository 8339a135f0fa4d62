import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { EID_SESSION_HEADER } from '../../src/domain/eid';
import { DEMO_USERS } from './support/demoUsers';
import { AccessibilityWatch, describeViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { logIn } from './support/login';
import { waitForMail } from './support/mails';
import { createNewEmployee } from './support/newEmployee';
import { accessTokenOf, createNewOwner, xsrfHeader } from './support/newOwner';

/*
 * Issue 11, the eID binding as people go through it: the verify screen shows a QR code, the
 * embedded simulator's phone page (which the QR code opens) answers like an ID card, and the
 * screen notices the answer by itself. Each test makes its own people, so the demo users keep the
 * statuses the other specs expect.
 */

const SUBJECTS = {
  bound: 'Ein Ausweis wurde mit Ihrem Lumio-Konto verknüpft',
  reviewOpened: 'Ihre eID-Verifizierung wird geprüft',
  reviewConfirmed: 'Ihre eID-Verifizierung wurde bestätigt',
  reviewRejected: 'Ihre eID-Verifizierung wurde nicht bestätigt',
};

/** What the LumioAdmin writes when rejecting; the person reads it in the mail and on /verify. */
const REJECTION_REASON = 'Auf dem Ausweis steht ein anderer Nachname als Ablehner.';

const FINISHED_OWNER_TILES = ['Profilverwaltung', 'Mitarbeitende', 'Firma & Studios', 'Vorgangsauswertung', 'Lizenzen'];

const tiles = (page: Page) => page.getByRole('list', { name: 'Bereiche' }).getByRole('link');
/** The whole 'eID-Verifizierung' tile: title and description. */
const verifyTile = (page: Page) =>
  page.getByRole('list', { name: 'Bereiche' }).getByRole('listitem').filter({ hasText: 'eID-Verifizierung' });
/** The value shown under a term of the verify screen's description list. */
const shownValue = (page: Page, term: string) => page.locator('dt', { hasText: term }).locator('+ dd');

/** From the dashboard through the 'eID-Verifizierung' tile to the QR code; returns token and code. */
async function startVerification(page: Page): Promise<{ mobileToken: string; transactionCode: string }> {
  await tiles(page).filter({ hasText: 'eID-Verifizierung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'eID-Verifizierung' })).toBeVisible();
  await page.getByRole('button', { name: 'Verifizierung starten' }).click();
  await expect(page.getByRole('img', { name: 'QR-Code für Ihr Smartphone' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Warten auf die Bestätigung mit Ihrem Ausweis');
  return {
    mobileToken: (await shownValue(page, 'Token für das Smartphone').innerText()).trim(),
    transactionCode: (await shownValue(page, 'Vergleichscode').innerText()).trim(),
  };
}

/**
 * The phone: opens the page the QR code leads to, checks that it shows the same code, optionally
 * presents another card, and gives one of the simulator's answers. Returns the card it presented.
 */
async function answerOnPhone(
  context: BrowserContext,
  session: { mobileToken: string; transactionCode: string },
  answer: string,
  card?: string,
): Promise<string> {
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`/dev/eid/${encodeURIComponent(session.mobileToken)}`);
  await expect(phone.getByRole('heading', { name: 'Ausweisen bei Lumio' })).toBeVisible();
  await expect(phone.locator('.code')).toHaveText(session.transactionCode);
  const cardField = phone.getByRole('textbox', { name: 'Ausweisnummer (simulierter Ausweis)' });
  if (card) await cardField.fill(card);
  const presented = await cardField.inputValue();
  await phone.getByRole('button', { name: answer, exact: true }).click();
  await expect(phone.getByRole('heading', { name: 'Antwort gesendet' })).toBeVisible();
  await phone.close();
  return presented;
}

/** Binds `email`'s ID through the API, as the screen and the phone would: returns the card number. */
async function bindThroughApi(request: APIRequestContext, baseURL: string, email: string, password: string) {
  const token = await accessTokenOf(baseURL, email, password);
  const headers = { ...(await xsrfHeader(request)), authorization: `Bearer ${token}` };
  const started = await request.post('/api/user/eid/bind', { headers });
  expect(started.status(), 'binding started').toBe(201);
  const { sessionId, mobileToken } = (await started.json()) as { sessionId: string; mobileToken: string };
  const phonePage = await (await request.get(`/dev/eid/${encodeURIComponent(mobileToken)}`)).text();
  const card = /id="card" name="card" value="([A-Z0-9]+)"/.exec(phonePage)?.[1];
  if (!card) throw new Error('the phone page shows no card number');
  const answered = await request.post(`/dev/eid/${encodeURIComponent(mobileToken)}`, {
    form: { answer: 'match', card },
  });
  expect(answered.status(), 'phone answered').toBe(200);
  const done = await request.get('/api/user/eid/bind', { headers: { ...headers, [EID_SESSION_HEADER]: sessionId } });
  expect(done.status(), 'binding done').toBe(200);
  expect(await done.json()).toMatchObject({ outcome: 'matched' });
  return card;
}

async function newBrowserPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('a freshly approved owner verifies with matching data and lands on a dashboard with the finished tiles', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const owner = await createNewOwner(request, baseURL ?? '', 'eid-match');
  await logIn(page, owner, owner.password);
  await expect(tiles(page)).toHaveText([/^Profilverwaltung/, /^eID-Verifizierung/]);

  const session = await startVerification(page);
  await answerOnPhone(context, session, 'Übereinstimmende Daten');

  const success = page.getByTestId('success-dialog');
  await expect(success.getByRole('heading', { name: 'EID erfolgreich verifiziert' })).toBeVisible();
  await expect(success).toContainText('Ihr Ausweis ist jetzt mit Ihrem Konto verknüpft.');
  await success.getByRole('button', { name: 'Ok' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(tiles(page)).toHaveText(FINISHED_OWNER_TILES.map((title) => new RegExp(`^${title}`)));
  const mail = await waitForMail(request, { to: owner.email, subject: SUBJECTS.bound });
  expect(mail.text).toContain('wurde ein Personalausweis per eID-Verifizierung mit Ihrem Lumio-Konto verknüpft');
});

test('an employee whose ID differs waits for the review; LumioAdmin confirms it and the status moves on', async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  // A name no demo person shares: employees.spec.ts finds the demo's pending people by last name.
  const employee = await createNewEmployee(request, baseURL ?? '', 'eid-review', {
    firstName: 'Paula',
    lastName: 'Abweicher',
  });
  await logIn(page, employee, employee.password);
  const session = await startVerification(page);
  await answerOnPhone(context, session, 'Abweichender Name');

  const pending = page.getByRole('dialog', { name: 'Manuelle Prüfung erforderlich' });
  await expect(pending).toContainText('Ihre Angaben werden deshalb manuell geprüft.');
  await pending.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('heading', { name: 'Ihre Angaben werden geprüft' })).toBeVisible();
  await waitForMail(request, { to: employee.email, subject: SUBJECTS.reviewOpened });

  // The provider's administrator, in a browser of their own.
  const admin = await newBrowserPage(browser);
  await logIn(admin, DEMO_USERS.lumioAdmin);
  const reviewsTile = tiles(admin).filter({ hasText: 'eID-Prüfungen' });
  // The demo's open review and this one.
  await expect(admin.getByTestId('open-eid-review-count')).toHaveText('2');
  await reviewsTile.click();
  await expect(admin.getByRole('heading', { level: 1, name: 'eID-Prüfungen' })).toBeVisible();
  await admin.getByRole('row', { name: /Paula Abweicher/ }).click();

  const comparison = admin.getByRole('table', { name: 'Profil und Ausweis' });
  await expect(comparison.getByRole('row', { name: /Nachname/ })).toContainText('weicht ab');
  await expect(comparison.getByRole('row', { name: /Geburtsdatum/ })).toContainText('stimmt überein');
  await admin.getByRole('button', { name: 'Bestätigen' }).click();
  const confirm = admin.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('Identität von Paula Abweicher bestätigen?');
  await confirm.getByRole('button', { name: 'Bestätigen' }).click();
  const done = admin.getByTestId('success-dialog');
  await expect(done).toContainText('Die Identität von Paula Abweicher ist bestätigt');
  await done.getByRole('button', { name: 'Ok' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'eID-Prüfungen' })).toBeVisible();
  await expect(admin.getByRole('row', { name: /Paula Abweicher/ })).toHaveCount(0);

  // The employee is told, and the verify screen now says the ID is bound (status Verified).
  await waitForMail(request, { to: employee.email, subject: SUBJECTS.reviewConfirmed });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ihr Ausweis ist bereits verknüpft' })).toBeVisible();

  // The dashboard no longer asks to verify: the company's release is what is missing (issue 25).
  await page.goto('/dashboard');
  await expect(verifyTile(page)).toContainText('Ihr Unternehmen muss Ihr Konto noch freigeben');
  await expect(verifyTile(page)).not.toContainText('verifizieren');
});

test('after LumioAdmin rejects the review with a reason, the mail and the verify screen tell it and what to do next', async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  const employee = await createNewEmployee(request, baseURL ?? '', 'eid-rejected', {
    firstName: 'Rita',
    lastName: 'Ablehner',
  });
  await logIn(page, employee, employee.password);
  await expect(verifyTile(page)).toContainText('müssen Sie sich mit Ihrem Personalausweis');
  const session = await startVerification(page);
  await answerOnPhone(context, session, 'Abweichender Name');
  await page.getByRole('dialog', { name: 'Manuelle Prüfung erforderlich' }).getByRole('button', { name: 'Ok' }).click();
  await waitForMail(request, { to: employee.email, subject: SUBJECTS.reviewOpened });

  // While the review runs, the tile and the screen say so instead of offering a start that fails.
  await page.goto('/dashboard');
  await expect(verifyTile(page)).toContainText('Ihre Angaben werden manuell geprüft.');
  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Ihre Angaben werden geprüft' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verifizierung starten' })).toHaveCount(0);

  // The LumioAdmin decides on a phone: the review's screen and the reject dialog fit and pass axe.
  const admin = await newBrowserPage(browser);
  await admin.setViewportSize({ width: 390, height: 844 });
  const adminScreens = await AccessibilityWatch.attach(admin);
  await logIn(admin, DEMO_USERS.lumioAdmin);
  await admin.goto('/verification-check');
  await admin.getByText('Rita Ablehner').click();
  await expect(admin.getByRole('table', { name: 'Profil und Ausweis' })).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await admin.getByRole('button', { name: 'Ablehnen' }).click();
  // The rejection asks for the reason the person will read; the field has the focus, Enter sends.
  const rejectDialog = admin.getByRole('dialog', { name: 'Verifizierung von Rita Ablehner ablehnen?' });
  const reasonField = rejectDialog.getByRole('textbox', { name: 'Grund der Ablehnung' });
  await expect(reasonField).toBeFocused();
  await expect(rejectDialog.getByRole('button', { name: 'Ablehnen' })).toBeDisabled();
  await reasonField.fill(REJECTION_REASON);
  await reasonField.press('Enter');
  await admin.getByTestId('success-dialog').getByRole('button', { name: 'Ok' }).click();
  await adminScreens.checkLastScreen();
  expect(describeViolations(adminScreens.found), 'axe-core: Verstöße gegen WCAG 2.1 AA').toEqual([]);
  const mail = await waitForMail(request, { to: employee.email, subject: SUBJECTS.reviewRejected });
  expect(mail.text).toContain(`Begründung der Prüfung:\n${REJECTION_REASON}`);
  expect(mail.text).toContain('Halten Sie dann Ihren Personalausweis bereit');

  await page.goto('/dashboard');
  await expect(verifyTile(page)).toContainText('Ihre letzte eID-Verifizierung wurde nicht bestätigt.');
  await tiles(page).filter({ hasText: 'eID-Verifizierung' }).click();
  const rejected = page.getByRole('region', { name: 'Ihre letzte eID-Verifizierung wurde nicht bestätigt' });
  await expect(rejected).toContainText('stimmten nicht mit Ihren Angaben in Lumio überein');
  await expect(rejected).toContainText(`Begründung der Prüfung: ${REJECTION_REASON}`);
  await expect(rejected).toContainText('So geht es weiter: Prüfen Sie in der Profilverwaltung');
  await expect(rejected).toContainText('Halten Sie dann Ihren Personalausweis bereit');
  await expect(page.getByRole('button', { name: 'Verifizierung starten' })).toBeEnabled();
  await rejected.getByRole('link', { name: 'Zur Profilverwaltung' }).click();
  await expect(page).toHaveURL(/\/profile-management$/);
});

test("a second person presenting the first person's card gets the 'already bound' text and may start again", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const first = await createNewOwner(request, baseURL ?? '', 'eid-first-card');
  const firstCard = await bindThroughApi(request, baseURL ?? '', first.email, first.password);

  const second = await createNewEmployee(request, baseURL ?? '', 'eid-second-card', {
    firstName: 'Olivia',
    lastName: 'Ostwind',
  });
  await logIn(page, second, second.password);
  const session = await startVerification(page);
  const presented = await answerOnPhone(context, session, 'Übereinstimmende Daten', firstCard);
  expect(presented).toBe(firstCard);

  const error = page.getByTestId('error-dialog');
  await expect(error.getByRole('heading', { name: 'Das war nicht so geplant :/' })).toBeVisible();
  await expect(error).toContainText('Dieser Ausweis ist bereits mit einem anderen Benutzerkonto verknüpft.');
  await error.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('button', { name: 'Erneut starten' })).toBeVisible();
});
