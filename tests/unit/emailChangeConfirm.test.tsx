import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConfirmEmailChange from '../../src/customRoutes/ConfirmEmailChange';
import type { PublicApi } from '../../src/dataProvider/publicApi';
import type { EmailChangeKind } from '../../src/domain/emailChange';
import { SERVER_MESSAGE_TEXTS } from '../../src/domain/errorCatalogue';
import { anonymousSession, fakePublicApi, renderPublicPage } from './support/publicPage';

afterEach(cleanup);

function renderConfirm(
  confirmEmailChange: PublicApi['confirmEmailChange'],
  kind: EmailChangeKind = 'user',
  id = 'req-7',
  token = 'geheim-123',
) {
  const login = vi.fn(async () => {});
  const api = fakePublicApi({ confirmEmailChange: vi.fn(confirmEmailChange) });
  renderPublicPage({
    at: `/${kind}-email-change-request/${id}/confirm?token=${token}`,
    route: `/${kind}-email-change-request/:id/confirm`,
    page: <ConfirmEmailChange kind={kind} />,
    api,
    runtime: { session: anonymousSession({ login }) },
  });
  return { api, login };
}

const refusal = (status: number, message: string) =>
  new HttpError(message, status, { errorCode: 'E', messages: [message], traceId: 't', status });

describe('e-mail change confirmation page', () => {
  it('confirms once on load, says so and offers the login', async () => {
    const { api, login } = renderConfirm(async () => ({ email: 'neu@post.example' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-Mail-Adresse wurde geändert!' })).toBeVisible();
    expect(screen.getByText(/Sie können sich ab sofort mit neu@post\.example anmelden\./)).toBeVisible();
    expect(api.confirmEmailChange).toHaveBeenCalledTimes(1);
    expect(api.confirmEmailChange).toHaveBeenCalledWith('user', 'req-7', 'geheim-123');
    await userEvent.click(screen.getByRole('button', { name: 'Zum Login' }));
    expect(login).toHaveBeenCalledTimes(1);
  });

  it("opens an administrator's link through the administrators' confirmation", async () => {
    const { api } = renderConfirm(async () => ({ email: 'admin.neu@post.example' }), 'administrator', 'adm-1', 't0k');
    expect(await screen.findByRole('heading', { name: 'E-Mail-Adresse wurde geändert!' })).toBeVisible();
    expect(api.confirmEmailChange).toHaveBeenCalledWith('administrator', 'adm-1', 't0k');
  });

  it('shows that it is working until the answer arrives', async () => {
    let answer: (value: { email: string }) => void = () => {};
    renderConfirm(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status')).toHaveTextContent('Ihre neue E-Mail-Adresse wird bestätigt …');
    answer({ email: 'neu@post.example' });
    expect(await screen.findByRole('heading', { name: 'E-Mail-Adresse wurde geändert!' })).toBeVisible();
  });

  it.each([
    [404, 'E-mail change request expired', SERVER_MESSAGE_TEXTS.emailChangeRequestExpired],
    [409, 'E-mail change already confirmed', SERVER_MESSAGE_TEXTS.emailChangeAlreadyConfirmed],
    [404, 'E-mail change request not found', SERVER_MESSAGE_TEXTS.emailChangeRequestNotFound],
    [409, 'E-mail already in use', SERVER_MESSAGE_TEXTS.emailAlreadyInUse],
  ])('explains a refused link (%s %s) in German, without the login button', async (status, message, text) => {
    renderConfirm(async () => {
      throw refusal(status, message);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('heading', { level: 1, name: 'E-Mail-Adresse nicht geändert' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Zum Login' })).toBeNull();
  });
});
