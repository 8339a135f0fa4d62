import { cleanup, screen } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConfirmApplication from '../../src/customRoutes/ConfirmApplication';
import type { PublicApi } from '../../src/dataProvider/publicApi';
import { fakePublicApi, renderPublicPage } from './support/publicPage';

afterEach(cleanup);

function renderConfirm(confirmApplication: PublicApi['confirmApplication'], id = 'app-7', token = 'geheim-123') {
  const api = fakePublicApi({ confirmApplication: vi.fn(confirmApplication) });
  renderPublicPage({
    at: `/company-application/${id}/confirm?token=${token}`,
    route: '/company-application/:id/confirm',
    page: <ConfirmApplication />,
    api,
  });
  return api;
}

const errorBody = (status: number, message: string) => ({ errorCode: 'E', messages: [message], traceId: 't', status });

describe('confirm application page', () => {
  it('confirms once when displayed and shows the spec texts', async () => {
    const api = renderConfirm(async () => {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestätigung erfolgreich' })).toBeVisible();
    expect(
      screen.getByText(
        'Nach der manuellen Prüfung Ihrer Angaben erhalten Sie eine Email in der die Anmeldung fortgesetzt werden kann.',
      ),
    ).toBeVisible();
    expect(api.confirmApplication).toHaveBeenCalledTimes(1);
    expect(api.confirmApplication).toHaveBeenCalledWith('app-7', 'geheim-123');
  });

  it('shows that it is working until the answer arrives', async () => {
    let answer: () => void = () => {};
    renderConfirm(() => new Promise<void>((resolve) => (answer = resolve)));
    expect(screen.getByRole('status')).toHaveTextContent('Ihre Bestätigung wird übermittelt …');
    expect(screen.queryByRole('heading', { name: 'Bestätigung erfolgreich' })).toBeNull();
    answer();
    expect(await screen.findByRole('heading', { name: 'Bestätigung erfolgreich' })).toBeVisible();
  });

  it("shows the catalogue's 'Kein Antrag gefunden.' for an unknown or expired id", async () => {
    const api = renderConfirm(async () => {
      throw new HttpError('No application found', 404, errorBody(404, 'No application found'));
    }, 'abgelaufen');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kein Antrag gefunden.');
    expect(screen.getByRole('heading', { level: 1, name: 'Bestätigung nicht möglich' })).toBeVisible();
    expect(screen.getByText(/Der Bestätigungslink ist ungültig oder abgelaufen/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Bestätigung erfolgreich')).toBeNull();
    expect(api.confirmApplication).toHaveBeenCalledTimes(1);
  });

  it('tells that an application already decided needs no confirmation, instead of a success', async () => {
    renderConfirm(async () => {
      throw new HttpError('Application already decided', 409, errorBody(409, 'Application already decided'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Antrag bereits entschieden' })).toBeVisible();
    expect(
      screen.getByText(
        'Ihr Antrag wurde bereits geprüft und entschieden; das Ergebnis haben wir Ihnen per E-Mail mitgeteilt. Dieser Bestätigungslink wird nicht mehr benötigt.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Bestätigung erfolgreich')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows other failures with their catalogue text', async () => {
    renderConfirm(async () => {
      throw new HttpError('Internal error', 500, errorBody(500, 'Internal error'));
    }, 'kaputt');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    );
    expect(screen.queryByText(/Der Bestätigungslink ist ungültig/)).toBeNull();
  });
});
