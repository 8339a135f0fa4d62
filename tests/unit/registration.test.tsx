import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import RegisterStudio from '../../src/customRoutes/registration/RegisterStudio';
import type { PublicApi } from '../../src/dataProvider/publicApi';
import type { CompanyApplicationSubmit } from '../../src/domain/companyApplication';
import { fakePublicApi, renderPublicPage, TEST_RUNTIME_CONFIG } from './support/publicPage';

afterEach(cleanup);

// The calendar is a lazily loaded chunk (date-fns and its German locale); loading it cold on a busy
// machine takes seconds, which belong to no test's wait for the dialog.
beforeAll(() => import('../../src/components/datePicker/CalendarDialog'), 30_000);

type User = ReturnType<typeof userEvent.setup>;

const runtime = {
  config: {
    ...TEST_RUNTIME_CONFIG,
    legal: { termsUrl: '/betreiber/agb-2025.pdf', privacyUrl: '/betreiber/datenschutz-2025.pdf' },
  },
};

function renderRegistration(api: Partial<PublicApi> = {}) {
  const fullApi = fakePublicApi({
    submitApplication: vi.fn(async () => ({ id: 'app-1' })),
    uploadDocument: vi.fn(async (file: { name: string }) => ({ id: `doc-${file.name}` })),
    confirmApplication: vi.fn(async () => {}),
    ...api,
  });
  renderPublicPage({
    at: '/register-studio',
    route: '/register-studio',
    page: <RegisterStudio />,
    api: fullApi,
    runtime,
  });
  return { api: fullApi, user: userEvent.setup() };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

/** Types a whole entry at once (paste): jsdom re-renders MUI per keystroke, which is slow. */
async function fill(user: User, name: string, text: string) {
  await user.click(textbox(name));
  await user.paste(text);
}
const select = (name: string) => screen.getByRole('combobox', { name });
const button = (name: string) => screen.getByRole('button', { name });

async function fillPersonalData(user: User) {
  await user.selectOptions(select('Anrede'), 'Frau');
  await fill(user, 'Vorname', 'Erika');
  await fill(user, 'Nachname', 'Mustermann');
  await fill(user, 'Geburtsdatum', '07.03.1985');
  await fill(user, 'E-Mail', 'erika@studio-beispiel.example');
}

async function fillCompanyData(user: User) {
  await fill(user, 'Firmenname', 'Studio Beispiel GmbH');
  await user.selectOptions(select('Rechtsform'), 'GmbH');
  await fill(user, 'Adresse', 'Hauptstraße 1, 10115 Berlin');
  await user.selectOptions(select('Land'), 'Österreich');
  await fill(user, 'Telefonnummer', '+4930123456789');
  await fill(user, 'Webseite', 'https://studio-beispiel.example');
}

/** Steps 3 and 4 are lazy chunks; their first import in a test run takes a moment. */
const LAZY_STEP_WAIT = { timeout: 10_000 };

async function reachSummary(user: User) {
  await fillPersonalData(user);
  await user.click(button('Weiter'));
  await fillCompanyData(user);
  await user.click(button('Weiter'));
  await fill(user, 'Mitgliedsnummer Photo-Trade-Verband', 'PTV-4711');
  // Steps 3 and 4 are downloaded once the form is first focused: wait for them as a visitor would.
  const input = await screen.findByLabelText(
    'JPEG-, PNG-, PDF-Dokumente hochladen. Die Datei darf die Größe 2MB nicht überschreiten.',
    {},
    LAZY_STEP_WAIT,
  );
  await user.upload(input, [
    new File(['png'], 'gewerbe.png', { type: 'image/png' }),
    new File(['%PDF'], 'register.pdf', { type: 'application/pdf' }),
  ]);
  expect(await screen.findAllByText('Datei hochgeladen')).toHaveLength(2);
  await user.click(button('Weiter'));
  await screen.findByRole('link', { name: /Datenschutzerklärung/ }, LAZY_STEP_WAIT);
}

/** The dialogs are a lazy chunk; its first import in a test run takes a moment. */
const DIALOG_WAIT = { timeout: 10_000 };

const CONFIRMATION_NAMES = [/Datenschutzerklärung/, /Allgemeinen Geschäftsbedingungen/, /an Dritte/, /Pilotphase/];

// A whole registration through jsdom takes a few seconds on a small machine.
describe('studio registration', { timeout: 30_000 }, () => {
  it('shows the title, the pilot-phase notice and the four steps', () => {
    renderRegistration();
    expect(screen.getByRole('heading', { level: 1, name: 'Fotostudio registrieren' })).toBeVisible();
    expect(
      screen.getByText('Lumio befindet sich in der Pilotphase. Änderungen werden per E-Mail angekündigt.'),
    ).toBeVisible();
    for (const step of ['Persönliche Daten', 'Firmendaten', 'Mitgliedsnummer und Nachweise', 'Zusammenfassung']) {
      expect(screen.getAllByText(step).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Persönliche Daten' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Zurück' })).toBeNull();
  });

  it('marks the open step in the step progress', async () => {
    const { user } = renderRegistration();
    const current = () => document.querySelector('ol > li[aria-current="step"]');
    expect(current()).toHaveTextContent('Persönliche Daten');
    await fillPersonalData(user);
    await user.click(button('Weiter'));
    expect(current()).toHaveTextContent('Firmendaten');
    expect(document.querySelectorAll('ol > li[aria-current="step"]')).toHaveLength(1);
  });

  it('enables Weiter only when step 1 is valid, with the birth-date hint and messages', async () => {
    const { user } = renderRegistration();
    expect(button('Weiter')).toBeDisabled();
    expect(screen.getByText('TT.MM.JJJJ')).toBeVisible();
    expect(select('Anrede')).toHaveDisplayValue('');
    expect(
      within(select('Anrede'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['', 'Herr', 'Frau', 'Divers', 'Keine Anrede']);

    await user.click(textbox('Vorname'));
    await user.tab();
    expect(screen.getByText('Dieses Feld ist ein Pflichtfeld.')).toBeVisible();

    await fillPersonalData(user);
    expect(button('Weiter')).toBeEnabled();

    await user.clear(textbox('E-Mail'));
    await fill(user, 'E-Mail', 'erika@');
    await user.tab();
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    expect(button('Weiter')).toBeDisabled();
    await fill(user, 'E-Mail', 'studio.example');
    expect(button('Weiter')).toBeEnabled();

    await user.clear(textbox('Geburtsdatum'));
    await fill(user, 'Geburtsdatum', '30.02.1985');
    await user.tab();
    expect(screen.getByText('Bitte geben Sie ein gültiges Geburtsdatum im Format TT.MM.JJJJ ein.')).toBeVisible();
    expect(button('Weiter')).toBeDisabled();
  });

  it('picks the birth date in the calendar', async () => {
    const { user } = renderRegistration();
    await user.click(button('Kalender öffnen'));
    const dialog = await screen.findByRole('dialog', { name: 'Kalender: Geburtsdatum' });
    // A birth date starts in the multi-year view.
    expect(within(dialog).getAllByRole('gridcell', { name: /^\d{4}$/ })).toHaveLength(24);
    await user.click(within(dialog).getByRole('button', { name: 'Vorherige 24 Jahre' }));
    const year = within(dialog).getAllByRole('gridcell', { name: /^\d{4}$/ })[0]!.textContent;
    await user.click(within(dialog).getByRole('gridcell', { name: year! }));
    await user.click(within(dialog).getByRole('gridcell', { name: `Januar ${year}` }));
    await user.click(within(dialog).getByRole('gridcell', { name: new RegExp(`, 1\\. Januar ${year}$`) }));
    expect(textbox('Geburtsdatum')).toHaveValue(`01.01.${year}`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the phone rules of step 2 with the spec messages; Zurück keeps the entries', async () => {
    const { user } = renderRegistration();
    await fillPersonalData(user);
    await user.click(button('Weiter'));
    expect(screen.getByRole('heading', { level: 2, name: 'Firmendaten' })).toHaveFocus();
    expect(button('Weiter')).toBeDisabled();
    await fillCompanyData(user);
    expect(button('Weiter')).toBeEnabled();

    const phone2 = textbox('Telefonnummer 2');
    await user.click(phone2);
    await user.paste('0301234');
    await user.tab();
    expect(screen.getByText('Geben Sie mindestens 10 Zeichen ein.')).toBeVisible();
    expect(button('Weiter')).toBeDisabled();
    await user.click(phone2);
    await user.paste('5678901234567');
    expect(screen.getByText('Es sind maximal 16 Zeichen erlaubt.')).toBeVisible();
    await user.clear(phone2);
    await user.paste('030 1234567');
    expect(
      screen.getByText('Es sind nur Ziffern und ein optionales führendes Plus erlaubt, z. B. +4930123456789.'),
    ).toBeVisible();
    await user.clear(phone2);
    expect(button('Weiter')).toBeEnabled();

    await user.click(button('Zurück'));
    expect(textbox('Vorname')).toHaveValue('Erika');
    await user.click(button('Weiter'));
    expect(textbox('Firmenname')).toHaveValue('Studio Beispiel GmbH');
  });

  it('holds step 3 back while uploads run and shows what the upload widget refused', async () => {
    let finish: (value: { id: string }) => void = () => {};
    const { user } = renderRegistration({
      uploadDocument: vi.fn(() => new Promise<{ id: string }>((resolve) => (finish = resolve))),
    });
    await fillPersonalData(user);
    await user.click(button('Weiter'));
    await fillCompanyData(user);
    await user.click(button('Weiter'));
    expect(button('Weiter')).toBeEnabled();
    expect(button('Zurück')).toBeEnabled();

    const input = await screen.findByLabelText(/JPEG-, PNG-, PDF-Dokumente hochladen/, {}, LAZY_STEP_WAIT);
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, [
        new File(['x'], 'nachweis.png', { type: 'image/png' }),
        new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }),
      ]);
    expect(screen.getByText('EXE Format ist nicht erlaubt')).toBeVisible();
    expect(screen.getByText('Upload im Gange ...')).toBeVisible();
    expect(button('Weiter')).toBeDisabled();
    finish({ id: 'doc-1' });
    expect(await screen.findByText('Datei hochgeladen')).toBeVisible();
    // The pending count reaches the stepper one render after the row changes.
    await waitFor(() => expect(button('Weiter')).toBeEnabled());
    expect(screen.queryByText('Upload im Gange ...')).toBeNull();
  });

  it('enables Registrieren only with all four confirmations and links the PDFs in a new tab', async () => {
    const { user } = renderRegistration();
    await reachSummary(user);
    expect(screen.getByRole('heading', { level: 2, name: 'Zusammenfassung' })).toBeVisible();
    expect(button('Zurück')).toBeEnabled();
    expect(button('Registrieren')).toBeDisabled();

    const privacy = screen.getByRole('link', { name: /Datenschutzerklärung/ });
    expect(privacy).toHaveAttribute('href', '/betreiber/datenschutz-2025.pdf');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const terms = screen.getByRole('link', { name: /Allgemeinen Geschäftsbedingungen/ });
    expect(terms).toHaveAttribute('href', '/betreiber/agb-2025.pdf');
    expect(terms).toHaveAttribute('target', '_blank');

    const boxes = CONFIRMATION_NAMES.map((name) => screen.getByRole('checkbox', { name }));
    expect(boxes.map((box) => box.getAttribute('name'))).toEqual(['dataSecurity', 'agb', 'thirdParties', 'pilot']);
    for (const box of boxes.slice(0, 3)) await user.click(box);
    expect(button('Registrieren')).toBeDisabled();
    await user.click(boxes[3]!);
    expect(button('Registrieren')).toBeEnabled();
    await user.click(boxes[1]!);
    expect(button('Registrieren')).toBeDisabled();
  });

  it('shows every entry in the summary', async () => {
    const { user } = renderRegistration();
    await reachSummary(user);
    const summary = screen.getByRole('region', { name: 'Zusammenfassung' });
    for (const text of [
      'Frau',
      'Erika',
      'Mustermann',
      '07.03.1985',
      'erika@studio-beispiel.example',
      'Studio Beispiel GmbH',
      'GmbH',
      'Hauptstraße 1, 10115 Berlin',
      'Österreich',
      '+4930123456789',
      'https://studio-beispiel.example',
      'PTV-4711',
      'gewerbe.png',
      'register.pdf',
    ]) {
      expect(within(summary).getByText(text)).toBeVisible();
    }
  });

  it('submits the exact payload, shows the success dialog and goes to the start page', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { user, api } = renderRegistration();
    await reachSummary(user);
    for (const name of CONFIRMATION_NAMES) await user.click(screen.getByRole('checkbox', { name }));
    await user.click(button('Registrieren'));

    const dialog = await screen.findByTestId('success-dialog', {}, DIALOG_WAIT);
    expect(api.submitApplication).toHaveBeenCalledTimes(1);
    expect(vi.mocked(api.submitApplication).mock.calls[0]![0]).toEqual<CompanyApplicationSubmit>({
      firstName: 'Erika',
      lastName: 'Mustermann',
      salutation: 'Frau',
      birthDate: '1985-03-07',
      email: 'erika@studio-beispiel.example',
      companyName: 'Studio Beispiel GmbH',
      country: 'Österreich',
      legalForm: 'GmbH',
      website: 'https://studio-beispiel.example',
      address: 'Hauptstraße 1, 10115 Berlin',
      phoneNumber: '+4930123456789',
      phoneNumber2: '',
      memberId: 'PTV-4711',
      documentIds: ['doc-gewerbe.png', 'doc-register.pdf'],
    });
    expect(within(dialog).getByRole('heading', { name: 'Registrierung erfolgreich' })).toBeVisible();
    expect(dialog).toHaveTextContent('Ihr Antrag wurde an den Anbieter weitergeleitet.');
    expect(dialog).toHaveTextContent(
      'Nach erfolgreicher Prüfung erhalten Sie eine E-Mail zur Aktivierung Ihres Kontos.',
    );
    // Behind the modal dialog, hence hidden from the accessibility tree.
    expect(screen.getByRole('button', { name: 'Registrieren', hidden: true })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('heading', { name: 'Startseite' })).toBeVisible();
    // Every text of the way came from the catalogue (a missing key is reported as a warning).
    expect(warn.mock.calls.flat().filter((text) => String(text).includes('Fehlender Text'))).toEqual([]);
    warn.mockRestore();
  });

  it('sends only the documents still listed after a deletion', async () => {
    const { user, api } = renderRegistration();
    await fillPersonalData(user);
    await user.click(button('Weiter'));
    await fillCompanyData(user);
    await user.click(button('Weiter'));
    const input = await screen.findByLabelText(/JPEG-, PNG-, PDF-Dokumente hochladen/, {}, LAZY_STEP_WAIT);
    await user.upload(input, [
      new File(['a'], 'eins.png', { type: 'image/png' }),
      new File(['b'], 'zwei.pdf', { type: 'application/pdf' }),
    ]);
    await screen.findAllByText('Datei hochgeladen');
    const [first] = screen.getAllByRole('listitem').filter((item) => item.textContent?.startsWith('eins.png'));
    await user.click(within(first!).getByRole('button', { name: 'Datei entfernen' }));
    await user.click(button('Weiter'));
    for (const name of CONFIRMATION_NAMES)
      await user.click(await screen.findByRole('checkbox', { name }, LAZY_STEP_WAIT));
    await user.click(button('Registrieren'));
    await screen.findByTestId('success-dialog', {}, DIALOG_WAIT);
    expect(vi.mocked(api.submitApplication).mock.calls[0]![0].documentIds).toEqual(['doc-zwei.pdf']);
  });

  it('shows a server error in the error dialog and lets the user try again', async () => {
    // An address that already has an account is answered like a new one (issue 24); a document the
    // cleanup removed meanwhile is still refused.
    const body = { errorCode: 'BAD_REQUEST', messages: ['Document not found'], traceId: 't-1', status: 400 };
    const submitApplication = vi
      .fn<PublicApi['submitApplication']>()
      .mockRejectedValueOnce(new HttpError('Document not found', 400, body))
      .mockResolvedValueOnce({ id: 'app-2' });
    const { user } = renderRegistration({ submitApplication });
    await reachSummary(user);
    for (const name of CONFIRMATION_NAMES) await user.click(screen.getByRole('checkbox', { name }));
    await user.click(button('Registrieren'));

    const dialog = await screen.findByTestId('error-dialog', {}, DIALOG_WAIT);
    expect(dialog).toHaveTextContent('Das war nicht so geplant :/');
    expect(dialog).toHaveTextContent('Anlage konnte nicht gefunden werden.');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByTestId('error-dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Zusammenfassung' })).toBeVisible();
    expect(button('Registrieren')).toBeEnabled();

    await user.click(button('Registrieren'));
    expect(await screen.findByTestId('success-dialog', {}, DIALOG_WAIT)).toBeVisible();
    expect(submitApplication).toHaveBeenCalledTimes(2);
  });
});
