import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Resource, type GetListParams } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LumioDataProvider } from '../../src/dataProvider';
import type { EidReviewDecisionPayload } from '../../src/domain/eidReviewReason';
import eidReviews, { EID_REVIEWS_RESOURCE } from '../../src/resources/verification-check';
import type { EidReview } from '../../src/resources/verification-check/types';
import { missingKeys, renderAdminApp } from './support/adminApp';

// The first render of a lazy view compiles its chunk; on a busy 2-core machine that exceeds 1 s.
configure({ asyncUtilTimeout: 5000 });

// Local time, so the expected text does not depend on the machine's time zone.
const receivedAt = new Date(2026, 10, 24, 9, 30);

const lea: EidReview = {
  id: 'review-1',
  createdAt: receivedAt.toISOString(),
  user: {
    id: 'u-lea',
    salutation: 'Frau',
    firstName: 'Lea',
    lastName: 'Neumann',
    birthDate: '1995-06-30',
    email: 'lea@studio-sonnenschein.example',
    role: 'Employee',
    status: 'Unverified',
    companyId: 'c-1',
    companyName: 'Fotostudio Sonnenschein GmbH',
  },
  document: { givenNames: 'LEA MARIA', familyName: 'SCHMIDT', birthDate: '1995-06-30', documentType: 'ID' },
  differences: ['lastName'],
};

const max: EidReview = {
  ...lea,
  id: 'review-2',
  createdAt: new Date(2026, 10, 23, 16, 5).toISOString(),
  user: {
    ...lea.user,
    id: 'u-max',
    salutation: 'Herr',
    firstName: 'Max',
    lastName: 'Morgenrot',
    email: 'max@studio-morgenrot.example',
    role: 'Owner',
    status: 'Approved',
    companyName: 'Studio Morgenrot e.K.',
  },
  document: { givenNames: 'MAXIMILIAN', familyName: 'MORGENROT', birthDate: '1980-01-02', documentType: 'UB' },
  differences: ['firstName', 'birthDate'],
};

const listItem = ({ id, createdAt, user }: EidReview) => ({
  id,
  userId: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  companyId: user.companyId,
  companyName: user.companyName,
  createdAt,
});

const errorOf = (status: number, message: string, errorCode = 'ERROR') =>
  new HttpError(message, status, { errorCode, messages: [message], traceId: 't-1', status });

/** Serves reviews like the API: open ones only; a decision closes one; an unknown id is a 404. */
function fakeDataProvider(reviews: EidReview[] = [lea, max]) {
  const open = new Map(reviews.map((review) => [review.id, review]));
  const calls = {
    getList: vi.fn(async (_resource: string, _params: GetListParams) => {
      const items = [...open.values()].map(listItem);
      return { data: items, total: items.length };
    }),
    getOne: vi.fn(async (_resource: string, { id }: { id: string }) => {
      const review = open.get(id);
      if (!review) throw errorOf(404, 'eID review not found', 'NOT_FOUND');
      return { data: review };
    }),
    decideEidReview: vi.fn(async (id: string, { decision }: EidReviewDecisionPayload) => {
      open.delete(id);
      return { status: decision === 'confirm' ? 'Verified' : 'Unverified' };
    }),
  };
  return { dataProvider: calls as unknown as LumioDataProvider, calls };
}

function renderApp(path: string, dataProvider: LumioDataProvider) {
  return renderAdminApp(path, {
    dataProvider,
    resources: <Resource name={EID_REVIEWS_RESOURCE} {...eidReviews} />,
  });
}

const openReview = async (dataProvider: LumioDataProvider, id = 'review-1') => {
  const app = renderApp(`/verification-check/${id}`, dataProvider);
  await screen.findByRole('heading', { level: 1, name: 'eID-Prüfung' });
  await screen.findByRole('table', { name: 'Profil und Ausweis' });
  return app;
};

const confirmButton = () => screen.getByRole('button', { name: 'Bestätigen' });
const rejectButton = () => screen.getByRole('button', { name: 'Ablehnen' });

/** The comparison's rows as text: data, profile, ID, verdict. */
function comparisonRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Profil und Ausweis' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('eID-Prüfungen (list)', () => {
  it('lists the open reviews with Name, Firma, E-Mail, Eingegangen am, newest first, and the total', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/verification-check', dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'eID-Prüfungen' })).toBeInTheDocument();
    expect(await screen.findByText('Lea Neumann')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Firma',
      'E-Mail',
      'Eingegangen am',
    ]);
    const row = screen.getByText('Lea Neumann').closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Lea Neumann', 'Fotostudio Sonnenschein GmbH', 'lea@studio-sonnenschein.example', '24.11.2026, 09:30']);
    expect(screen.getByText('Gesamt: 2')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Suchbegriff eingeben' })).toBeInTheDocument();
    expect(document.title).toBe('eID-Prüfungen – Lumio');
    expect(calls.getList).toHaveBeenCalledWith(
      EID_REVIEWS_RESOURCE,
      expect.objectContaining({ sort: { field: 'createdAt', order: 'DESC' }, pagination: { page: 1, perPage: 20 } }),
    );
    expect(missingKeys).toEqual([]);
  });

  it('sorts by name (the last name) and by company, not by e-mail', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/verification-check', dataProvider);

    await user.click(await screen.findByRole('button', { name: /Name/ }));
    await waitFor(() =>
      expect(calls.getList).toHaveBeenLastCalledWith(
        EID_REVIEWS_RESOURCE,
        expect.objectContaining({ sort: { field: 'lastName', order: 'ASC' } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: /Firma/ }));
    await waitFor(() =>
      expect(calls.getList).toHaveBeenLastCalledWith(
        EID_REVIEWS_RESOURCE,
        expect.objectContaining({ sort: { field: 'companyName', order: 'ASC' } }),
      ),
    );
    expect(screen.queryByRole('button', { name: /E-Mail/ })).not.toBeInTheDocument();
  });

  it('searches with the typed term', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/verification-check', dataProvider);

    await user.type(await screen.findByRole('textbox', { name: 'Suchbegriff eingeben' }), 'Morgenrot{Enter}');
    await waitFor(() =>
      expect(calls.getList).toHaveBeenLastCalledWith(
        EID_REVIEWS_RESOURCE,
        expect.objectContaining({ filter: { q: 'Morgenrot' }, pagination: { page: 1, perPage: 20 } }),
      ),
    );
  });

  it('shows "Keine Daten vorhanden" without open reviews', async () => {
    const { dataProvider } = fakeDataProvider([]);
    renderApp('/verification-check', dataProvider);
    expect(await screen.findByText('Keine Daten vorhanden')).toBeInTheDocument();
  });

  it('opens the review of a row at /verification-check/{id}', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    const app = renderApp('/verification-check', dataProvider);

    await user.click(await screen.findByText('Studio Morgenrot e.K.'));
    await waitFor(() => expect(app.pathname()).toBe('/verification-check/review-2'));
    expect(await screen.findByRole('table', { name: 'Profil und Ausweis' })).toBeInTheDocument();
  });
});

describe('eID-Prüfung (detail)', () => {
  it('shows the profile beside the ID, with the differing name marked in words', async () => {
    const { dataProvider } = fakeDataProvider();
    await openReview(dataProvider);

    expect(comparisonRows()).toEqual([
      ['Angabe', 'Profil', 'Ausweis', 'Abgleich'],
      ['Anrede', 'Frau', '–', '–'],
      ['Vorname / Vornamen', 'Lea', 'LEA MARIA', 'stimmt überein'],
      ['Nachname / Familienname', 'Neumann', 'SCHMIDT', 'weicht ab'],
      ['Geburtsdatum', '30.06.1995', '30.06.1995', 'stimmt überein'],
      ['Dokumentart', '–', 'Personalausweis', '–'],
    ]);
    expect(screen.getByText('Gehört der Ausweis dennoch zu dieser Person?')).toBeInTheDocument();
    expect(screen.getByText('lea@studio-sonnenschein.example')).toBeInTheDocument();
    expect(screen.getByText('Mitarbeiterin')).toBeInTheDocument();
    expect(screen.getByText('24.11.2026, 09:30')).toBeInTheDocument();
    expect(document.title).toBe('eID-Prüfung – Lumio');
    expect(missingKeys).toEqual([]);
  });

  it('marks every differing field', async () => {
    const { dataProvider } = fakeDataProvider();
    await openReview(dataProvider, 'review-2');

    const verdicts = Object.fromEntries(comparisonRows().map((row) => [row[0], row[3]]));
    expect(verdicts).toMatchObject({
      'Vorname / Vornamen': 'weicht ab',
      'Nachname / Familienname': 'stimmt überein',
      Geburtsdatum: 'weicht ab',
    });
    expect(screen.getByText('eID-Karte für Unionsbürger')).toBeInTheDocument();
  });

  it('returns to the list with the error dialog for a review that is gone (404)', async () => {
    const { dataProvider } = fakeDataProvider();
    const app = renderApp('/verification-check/unknown', dataProvider);

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(dialog).getByText('Diese eID-Prüfung gibt es nicht (mehr).')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/verification-check'));
  });
});

describe('deciding a review', () => {
  it('confirms after a confirmation naming the person, then success dialog and the refreshed list', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = await openReview(dataProvider);

    await user.click(confirmButton());
    const confirmDialog = await screen.findByRole('dialog', { name: 'Identität von Lea Neumann bestätigen?' });
    expect(
      within(confirmDialog).getByText(
        'Der Ausweis wird trotz der Abweichung als Ausweis von Lea Neumann (lea@studio-sonnenschein.example) anerkannt und mit dem Konto verknüpft. Lea Neumann wird per E-Mail benachrichtigt.',
      ),
    ).toBeInTheDocument();
    expect(calls.decideEidReview).not.toHaveBeenCalled();

    await user.click(within(confirmDialog).getByRole('button', { name: 'Bestätigen' }));

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Das hat geklappt!')).toBeInTheDocument();
    expect(
      within(success).getByText(
        'Die Identität von Lea Neumann ist bestätigt; der Ausweis ist mit dem Konto verknüpft.',
      ),
    ).toBeInTheDocument();
    expect(calls.decideEidReview).toHaveBeenCalledTimes(1);
    expect(calls.decideEidReview).toHaveBeenCalledWith('review-1', { decision: 'confirm' });
    await waitFor(() => expect(app.pathname()).toBe('/verification-check'));

    await user.click(within(success).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Gesamt: 1')).toBeInTheDocument();
    expect(screen.queryByText('Lea Neumann')).not.toBeInTheDocument();
    // The decided review is gone (404): it is not read again, and no error dialog follows.
    expect(calls.getOne).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rejects with the reason asked for in a dialog naming the person; Enter submits the trimmed reason', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = await openReview(dataProvider);

    await user.click(rejectButton());
    const rejectDialog = await screen.findByRole('dialog', { name: 'Verifizierung von Lea Neumann ablehnen?' });
    expect(
      within(rejectDialog).getByText(
        'Der Ausweis wird nicht mit dem Konto von Lea Neumann (lea@studio-sonnenschein.example) verknüpft. Lea Neumann wird per E-Mail benachrichtigt und kann die Verifizierung erneut starten.',
      ),
    ).toBeInTheDocument();
    const reason = within(rejectDialog).getByRole('textbox', { name: 'Grund der Ablehnung' });
    expect(reason).toHaveFocus();
    // react-admin marks a required input with an asterisk after its label.
    expect(rejectDialog.querySelector(`label[for="${reason.id}"]`)?.textContent).toMatch(/Grund der Ablehnung\s*\*/);
    expect(reason).toHaveAttribute('maxlength', '500');
    expect(
      within(rejectDialog).getByText(
        'Die Person liest den Grund in der E-Mail und bei der eID-Verifizierung. Nennen Sie, was nicht übereinstimmt.',
      ),
    ).toBeInTheDocument();
    // Nothing typed, or blanks only: 'Ablehnen' waits for a reason.
    const submit = within(rejectDialog).getByRole('button', { name: 'Ablehnen' });
    expect(submit).toBeDisabled();
    await user.type(reason, '   ');
    expect(submit).toBeDisabled();
    expect(calls.decideEidReview).not.toHaveBeenCalled();

    await user.type(reason, 'Der Nachname weicht ab.  {Enter}');

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Die Verifizierung wurde abgelehnt')).toBeInTheDocument();
    expect(within(success).getByText('Lea Neumann wird per E-Mail informiert.')).toBeInTheDocument();
    expect(calls.decideEidReview).toHaveBeenCalledTimes(1);
    expect(calls.decideEidReview).toHaveBeenCalledWith('review-1', {
      decision: 'reject',
      reason: 'Der Nachname weicht ab.',
    });
    await waitFor(() => expect(app.pathname()).toBe('/verification-check'));
    expect(screen.queryByTestId('reject-eid-review-dialog')).not.toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it('sends no rejection when the reason dialog is cancelled', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = await openReview(dataProvider);

    await user.click(rejectButton());
    const rejectDialog = await screen.findByRole('dialog', { name: 'Verifizierung von Lea Neumann ablehnen?' });
    await user.type(within(rejectDialog).getByRole('textbox', { name: 'Grund der Ablehnung' }), 'Weicht ab');
    await user.click(within(rejectDialog).getByRole('button', { name: 'Abbrechen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.decideEidReview).not.toHaveBeenCalled();
    expect(app.pathname()).toBe('/verification-check/review-1');
    expect(rejectButton()).toBeEnabled();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    const app = await openReview(dataProvider);

    await user.click(confirmButton());
    const confirmDialog = await screen.findByRole('dialog', { name: 'Identität von Lea Neumann bestätigen?' });
    await user.click(within(confirmDialog).getByRole('button', { name: 'Abbrechen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.decideEidReview).not.toHaveBeenCalled();
    expect(app.pathname()).toBe('/verification-check/review-1');
    expect(confirmButton()).toBeEnabled();
    expect(rejectButton()).toBeEnabled();
  });

  it('returns to the list when someone else decided first (409)', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.decideEidReview.mockRejectedValueOnce(errorOf(409, 'eID review already decided', 'CONFLICT'));
    const app = await openReview(dataProvider);

    await user.click(rejectButton());
    const rejectDialog = await screen.findByRole('dialog', { name: 'Verifizierung von Lea Neumann ablehnen?' });
    await user.type(within(rejectDialog).getByRole('textbox', { name: 'Grund der Ablehnung' }), 'Weicht ab');
    await user.click(within(rejectDialog).getByRole('button', { name: 'Ablehnen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(
      within(dialog).getByText('Über diese eID-Prüfung wurde bereits entschieden. Bitte laden Sie die Liste neu.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/verification-check'));
    expect(screen.queryByTestId('success-dialog')).not.toBeInTheDocument();
  });

  it('stays on the review with the buttons enabled after another error', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    calls.decideEidReview.mockRejectedValueOnce(errorOf(500, 'Internal error', 'INTERNAL'));
    const app = await openReview(dataProvider);

    await user.click(confirmButton());
    await user.click(await screen.findByRole('button', { name: 'Bestätigen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(app.pathname()).toBe('/verification-check/review-1');
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    expect(rejectButton()).toBeEnabled();
  });
});
