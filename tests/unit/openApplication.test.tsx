import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Resource, type GetListParams } from 'react-admin';
import { missingKeys, renderAdminApp } from './support/adminApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDecision, LumioDataProvider } from '../../src/dataProvider';
import openApplications, { OPEN_APPLICATIONS_RESOURCE } from '../../src/resources/open-applications';
import type { CompanyApplication } from '../../src/resources/open-applications/types';

// The first render of a lazy view compiles its chunk; on a busy 2-core machine that exceeds 1 s.
configure({ asyncUtilTimeout: 5000 });

// Local time, so the expected text does not depend on the machine's time zone.
const confirmedAt = new Date(2025, 5, 2, 14, 5);

const sonnenschein: CompanyApplication = {
  id: 'app-1',
  status: 'Open',
  salutation: 'Frau',
  firstName: 'Erika',
  lastName: 'Mustermann',
  birthDate: '1985-03-07',
  email: 'erika@studio-sonnenschein.example',
  companyName: 'Fotostudio Sonnenschein GmbH',
  legalForm: 'GmbH',
  address: 'Lindenallee 5, 50667 Köln',
  country: 'Deutschland',
  phoneNumber: '+49 221 123456',
  phoneNumber2: null,
  website: 'https://studio-sonnenschein.example',
  memberId: 'PTV-4711',
  lastModifiedAt: confirmedAt.toISOString(),
  documents: [
    { id: 'doc-1', name: 'Gewerbeanmeldung.pdf' },
    { id: 'doc-2', name: 'Ladenfoto.png' },
  ],
  stores: [{ name: 'Fotostudio Sonnenschein', address: 'Lindenallee 5, 50667 Köln', country: 'Deutschland' }],
};

const morgenrot: CompanyApplication = {
  ...sonnenschein,
  id: 'app-2',
  salutation: 'Herr',
  firstName: 'Max',
  lastName: 'Morgenrot',
  email: 'max@studio-morgenrot.example',
  companyName: 'Studio Morgenrot e.K.',
  legalForm: 'e.K.',
  documents: [],
};

const listItem = ({ id, firstName, lastName, email, companyName, legalForm, lastModifiedAt }: CompanyApplication) => ({
  id,
  firstName,
  lastName,
  email,
  companyName,
  legalForm,
  lastModifiedAt,
});

const errorOf = (status: number, message: string, errorCode = 'ERROR') =>
  new HttpError(message, status, { errorCode, messages: [message], traceId: 't-1', status });

interface Deferred {
  promise: Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: (value: unknown) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Serves applications like the API: the list holds the open ones only, a decision changes the
 * status (so the list no longer shows it), an unknown id is a 404 'No application found'.
 */
function fakeDataProvider(
  applications: CompanyApplication[] = [sonnenschein, morgenrot],
  overrides: { decideApplication?: ReturnType<typeof vi.fn> } = {},
) {
  const records = new Map(applications.map((application) => [application.id, { ...application }]));
  const calls = {
    getList: vi.fn(async (_resource: string, _params: GetListParams) => {
      const open = [...records.values()].filter((application) => application.status === 'Open');
      return { data: open.map(listItem), total: open.length };
    }),
    getOne: vi.fn(async (_resource: string, { id }: { id: string }) => {
      const record = records.get(id);
      if (!record) throw errorOf(404, 'No application found', 'NOT_FOUND');
      return { data: record };
    }),
    decideApplication:
      overrides.decideApplication ??
      vi.fn(async (id: string, status: ApplicationDecision) => {
        const record = records.get(id)!;
        record.status = status;
        return record;
      }),
    downloadDocument: vi.fn(async (id: string) => new Blob([`Inhalt von ${id}`], { type: 'application/pdf' })),
  };
  return { dataProvider: calls as unknown as LumioDataProvider, calls };
}

function renderApp(path: string, dataProvider: LumioDataProvider) {
  return renderAdminApp(path, {
    dataProvider,
    resources: <Resource name={OPEN_APPLICATIONS_RESOURCE} {...openApplications} />,
  });
}

const acceptLabel = 'Account & Unternehmen erstellen / Angaben bestätigen';
const acceptButton = () => screen.getByRole('button', { name: acceptLabel });
const rejectButton = () => screen.getByRole('button', { name: 'Antrag ablehnen' });
const openReview = async (dataProvider: LumioDataProvider, id = 'app-1') => {
  const app = renderApp(`/open-applications/${id}`, dataProvider);
  await screen.findByRole('heading', { level: 1, name: 'Antrag prüfen' });
  await screen.findByText('Fotostudio Sonnenschein GmbH');
  return app;
};

/** The value shown under a label of the read-only detail. */
function valueOf(label: string): string | null | undefined {
  const labels = [...document.querySelectorAll('.RaLabeled-label')].filter((element) => element.textContent === label);
  expect(labels).toHaveLength(1);
  return labels[0].nextElementSibling?.textContent;
}

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Offene Anträge (list)', () => {
  it('shows the open applications with the spec columns, newest first, and the total', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/open-applications', dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeInTheDocument();
    expect(await screen.findByText('Fotostudio Sonnenschein GmbH')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Vorname', 'Nachname', 'E-Mail', 'Firmenname', 'Rechtsform']);
    const row = screen.getByText('Studio Morgenrot e.K.').closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Max', 'Morgenrot', 'max@studio-morgenrot.example', 'Studio Morgenrot e.K.', 'e.K.']);
    expect(screen.getByText('Gesamt: 2')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Suchbegriff eingeben' })).toBeInTheDocument();
    expect(calls.getList).toHaveBeenCalledWith(
      OPEN_APPLICATIONS_RESOURCE,
      expect.objectContaining({
        sort: { field: 'lastModifiedAt', order: 'DESC' },
        pagination: { page: 1, perPage: 20 },
      }),
    );
    expect(missingKeys).toEqual([]);
  });

  it('sorts by a column header', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/open-applications', dataProvider);

    await user.click(await screen.findByRole('button', { name: /Firmenname/ }));
    await waitFor(() =>
      expect(calls.getList).toHaveBeenLastCalledWith(
        OPEN_APPLICATIONS_RESOURCE,
        expect.objectContaining({ sort: { field: 'companyName', order: 'ASC' } }),
      ),
    );
  });

  it('shows "Keine Daten vorhanden" without open applications', async () => {
    const { dataProvider } = fakeDataProvider([]);
    renderApp('/open-applications', dataProvider);
    expect(await screen.findByText('Keine Daten vorhanden')).toBeInTheDocument();
    expect(screen.getByText('Gesamt: 0')).toBeInTheDocument();
  });

  it('opens the review of a row at /open-applications/{id}', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    const app = renderApp('/open-applications', dataProvider);

    await user.click(await screen.findByText('Fotostudio Sonnenschein GmbH'));
    await waitFor(() => expect(app.pathname()).toBe('/open-applications/app-1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Antrag prüfen' })).toBeInTheDocument();
  });

  it('keeps the review open while the full application loads after a row click', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    // The list row (without status) is what react-admin shows first; the real record comes later.
    const pending = deferred();
    const loadRecord = calls.getOne.getMockImplementation()!;
    calls.getOne.mockImplementation(async (resource: string, params: { id: string }) => {
      await pending.promise;
      return loadRecord(resource, params);
    });
    const app = renderApp('/open-applications', dataProvider);

    await user.click(await screen.findByText('Fotostudio Sonnenschein GmbH'));
    await waitFor(() => expect(calls.getOne).toHaveBeenCalled());
    await screen.findByRole('heading', { level: 1, name: 'Antrag prüfen' });
    expect(screen.queryByText('Dieser Antrag ist nicht mehr offen', { exact: false })).not.toBeInTheDocument();
    expect(app.pathname()).toBe('/open-applications/app-1');
    pending.resolve(undefined);
    expect(await screen.findByRole('button', { name: acceptLabel })).toBeEnabled();
    expect(app.pathname()).toBe('/open-applications/app-1');
  });
});

describe('Antrag prüfen (detail)', () => {
  it('shows every applicant and company field read-only', async () => {
    const { dataProvider } = fakeDataProvider();
    await openReview(dataProvider);

    expect(valueOf('Anrede')).toBe('Frau');
    expect(valueOf('Vorname')).toBe('Erika');
    expect(valueOf('Nachname')).toBe('Mustermann');
    expect(valueOf('Geburtsdatum')).toBe('07.03.1985');
    expect(valueOf('E-Mail')).toBe('erika@studio-sonnenschein.example');
    expect(valueOf('Firmenname')).toBe('Fotostudio Sonnenschein GmbH');
    expect(valueOf('Rechtsform')).toBe('GmbH');
    expect(valueOf('Adresse')).toBe('Lindenallee 5, 50667 Köln');
    expect(valueOf('Land')).toBe('Deutschland');
    expect(valueOf('Telefonnummer')).toBe('+49 221 123456');
    expect(valueOf('Telefonnummer 2')).toBe('–');
    expect(valueOf('Webseite')).toBe('https://studio-sonnenschein.example');
    expect(valueOf('Mitgliedsnummer')).toBe('PTV-4711');
    expect(valueOf('Registrierungszeitpunkt')).toBe('02.06.2025, 14:05');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Antragstellende Person' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Unternehmen' })).toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it('lists the studios and the attachments', async () => {
    const { dataProvider } = fakeDataProvider();
    await openReview(dataProvider);

    const stores = screen.getByRole('table', { name: 'Studios' });
    expect(
      within(stores)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Studioname', 'Adresse', 'Land']);
    const [, storeRow] = within(stores).getAllByRole('row');
    expect(
      within(storeRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Fotostudio Sonnenschein', 'Lindenallee 5, 50667 Köln', 'Deutschland']);

    const attachments = screen.getByRole('list', { name: 'Anlagen' });
    expect(
      within(attachments)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Gewerbeanmeldung.pdf', 'Ladenfoto.png']);
  });

  it('says so when the application has no attachments', async () => {
    const { dataProvider } = fakeDataProvider();
    renderApp('/open-applications/app-2', dataProvider);
    expect(await screen.findByText('Keine Anlagen vorhanden')).toBeInTheDocument();
  });

  it('downloads an attachment through the data provider and saves it under its name', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:lumio/1');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: Array<{ href: string; download: string; inDocument: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
    });
    const { dataProvider, calls } = fakeDataProvider();
    await openReview(dataProvider);

    await user.click(screen.getByRole('button', { name: 'Gewerbeanmeldung.pdf herunterladen' }));

    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:lumio/1', download: 'Gewerbeanmeldung.pdf', inDocument: true }]),
    );
    expect(calls.downloadDocument).toHaveBeenCalledWith('doc-1');
    const downloaded: unknown = await calls.downloadDocument.mock.results[0].value;
    expect(createObjectURL).toHaveBeenCalledWith(downloaded);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('shows the error dialog when a download fails', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.downloadDocument.mockRejectedValueOnce(errorOf(404, 'Document not found', 'NOT_FOUND'));
    await openReview(dataProvider);

    await user.click(screen.getByRole('button', { name: 'Ladenfoto.png herunterladen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(dialog).getByText('Anlage konnte nicht gefunden werden.')).toBeInTheDocument();
  });

  it('goes back to the list with Zurück', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    const app = await openReview(dataProvider);

    await user.click(screen.getByRole('link', { name: 'Zurück' }));
    await waitFor(() => expect(app.pathname()).toBe('/open-applications'));
  });
});

describe('deciding an application', () => {
  it('accepts after confirmation: status Approved, success dialog, back to the refreshed list', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = await openReview(dataProvider);

    await user.click(acceptButton());
    const confirmDialog = await screen.findByRole('dialog', { name: 'Antrag annehmen?' });
    expect(
      within(confirmDialog).getByText(
        'Die Angaben von „Fotostudio Sonnenschein GmbH“ werden bestätigt. Dabei werden das Unternehmen, seine Studios und ein Account für Erika Mustermann (erika@studio-sonnenschein.example) erstellt. Diese Entscheidung kann nicht rückgängig gemacht werden.',
      ),
    ).toBeInTheDocument();
    expect(calls.decideApplication).not.toHaveBeenCalled();

    await user.click(within(confirmDialog).getByRole('button', { name: 'Annehmen' }));

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Das hat geklappt!')).toBeInTheDocument();
    expect(
      within(success).getByText(
        'Das Unternehmen „Fotostudio Sonnenschein GmbH“ und der Account für Erika Mustermann wurden erstellt. Erika Mustermann erhält eine E-Mail an erika@studio-sonnenschein.example, um den Account zu aktivieren.',
      ),
    ).toBeInTheDocument();
    expect(calls.decideApplication).toHaveBeenCalledTimes(1);
    expect(calls.decideApplication).toHaveBeenCalledWith('app-1', 'Approved');
    await waitFor(() => expect(app.pathname()).toBe('/open-applications'));

    await user.click(within(success).getByRole('button', { name: 'Ok' }));
    // The list is loaded again: the decided application is gone.
    expect(await screen.findByText('Gesamt: 1')).toBeInTheDocument();
    expect(screen.getByText('Studio Morgenrot e.K.')).toBeInTheDocument();
    expect(screen.queryByText('Fotostudio Sonnenschein GmbH')).not.toBeInTheDocument();
    // No "not open any more" message for the application this screen decided itself.
    expect(screen.queryByText(/nicht mehr offen/)).not.toBeInTheDocument();
  });

  it('rejects after confirmation: status Rejected and "Der Antrag wurde abgelehnt"', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = await openReview(dataProvider);

    await user.click(rejectButton());
    const confirmDialog = await screen.findByRole('dialog', { name: 'Antrag ablehnen?' });
    expect(
      within(confirmDialog).getByText(
        'Möchten Sie den Antrag von „Fotostudio Sonnenschein GmbH“ wirklich ablehnen? Erika Mustermann wird per E-Mail an erika@studio-sonnenschein.example darüber informiert. Diese Entscheidung kann nicht rückgängig gemacht werden.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirmDialog).getByRole('button', { name: 'Ablehnen' }));

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Der Antrag wurde abgelehnt')).toBeInTheDocument();
    expect(within(success).getByText('Die antragstellende Person wird per E-Mail informiert.')).toBeInTheDocument();
    expect(calls.decideApplication).toHaveBeenCalledWith('app-1', 'Rejected');
    await waitFor(() => expect(app.pathname()).toBe('/open-applications'));
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = await openReview(dataProvider);

    await user.click(rejectButton());
    const confirmDialog = await screen.findByRole('dialog', { name: 'Antrag ablehnen?' });
    await user.click(within(confirmDialog).getByRole('button', { name: 'Abbrechen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.decideApplication).not.toHaveBeenCalled();
    expect(app.pathname()).toBe('/open-applications/app-1');
    expect(rejectButton()).toBeEnabled();
    expect(acceptButton()).toBeEnabled();
  });

  it('disables both buttons while the decision runs, so it is sent once', async () => {
    const user = userEvent.setup();
    const request = deferred();
    const decideApplication = vi.fn(() => request.promise);
    const { dataProvider } = fakeDataProvider(undefined, { decideApplication });
    await openReview(dataProvider);

    await user.dblClick(acceptButton());
    await user.click(await screen.findByRole('button', { name: 'Annehmen' }));

    await waitFor(() => expect(acceptButton()).toBeDisabled());
    expect(rejectButton()).toBeDisabled();
    await user.click(acceptButton()).catch(() => undefined);
    await user.click(rejectButton()).catch(() => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(decideApplication).toHaveBeenCalledTimes(1);

    request.resolve({ ...sonnenschein, status: 'Approved' });
    expect(await screen.findByTestId('success-dialog')).toBeInTheDocument();
    expect(decideApplication).toHaveBeenCalledTimes(1);
  });

  it('returns to the list when someone else decided first (409)', async () => {
    const user = userEvent.setup();
    const decideApplication = vi.fn(async () => {
      throw errorOf(409, 'Application already decided', 'CONFLICT');
    });
    const { dataProvider } = fakeDataProvider(undefined, { decideApplication });
    const app = await openReview(dataProvider);

    await user.click(acceptButton());
    await user.click(await screen.findByRole('button', { name: 'Annehmen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(dialog).getByText('Der Antrag wurde bereits bearbeitet.')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/open-applications'));
    expect(screen.queryByTestId('success-dialog')).not.toBeInTheDocument();
  });

  it('stays on the review with the buttons enabled after another error', async () => {
    const user = userEvent.setup();
    const decideApplication = vi.fn(async () => {
      throw errorOf(500, 'Internal error', 'INTERNAL');
    });
    const { dataProvider } = fakeDataProvider(undefined, { decideApplication });
    const app = await openReview(dataProvider);

    await user.click(rejectButton());
    await user.click(await screen.findByRole('button', { name: 'Ablehnen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(
      within(dialog).getByText('Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(app.pathname()).toBe('/open-applications/app-1');
    await waitFor(() => expect(rejectButton()).toBeEnabled());
    expect(acceptButton()).toBeEnabled();
  });
});

describe('an application that cannot be reviewed', () => {
  it('returns to the list with "Kein Antrag gefunden." for an unknown id (404)', async () => {
    const { dataProvider } = fakeDataProvider();
    const app = renderApp('/open-applications/unknown', dataProvider);

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(dialog).getByText('Kein Antrag gefunden.')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/open-applications'));
  });

  it('returns to the list with the error dialog when loading fails', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    calls.getOne.mockRejectedValueOnce(errorOf(403, 'Forbidden', 'FORBIDDEN'));
    const app = renderApp('/open-applications/app-1', dataProvider);

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(dialog).getByText('Zugriff verweigert.')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/open-applications'));
  });

  it.each(['Approved', 'Rejected', 'Unconfirmed'] as const)(
    'returns to the list for an application with status %s, without decision buttons',
    async (status) => {
      const { dataProvider, calls } = fakeDataProvider([{ ...sonnenschein, status }, morgenrot]);
      const app = renderApp('/open-applications/app-1', dataProvider);

      await waitFor(() => expect(app.pathname()).toBe('/open-applications'));
      expect(
        await screen.findByText('Dieser Antrag ist nicht mehr offen: Er wurde bereits bearbeitet.'),
      ).toBeInTheDocument();
      expect(await screen.findByText('Studio Morgenrot e.K.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: acceptLabel })).not.toBeInTheDocument();
      expect(calls.decideApplication).not.toHaveBeenCalled();
    },
  );
});
