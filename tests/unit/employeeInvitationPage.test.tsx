import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EmployeeInvitation from '../../src/customRoutes/employeeInvitation/EmployeeInvitation';
import type { PublicApi } from '../../src/dataProvider/publicApi';
import { fakePublicApi, renderPublicPage } from './support/publicPage';

afterEach(cleanup);

const notFound = () =>
  new HttpError('Invitation not found', 404, {
    errorCode: 'NOT_FOUND',
    messages: ['Invitation not found'],
    traceId: 't',
    status: 404,
  });

function renderPage(api: Partial<PublicApi>) {
  const fullApi = fakePublicApi({
    getEmployeeInvitation: vi.fn(async () => ({ email: 'ella@post.example', company: { name: 'Studio Test GmbH' } })),
    registerThroughInvitation: vi.fn(async () => ({ email: 'ella@post.example' })),
    ...api,
  });
  renderPublicPage({
    at: '/employee-invitation/tok-1',
    route: '/employee-invitation/:id',
    page: <EmployeeInvitation />,
    api: fullApi,
  });
  return { api: fullApi, user: userEvent.setup() };
}

/** The dialogs and the calendar are lazy chunks; their first import in a run takes a moment. */
const LAZY = { timeout: 10_000 };

describe('registration by invitation (route employee-invitation/{id})', { timeout: 30_000 }, () => {
  it('shows the invited address and company read-only and registers with the personal data', async () => {
    const { api, user } = renderPage({});
    const email = await screen.findByRole('textbox', { name: 'E-Mail' });
    expect(email).toHaveValue('ella@post.example');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Firma' })).toHaveValue('Studio Test GmbH');
    expect(api.getEmployeeInvitation).toHaveBeenCalledWith('tok-1');
    const register = screen.getByRole('button', { name: 'Registrieren' });
    expect(register).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Anrede' }), 'Frau');
    await user.click(screen.getByRole('textbox', { name: 'Vorname' }));
    await user.paste('Ella');
    await user.click(screen.getByRole('textbox', { name: 'Nachname' }));
    await user.paste('Eingeladen');
    await user.click(screen.getByRole('textbox', { name: 'Geburtsdatum' }));
    await user.paste('12.04.1995');
    await waitFor(() => expect(register).toBeEnabled());
    await user.click(register);

    expect(api.registerThroughInvitation).toHaveBeenCalledWith('tok-1', {
      salutation: 'Frau',
      firstName: 'Ella',
      lastName: 'Eingeladen',
      birthDate: '1995-04-12',
    });
    const success = await screen.findByTestId('success-dialog', {}, LAZY);
    expect(within(success).getByRole('heading', { name: 'Registrierung erfolgreich' })).toBeVisible();
    await user.click(within(success).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('heading', { name: 'Startseite' })).toBeVisible();
  });

  it('shows the dialog invalidInvitation for an unknown link and then the start page', async () => {
    const { user } = renderPage({ getEmployeeInvitation: vi.fn(async () => Promise.reject(notFound())) });
    const dialog = await screen.findByTestId('invalid-invitation-dialog', {}, LAZY);
    expect(dialog).toHaveTextContent('Das hat leider nicht geklappt!');
    expect(dialog).toHaveTextContent('Der Link ist falsch oder nicht mehr gültig.');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('heading', { name: 'Startseite' })).toBeVisible();
  });
});
