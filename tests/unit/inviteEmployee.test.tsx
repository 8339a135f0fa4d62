import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, memoryStore, testDataProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../src/components/dialogs';
import { createDataProvider } from '../../src/dataProvider';
import { i18nProvider, loadAreaMessages } from '../../src/i18n';
import { InviteEmployeeButton } from '../../src/resources/employees/InviteEmployeeButton';

// The signed-in app loads these texts with the area's first screen (src/components/lazyScreen.ts).
beforeAll(() => loadAreaMessages());

afterEach(() => vi.restoreAllMocks());

function renderButton(create = vi.fn().mockResolvedValue({ data: { id: 'i-1', email: 'neu@studio.example' } })) {
  render(
    <AdminContext dataProvider={testDataProvider({ create })} i18nProvider={i18nProvider} store={memoryStore()}>
      <DialogProvider>
        <InviteEmployeeButton />
      </DialogProvider>
    </AdminContext>,
  );
  return { create, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Mitarbeitende einladen' }));
  return screen.findByTestId('invite-employee-dialog');
}

const emailField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /E-Mail/ });
const inviteButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Einladen' });

describe('InviteEmployeeButton and the dialog inviteEmployee', () => {
  it('opens the dialog with the e-mail field, Abbrechen and a disabled Einladen', async () => {
    const { user } = renderButton();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('heading', { name: 'Mitarbeitende einladen' })).toBeVisible();
    expect(emailField(dialog)).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeEnabled();
    expect(inviteButton(dialog)).toBeDisabled();
  });

  it('keeps Einladen disabled while the address is invalid and says why', async () => {
    const { user, create } = renderButton();
    const dialog = await openDialog(user);
    await user.type(emailField(dialog), 'keine-adresse');
    await user.tab();
    expect(await within(dialog).findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    expect(inviteButton(dialog)).toBeDisabled();
    await user.clear(emailField(dialog));
    expect(await within(dialog).findByText('Dieses Feld ist ein Pflichtfeld.')).toBeVisible();
    expect(inviteButton(dialog)).toBeDisabled();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the address, closes the dialog and says the employee was invited', async () => {
    const { user, create } = renderButton();
    const dialog = await openDialog(user);
    await user.type(emailField(dialog), ' neu@studio.example ');
    await waitFor(() => expect(inviteButton(dialog)).toBeEnabled());
    await user.click(inviteButton(dialog));

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(
      'employee-invitations',
      expect.objectContaining({ data: { email: 'neu@studio.example' } }),
    );
    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByRole('heading', { name: 'Der Mitarbeitende wurde eingeladen' })).toBeVisible();
    expect(success).toHaveTextContent(
      'Wir haben die Einladung an neu@studio.example gesendet. Die Person erscheint in der Liste der Mitarbeitenden, sobald sie sich über den Link registriert hat.',
    );
    await waitFor(() => expect(screen.queryByTestId('invite-employee-dialog')).toBeNull());
  });

  it('shows a refusal in the error dialog and keeps the dialog open to correct the address', async () => {
    const body = { errorCode: 'CONFLICT', messages: ['E-mail already in use'], traceId: 't', status: 409 };
    const { user } = renderButton(vi.fn().mockRejectedValue(new HttpError('E-mail already in use', 409, body)));
    const dialog = await openDialog(user);
    await user.type(emailField(dialog), 'vergeben@studio.example');
    await waitFor(() => expect(inviteButton(dialog)).toBeEnabled());
    await user.click(inviteButton(dialog));

    const error = await screen.findByTestId('error-dialog');
    expect(error).toHaveTextContent('Das war nicht so geplant :/');
    expect(error).toHaveTextContent('E-Mail-Adresse wird bereits verwendet oder wurde erst kürzlich gelöscht.');
    expect(screen.getByTestId('invite-employee-dialog')).toBeInTheDocument();
    expect(screen.queryByTestId('success-dialog')).toBeNull();
  });

  it('closes on Abbrechen without sending anything', async () => {
    const { user, create } = renderButton();
    const dialog = await openDialog(user);
    await user.type(emailField(dialog), 'neu@studio.example');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByTestId('invite-employee-dialog')).toBeNull());
    expect(create).not.toHaveBeenCalled();
  });
});

describe('the data provider’s invitation call', () => {
  it('POSTs only the address to /employee-invitation', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ id: 'i-1', email: 'neu@studio.example', validUntil: '2026-03-14T10:00:00Z' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const dataProvider = createDataProvider({
      apiUrl: '/api',
      getToken: async () => 't',
      fetch,
      readCookies: () => 'XSRF-TOKEN=x',
    });
    await dataProvider.create('employee-invitations', {
      data: { email: 'neu@studio.example', companyId: 'c-2' },
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/employee-invitation');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'neu@studio.example' });
  });
});
