import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_USERS } from './support/demoUsers';
import { exeFile, pdfFile, pngFile, tooLargePngFile, type FilePayload } from './support/files';
import { linkMatching, mailsTo, waitForMail, SET_PASSWORD_LINK } from './support/mails';
import { logIn, mainMenu } from './support/login';

/*
 * Issue 3, browser journeys: a studio applies in public, confirms its address through the mailed
 * link, the provider's admin reviews and approves it, and the new owner activates the account and
 * logs in; a second application is rejected. The journeys build on each other (one application
 * flows through all of them), so they run in order and stop at the first failure.
 */
test.describe.configure({ mode: 'serial' });

/** Unique per run: the server's data dir lives for the whole run, e-mails must be unused. */
const RUN = Date.now();

interface Applicant {
  salutation: 'Herr' | 'Frau';
  firstName: string;
  lastName: string;
  /** As typed: DD.MM.YYYY. */
  birthDate: string;
  email: string;
}

interface Company {
  name: string;
  legalForm: string;
  address: string;
  country: string;
  phoneNumber: string;
  website: string;
  memberId: string;
}

const applicant: Applicant = {
  salutation: 'Frau',
  firstName: 'Paula',
  lastName: 'Lichtenberg',
  birthDate: '07.03.1985',
  email: `bewerbung-${RUN}@studio-test.example`,
};
const company: Company = {
  name: `Fotostudio Lichtblick ${RUN} GmbH`,
  legalForm: 'GmbH',
  address: 'Lindenstraße 12, 10969 Berlin',
  country: 'Deutschland',
  phoneNumber: '+4930123456789',
  website: 'https://lichtblick.example',
  memberId: `PTV-${RUN}`,
};
const png = pngFile('gewerbeanmeldung.png', 17);
const pdf = pdfFile('handelsregisterauszug.pdf', `Handelsregisterauszug ${RUN}`);

const rejectedApplicant: Applicant = {
  salutation: 'Herr',
  firstName: 'Rolf',
  lastName: 'Abendroth',
  birthDate: '21.11.1972',
  email: `bewerbung-${RUN}-2@studio-test.example`,
};
const rejectedCompany: Company = {
  name: `Studio Abendrot ${RUN} e.K.`,
  legalForm: 'e.K.',
  address: 'Am Markt 3, 04109 Leipzig',
  country: 'Deutschland',
  phoneNumber: '03411234567',
  website: '',
  memberId: '',
};
const rejectedPdf = pdfFile('gewerbeschein.pdf', `Gewerbeschein ${RUN}`);

/** The new owner's password, set through the activation mail's link. */
const OWNER_PASSWORD = `Lichtblick-${RUN}`;

/** Subjects and texts of the German mails (server/mail/templates), as the recipients read them. */
const MAIL = {
  confirmation: 'Bitte bestätigen Sie Ihre Registrierung bei Lumio',
  activation: 'Ihr Lumio-Konto wurde eingerichtet',
  rejection: 'Ihr Antrag bei Lumio wurde abgelehnt',
};

/** Spec section 5 and the upload widget's texts, copied from the spec. */
const TEXTS = {
  invalidPhone: 'Es sind nur Ziffern und ein optionales führendes Plus erlaubt, z. B. +4930123456789.',
  uploadLabel: 'JPEG-, PNG-, PDF-Dokumente hochladen. Die Datei darf die Größe 2MB nicht überschreiten.',
  uploading: 'Upload im Gange ...',
  uploaded: 'Datei hochgeladen',
  tooLarge: 'Datei ist zu groß',
  exeRefused: 'EXE Format ist nicht erlaubt',
  confirmedText:
    'Nach der manuellen Prüfung Ihrer Angaben erhalten Sie eine Email in der die Anmeldung fortgesetzt werden kann.',
};

const STEP_TITLES = ['Persönliche Daten', 'Firmendaten', 'Mitgliedsnummer und Nachweise', 'Zusammenfassung'];

/** Ids the later journeys need, filled in by the earlier ones. */
const state: { applicationId?: string; rejectedApplicationId?: string; companyPath?: string } = {};

const nextButton = (page: Page) => page.getByRole('button', { name: 'Weiter' });
const registerButton = (page: Page) => page.getByRole('button', { name: 'Registrieren' });
const fileInput = (page: Page) => page.getByLabel(TEXTS.uploadLabel);
const uploadRow = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Suchbegriff eingeben' });
const dataRows = (page: Page) => page.locator('tbody tr');
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const isDocumentUpload = (method: string, url: string) =>
  method === 'POST' && new URL(url).pathname === '/api/document';

/** The step the visitor is on: its heading and "Schritt n von 4". */
async function expectStep(page: Page, step: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: STEP_TITLES[step - 1], exact: true })).toBeVisible();
  await expect(page.getByText(`Schritt ${step} von 4`, { exact: true })).toBeVisible();
}

async function openRegistration(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Fotostudio registrieren' }).click();
  await expect(page).toHaveURL(/\/register-studio$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fotostudio registrieren' })).toBeVisible();
  await expectStep(page, 1);
}

async function fillPersonalData(page: Page, person: Applicant): Promise<void> {
  await page.getByLabel('Anrede').selectOption(person.salutation);
  await page.getByRole('textbox', { name: 'Vorname' }).fill(person.firstName);
  await page.getByRole('textbox', { name: 'Nachname' }).fill(person.lastName);
  await page.getByRole('textbox', { name: 'Geburtsdatum' }).fill(person.birthDate);
  await page.getByRole('textbox', { name: 'E-Mail' }).fill(person.email);
}

const phoneField = (page: Page) => page.getByRole('textbox', { name: 'Telefonnummer', exact: true });

async function fillCompanyData(page: Page, data: Company): Promise<void> {
  await page.getByRole('textbox', { name: 'Firmenname' }).fill(data.name);
  await page.getByLabel('Rechtsform').selectOption(data.legalForm);
  await page.getByRole('textbox', { name: 'Adresse' }).fill(data.address);
  await page.getByLabel('Land').selectOption(data.country);
  await phoneField(page).fill(data.phoneNumber);
  await page.getByRole('textbox', { name: 'Webseite' }).fill(data.website);
}

/** Step 4: every confirmation checkbox, by the words its label is known by. */
const CONFIRMATIONS = [/Datenschutzerklärung/, /Allgemeinen Geschäftsbedingungen/, /an Dritte/, /Pilotphase/];

/** Registers, answers the success dialog and returns the new application's id. */
async function submitRegistration(page: Page): Promise<string> {
  const submitted = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/company-application' && response.request().method() === 'POST',
  );
  await registerButton(page).click();
  const response = await submitted;
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };

  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText('Registrierung erfolgreich');
  await expect(success).toContainText('Bitte bestätigen Sie zunächst Ihre E-Mail-Adresse');
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(success).toBeHidden();
  await expect(page).toHaveURL(/^[^?#]+:\/\/[^/]+\/$/);
  await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
  return id;
}

/** The applicant's confirmation mail, its one link, and the page that link opens. */
async function confirmThroughMail(page: Page, person: Applicant, applicationId: string, baseURL: string) {
  const mail = await waitForMail(page.request, { to: person.email, subject: MAIL.confirmation });
  const link = linkMatching(mail, /\/company-application\/[^/]+\/confirm\?token=/);
  // The id names the application; only the token, which nobody but the mailbox has, confirms it.
  expect(link).toMatch(new RegExp(`^${baseURL}/company-application/${applicationId}/confirm\\?token=[\\w-]{43}$`));
  // The plain-text part carries the same link for mail programs without HTML.
  expect(mail.text).toContain(link);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestätigung erfolgreich' })).toBeVisible();
  await expect(page.getByText(TEXTS.confirmedText)).toBeVisible();
  return { mail, link };
}

async function openApplicationsOfAdmin(page: Page): Promise<void> {
  await page.getByRole('list', { name: 'Bereiche' }).getByRole('link', { name: 'Offene Anträge' }).click();
  await expect(page).toHaveURL(/\/open-applications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeVisible();
}

/** The search term the list has applied, as react-admin keeps it in the URL. */
function appliedSearch(page: Page): string {
  const filter = new URL(page.url()).searchParams.get('filter');
  return filter ? ((JSON.parse(filter) as { q?: string }).q ?? '') : '';
}

/**
 * Searches the list and waits for the list's answer to that term: the rows shown before may look
 * the same (e.g. a single open application), so the rows are checked only after the search ran.
 * react-admin restores a list's last search when the list is opened again; then it stands.
 */
async function search(page: Page, term: string): Promise<void> {
  if (appliedSearch(page) === term) {
    await expect(searchBox(page)).toHaveValue(term);
    return;
  }
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.startsWith('/api/') &&
      new URL(response.url()).searchParams.get('filter') === term &&
      response.request().method() === 'GET',
  );
  await searchBox(page).fill(term);
  await searchBox(page).press('Enter');
  expect((await answered).status()).toBe(200);
}

/** Searches the open applications for the company and opens its review. */
async function openReview(page: Page, person: Applicant, data: Company, applicationId: string): Promise<void> {
  await search(page, data.name);
  await expect(dataRows(page)).toHaveCount(1);
  const row = dataRows(page).first();
  for (const value of [person.firstName, person.lastName, person.email, data.name, data.legalForm]) {
    await expect(row).toContainText(value);
  }
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/open-applications/${applicationId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Antrag prüfen' })).toBeVisible();
}

/**
 * After a decision: back on the list, and the application is no longer among the open ones (the
 * list may still show the rows it had until its reload arrives; the assertions wait for that).
 */
async function expectGoneFromOpenApplications(page: Page, data: Company): Promise<void> {
  await expect(page).toHaveURL(/\/open-applications(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeVisible();
  await search(page, data.name);
  await expect(page.getByRole('status').filter({ hasText: `Keine Suchergebnisse für "${data.name}"` })).toBeVisible();
  await expect(dataRows(page)).toHaveCount(0);
}

/** A download the page started, checked by name and byte for byte against what was uploaded. */
async function expectDownloadedFile(download: Download, file: FilePayload): Promise<void> {
  expect(download.suggestedFilename()).toBe(file.name);
  const bytes = await readFile(await download.path());
  expect(bytes.equals(file.buffer), `${file.name}: heruntergeladene Bytes = hochgeladene Bytes`).toBe(true);
}

async function expectFields(container: Locator, values: string[]): Promise<void> {
  for (const value of values) await expect(container).toContainText(value);
}

test('a visitor registers a photo studio in four steps, with a PNG and a PDF as proof', async ({ page }) => {
  const documentUploads: string[] = [];
  page.on('request', (request) => {
    if (isDocumentUpload(request.method(), request.url())) documentUploads.push(request.headers()['x-filename']);
  });

  await openRegistration(page);
  // The linear stepper names all four steps from the start.
  for (const title of STEP_TITLES) await expect(page.getByText(title, { exact: true }).first()).toBeVisible();

  // Step 1: personal data. Weiter waits for a complete, valid step.
  await expect(nextButton(page)).toBeDisabled();
  await fillPersonalData(page, applicant);
  await expect(nextButton(page)).toBeEnabled();
  await nextButton(page).click();

  // Step 2: company data, first with a phone number of letters.
  await expectStep(page, 2);
  await expect(nextButton(page)).toBeDisabled();
  await fillCompanyData(page, { ...company, phoneNumber: 'abc' });
  await phoneField(page).blur();
  await expect(page.getByText(TEXTS.invalidPhone)).toBeVisible();
  await expect(phoneField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(nextButton(page)).toBeDisabled();

  await phoneField(page).fill(company.phoneNumber);
  await phoneField(page).blur();
  await expect(page.getByText(TEXTS.invalidPhone)).toBeHidden();
  await expect(nextButton(page)).toBeEnabled();
  // Zurück keeps what was entered.
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expectStep(page, 1);
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveValue(applicant.email);
  await nextButton(page).click();
  await expectStep(page, 2);
  await expect(page.getByRole('textbox', { name: 'Firmenname' })).toHaveValue(company.name);
  await nextButton(page).click();

  // Step 3: member number and proofs. The uploads are held at the network until the pending
  // state was seen, so "Upload im Gange ..." is checked without racing a fast server.
  await expectStep(page, 3);
  await page.getByRole('textbox', { name: 'Mitgliedsnummer Photo-Trade-Verband' }).fill(company.memberId);
  let releaseUploads!: () => void;
  const uploadsReleased = new Promise<void>((resolve) => (releaseUploads = resolve));
  await page.route('**/api/document', async (route) => {
    await uploadsReleased;
    await route.continue();
  });
  await fileInput(page).setInputFiles([png, pdf]);
  await expect(page.getByRole('status').filter({ hasText: TEXTS.uploading })).toBeVisible();
  await expect(nextButton(page)).toBeDisabled();
  releaseUploads();
  await expect(uploadRow(page, png.name)).toContainText(TEXTS.uploaded);
  await expect(uploadRow(page, pdf.name)).toContainText(TEXTS.uploaded);
  await expect(page.getByRole('status').filter({ hasText: TEXTS.uploading })).toBeHidden();
  await page.unroute('**/api/document');

  // A file over 2 MB and an executable are refused in the browser, with the spec's texts.
  const tooLarge = tooLargePngFile('zu-gross.png');
  const program = exeFile('programm.exe');
  await fileInput(page).setInputFiles([tooLarge, program]);
  await expect(uploadRow(page, tooLarge.name)).toContainText(TEXTS.tooLarge);
  await expect(uploadRow(page, program.name)).toContainText(TEXTS.exeRefused);
  await expect(uploadRow(page, png.name)).toContainText(TEXTS.uploaded);
  await expect(uploadRow(page, pdf.name)).toContainText(TEXTS.uploaded);
  expect(documentUploads.map((name) => decodeURIComponent(name)).sort()).toEqual([pdf.name, png.name].sort());
  await expect(nextButton(page)).toBeEnabled();
  await nextButton(page).click();

  // Step 4: the summary shows what will be sent; only the uploaded files count as proofs.
  await expectStep(page, 4);
  const summary = page.getByRole('region', { name: 'Zusammenfassung' });
  await expectFields(summary, [
    applicant.salutation,
    applicant.firstName,
    applicant.lastName,
    applicant.birthDate,
    applicant.email,
    company.name,
    company.legalForm,
    company.address,
    company.country,
    company.phoneNumber,
    company.website,
    company.memberId,
    png.name,
    pdf.name,
  ]);
  await expect(summary).not.toContainText(tooLarge.name);
  await expect(summary).not.toContainText(program.name);
  await expect(summary.getByRole('link', { name: /Datenschutzerklärung/ })).toHaveAttribute('target', '_blank');
  await expect(summary.getByRole('link', { name: /Allgemeinen Geschäftsbedingungen/ })).toHaveAttribute(
    'target',
    '_blank',
  );

  // Registrieren only once all four confirmations are given.
  for (const name of CONFIRMATIONS) {
    await expect(registerButton(page)).toBeDisabled();
    await page.getByRole('checkbox', { name }).check();
  }
  await expect(registerButton(page)).toBeEnabled();
  await page.getByRole('checkbox', { name: /Pilotphase/ }).uncheck();
  await expect(registerButton(page)).toBeDisabled();
  await page.getByRole('checkbox', { name: /Pilotphase/ }).check();

  state.applicationId = await submitRegistration(page);
});

test('the applicant confirms the e-mail address through the mailed link', async ({ page, baseURL }) => {
  expect(state.applicationId, 'Antrag aus der Registrierung').toBeDefined();
  const { mail } = await confirmThroughMail(page, applicant, state.applicationId!, baseURL!);
  expect(mail.text).toContain(`Guten Tag Frau ${applicant.lastName},`);
  expect(mail.text).toContain(`„${company.name}“`);

  // Opening the link again (a second click in the mail) is harmless.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bestätigung erfolgreich' })).toBeVisible();
});

test('admin@lumio.example reviews the application, downloads the proofs and approves it', async ({ page }) => {
  const applicationId = state.applicationId!;
  expect(applicationId, 'bestätigter Antrag').toBeDefined();
  await logIn(page, DEMO_USERS.lumioAdmin);

  // The tile's badge counts the confirmed, undecided applications: at least this one.
  const badge = page.getByTestId('open-application-count');
  await expect.poll(async () => Number(await badge.textContent())).toBeGreaterThanOrEqual(1);

  await openApplicationsOfAdmin(page);
  await openReview(page, applicant, company, applicationId);

  await expectFields(region(page, 'Antragstellende Person'), [
    applicant.salutation,
    applicant.firstName,
    applicant.lastName,
    applicant.birthDate,
    applicant.email,
  ]);
  await expectFields(region(page, 'Unternehmen'), [
    company.name,
    company.legalForm,
    company.address,
    company.country,
    company.phoneNumber,
    company.website,
    company.memberId,
  ]);
  // The application's studio is made from the company data.
  await expectFields(region(page, 'Studios'), [company.name, company.address, company.country]);

  const attachments = region(page, 'Anlagen');
  await expect(attachments.getByRole('button')).toHaveCount(2);
  for (const file of [png, pdf]) {
    const started = page.waitForEvent('download');
    await attachments.getByRole('button', { name: `${file.name} herunterladen` }).click();
    await expectDownloadedFile(await started, file);
  }

  // Approve: confirmation first, then the success dialog and back to the list.
  await page.getByRole('button', { name: 'Account & Unternehmen erstellen / Angaben bestätigen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Antrag annehmen?' });
  await expect(confirm).toContainText(company.name);
  await expect(confirm).toContainText(applicant.email);
  const decided = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/company-application/${applicationId}/status` &&
      response.request().method() === 'PUT',
  );
  await confirm.getByRole('button', { name: 'Annehmen' }).click();
  expect((await decided).status()).toBe(200);

  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText('Das hat geklappt!');
  await expect(success).toContainText(company.name);
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(success).toBeHidden();
  await expectGoneFromOpenApplications(page, company);

  // The company exists now, with its studio.
  await mainMenu(page).getByRole('link', { name: 'Firmen' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Firmen' })).toBeVisible();
  await search(page, company.name);
  await expect(dataRows(page)).toHaveCount(1);
  await expectFields(dataRows(page).first(), [company.name, company.legalForm, company.address, company.country]);
  await dataRows(page).first().click();
  await expect(page).toHaveURL(/\/companies\/[^/]+$/);
  state.companyPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Firma' })).toBeVisible();
  await expectFields(region(page, 'Unternehmen'), [
    company.name,
    company.legalForm,
    company.address,
    company.country,
    company.phoneNumber,
    company.website,
    company.memberId,
  ]);
  const studios = region(page, 'Studios');
  await expect(studios.locator('tbody tr')).toHaveCount(1);
  await expectFields(studios.locator('tbody tr').first(), [company.name, company.address, company.country]);
  // Back to the list, which shows its last search again.
  await page.getByRole('link', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/companies(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Firmen' })).toBeVisible();
  await expect(dataRows(page).first()).toContainText(company.name);
});

test('admin@lumio.example sends the activation mail again; the earlier link stops working', async ({ page }) => {
  const first = await waitForMail(page.request, { to: applicant.email, subject: MAIL.activation });
  const earlierLink = linkMatching(first, SET_PASSWORD_LINK);

  await logIn(page, DEMO_USERS.lumioAdmin);
  expect(state.companyPath, 'Firma aus der Genehmigung').toBeDefined();
  await page.goto(state.companyPath!);
  const account = region(page, 'Konto des Inhabers');
  await expect(account).toContainText(
    `Die Aktivierung steht aus: ${applicant.email} hat noch kein Passwort festgelegt.`,
  );
  await expect(account).toContainText(/Die letzte Aktivierungsmail wurde am \d\d\.\d\d\.\d{4}, \d\d:\d\d zugestellt\./);

  await account.getByRole('button', { name: 'Aktivierungsmail erneut senden' }).click();
  const confirm = page.getByRole('dialog', { name: 'Aktivierungsmail erneut senden?' });
  await expect(confirm).toContainText('Links aus früheren E-Mails gelten danach nicht mehr.');
  await confirm.getByRole('button', { name: 'Erneut senden' }).click();
  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText(`Die Aktivierungsmail wird an ${applicant.email} gesendet.`);
  await success.getByRole('button', { name: 'Ok' }).click();

  // The new mail arrives with a new link …
  await expect
    .poll(async () => (await mailsTo(page.request, { to: applicant.email, subject: MAIL.activation })).length)
    .toBe(2);
  const resent = await waitForMail(page.request, { to: applicant.email, subject: MAIL.activation });
  expect(resent.text).toContain('Sie erhalten diese E-Mail erneut mit einem neuen Link.');
  expect(linkMatching(resent, /\/set-password\?token=/)).not.toBe(earlierLink);

  // … and the earlier one says that it was replaced.
  await page.goto(earlierLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Link nicht mehr gültig' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Bitte verwenden Sie den Link aus der neuesten E-Mail.');
});

test('the new owner sets a password from the activation mail, logs in and sees only profile and eID', async ({
  page,
}) => {
  const mail = await waitForMail(page.request, { to: applicant.email, subject: MAIL.activation });
  expect(mail.text).toContain(`Guten Tag Frau ${applicant.lastName},`);
  expect(mail.text).toContain(`„${company.name}“`);
  const link = linkMatching(mail, SET_PASSWORD_LINK);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort festlegen' })).toBeVisible();
  await expect(page.locator('#username')).toHaveValue(applicant.email);
  const rules = page.locator('#password-rules');
  await expect(rules).toContainText('Ihr Passwort muss Folgendes erfüllen:');
  await expect(rules.getByRole('listitem')).toHaveText([
    'Mindestens 12 Zeichen',
    'Mindestens ein Buchstabe',
    'Mindestens eine Ziffer',
  ]);

  // Too short: the server refuses it in German (the form leaves the checks to the server, so no
  // browser message in the browser's own language comes first).
  await page.locator('#password-new').fill('kurz1');
  await page.locator('#password-confirm').fill('kurz1');
  await page.locator('#kc-submit').click();
  await expect(page.getByRole('alert')).toHaveText('Das Passwort muss mindestens 12 Zeichen lang sein.');
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort festlegen' })).toBeVisible();

  await page.locator('#password-new').fill(OWNER_PASSWORD);
  await page.locator('#password-confirm').fill(OWNER_PASSWORD);
  await page.locator('#kc-submit').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort gespeichert' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Ihr Passwort wurde gespeichert.');

  await page.locator('#kc-login-link').click();
  const self = await logIn(page, { email: applicant.email }, OWNER_PASSWORD, { openLandingPage: false });
  expect({ role: self.role, status: self.status, email: self.email }).toEqual({
    role: 'Owner',
    status: 'Approved',
    email: applicant.email,
  });

  // Initial registration not finished: profile and eID verification only.
  await expect(page.getByRole('list', { name: 'Bereiche' }).getByRole('link')).toHaveText([
    /^Profilverwaltung/,
    /^eID-Verifizierung/,
  ]);
  await expect(mainMenu(page).getByRole('link')).toHaveText([
    'Übersicht',
    'eID-Verifizierung',
    `${applicant.firstName} ${applicant.lastName}`,
    'Passwort ändern',
  ]);

  // The link was for one use only.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Link bereits verwendet' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Mit diesem Link wurde Ihr Passwort bereits festgelegt. Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
  );
});

test('a second application is rejected and its applicant gets a German mail', async ({ page, baseURL }) => {
  await openRegistration(page);
  await fillPersonalData(page, rejectedApplicant);
  await nextButton(page).click();
  await expectStep(page, 2);
  await fillCompanyData(page, rejectedCompany);
  await nextButton(page).click();
  await expectStep(page, 3);
  await fileInput(page).setInputFiles([rejectedPdf]);
  await expect(uploadRow(page, rejectedPdf.name)).toContainText(TEXTS.uploaded);
  await nextButton(page).click();
  await expectStep(page, 4);
  for (const name of CONFIRMATIONS) await page.getByRole('checkbox', { name }).check();
  const applicationId = await submitRegistration(page);
  state.rejectedApplicationId = applicationId;
  const { link: confirmLink } = await confirmThroughMail(page, rejectedApplicant, applicationId, baseURL!);

  await logIn(page, DEMO_USERS.lumioAdmin);
  await openApplicationsOfAdmin(page);
  await openReview(page, rejectedApplicant, rejectedCompany, applicationId);
  await expect(region(page, 'Anlagen').getByRole('button')).toHaveText([rejectedPdf.name]);

  await page.getByRole('button', { name: 'Antrag ablehnen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Antrag ablehnen?' });
  await expect(confirm).toContainText(rejectedCompany.name);
  await confirm.getByRole('button', { name: 'Ablehnen' }).click();

  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText('Der Antrag wurde abgelehnt');
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(success).toBeHidden();
  await expectGoneFromOpenApplications(page, rejectedCompany);

  const mail = await waitForMail(page.request, { to: rejectedApplicant.email, subject: MAIL.rejection });
  expect(mail.text).toContain(`Guten Tag Herr ${rejectedApplicant.lastName},`);
  expect(mail.text).toContain(`„${rejectedCompany.name}“`);
  expect(mail.text).toContain('nicht annehmen');
  expect(mail.html).toContain('Ihr Antrag wurde abgelehnt');
  // A rejection creates no account: no activation mail.
  expect(await mailsTo(page.request, { to: rejectedApplicant.email, subject: MAIL.activation })).toEqual([]);

  // Nor a company.
  await mainMenu(page).getByRole('link', { name: 'Firmen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Firmen' })).toBeVisible();
  await search(page, rejectedCompany.name);
  await expect(dataRows(page)).toHaveCount(0);

  // The confirmation link, opened once more, no longer speaks of a successful confirmation.
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Antrag bereits entschieden' })).toBeVisible();
  await expect(page.getByText('Bestätigung erfolgreich')).toHaveCount(0);
});
