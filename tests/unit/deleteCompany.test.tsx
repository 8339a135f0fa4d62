import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, memoryStore, testDataProvider, type AuthProvider } from 'react-admin';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteCompanyLink, remainingSeconds, useCountdown } from '../../src/components/deleteCompany';
import { DialogProvider } from '../../src/components/dialogs';
import { COMPANY_DELETE_COUNTDOWN_SECONDS, mayDeleteOwnCompany } from '../../src/domain/companyDeletion';
import { ROLES, USER_STATUSES } from '../../src/domain/roles';
import type { Self } from '../../src/domain/self';
import { i18nProvider, loadAreaMessages } from '../../src/i18n';

// The signed-in app loads these texts with the area's first screen (src/components/lazyScreen.ts).
beforeAll(() => loadAreaMessages());

describe('who may delete the own company (spec sections 2, 4 and 6)', () => {
  for (const role of ROLES) {
    for (const status of USER_STATUSES) {
      const expected = role === 'Owner' && status !== 'VerifiedAndApproved';
      it(`${role} in ${status}: ${expected ? 'may' : 'may not'}`, () => {
        expect(mayDeleteOwnCompany({ role, status })).toBe(expected);
      });
    }
  }

  it('counts down 30 seconds', () => {
    expect(COMPANY_DELETE_COUNTDOWN_SECONDS).toBe(30);
  });
});

describe('remaining seconds of a countdown', () => {
  it.each([
    [0, 30],
    [999, 30],
    [1000, 29],
    [29_999, 1],
    [30_000, 0],
    [45_000, 0],
    // A clock set back meanwhile does not lengthen the wait beyond the total.
    [-5_000, 30],
  ])('after %i ms of 30 s: %i', (elapsed, expected) => {
    expect(remainingSeconds(1_000_000, 1_000_000 + elapsed, 30)).toBe(expected);
  });
});

// Only the countdown's clock is faked: MUI transitions, react-query and user-event keep real timeouts.
const fakeClock = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useCountdown (controlled clock)', () => {
  beforeEach(fakeClock);
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds down to 0 and then stops ticking', () => {
    const { result } = renderHook(() => useCountdown(30));
    expect(result.current).toBe(30);
    advance(999);
    expect(result.current).toBe(30);
    advance(1);
    expect(result.current).toBe(29);
    advance(28_000);
    expect(result.current).toBe(1);
    advance(1_000);
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('catches up after a long pause of the timers (a throttled background tab)', () => {
    const { result } = renderHook(() => useCountdown(30));
    vi.setSystemTime(Date.now() + 20_000);
    advance(250);
    expect(result.current).toBe(10);
  });
});

const unfinishedOwner: Self = {
  id: 'u-owner',
  firstName: 'Nora',
  lastName: 'Neumann',
  salutation: 'Frau',
  email: 'neu@studio-test.example',
  birthDate: '1990-01-01',
  role: 'Owner',
  status: 'Approved',
  associatedEntity: { id: 'c-1' },
};

function renderLink(self: Self, deleteCompany = vi.fn().mockResolvedValue({ data: { id: 'c-1' } })) {
  const logout = vi.fn().mockResolvedValue(false);
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => self,
  };
  render(
    <AdminContext
      dataProvider={testDataProvider({ delete: deleteCompany })}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={memoryStore()}
    >
      <DialogProvider>
        <p>Profil</p>
        <DeleteCompanyLink />
      </DialogProvider>
    </AdminContext>,
  );
  return { deleteCompany, logout };
}

const deleteButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Endgültig löschen' });

describe('DeleteCompanyLink and the dialog deleteCompany', () => {
  beforeEach(fakeClock);
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it.each([
    ['an owner after the eID binding', { ...unfinishedOwner, status: 'VerifiedAndApproved' as const }],
    ['an employee whose registration is unfinished', { ...unfinishedOwner, role: 'Employee' as const }],
    ['a LumioAdmin', { ...unfinishedOwner, role: 'LumioAdmin' as const, associatedEntity: null }],
  ])('offers nothing to %s', async (_who, self) => {
    renderLink(self);
    expect(await screen.findByText('Profil')).toBeVisible();
    // The permissions load asynchronously: give them the time to arrive before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Unternehmen löschen' })).not.toBeInTheDocument();
  });

  it('keeps the delete button disabled for 30 seconds, showing the seconds left, then deletes and logs out', async () => {
    const user = userEvent.setup();
    const { deleteCompany, logout } = renderLink(unfinishedOwner);
    await user.click(await screen.findByRole('button', { name: 'Unternehmen löschen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Unternehmen löschen' });
    expect(dialog).toHaveTextContent('alle Studios');
    expect(dialog).toHaveTextContent('auch Ihr eigenes');
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Löschen ist in 30 Sekunden möglich.');
    expect(deleteButton(dialog)).toBeDisabled();

    advance(29_000);
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Löschen ist in 1 Sekunde möglich.');
    expect(deleteButton(dialog)).toBeDisabled();
    advance(1_000);
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Sie können das Unternehmen jetzt löschen.');
    expect(deleteButton(dialog)).toBeEnabled();

    await user.click(deleteButton(dialog));
    await waitFor(() => expect(deleteCompany).toHaveBeenCalledTimes(1));
    expect(deleteCompany).toHaveBeenCalledWith('companies', expect.objectContaining({ id: 'c-1' }));

    const success = await screen.findByTestId('success-dialog');
    expect(success).toHaveTextContent('Unternehmen wurde gelöscht');
    expect(success).toHaveTextContent('Sie werden nun ausgeloggt.');
    expect(screen.queryByRole('dialog', { name: 'Unternehmen löschen' })).not.toBeInTheDocument();
    expect(logout).not.toHaveBeenCalled();

    await user.click(within(success).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(logout).toHaveBeenCalled());
  });

  it('cancels without deleting, and counts down from 30 again when opened again', async () => {
    const user = userEvent.setup();
    const { deleteCompany } = renderLink(unfinishedOwner);
    await user.click(await screen.findByRole('button', { name: 'Unternehmen löschen' }));
    advance(12_000);
    const dialog = await screen.findByRole('dialog', { name: 'Unternehmen löschen' });
    expect(within(dialog).getByRole('timer')).toHaveTextContent('in 18 Sekunden');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Unternehmen löschen' }));
    const reopened = await screen.findByRole('dialog', { name: 'Unternehmen löschen' });
    expect(within(reopened).getByRole('timer')).toHaveTextContent('in 30 Sekunden');
    expect(deleteCompany).not.toHaveBeenCalled();
  });

  it('shows the error dialog when the server refuses, and stays signed in', async () => {
    const user = userEvent.setup();
    const refused = new HttpError('Forbidden', 403, {
      errorCode: 'FORBIDDEN',
      messages: ['Forbidden'],
      traceId: 't-1',
      status: 403,
    });
    const { logout } = renderLink(unfinishedOwner, vi.fn().mockRejectedValue(refused));
    await user.click(await screen.findByRole('button', { name: 'Unternehmen löschen' }));
    advance(30_000);
    const dialog = await screen.findByRole('dialog', { name: 'Unternehmen löschen' });
    await user.click(deleteButton(dialog));

    expect(await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' })).toHaveTextContent(
      'Zugriff verweigert.',
    );
    expect(screen.queryByTestId('success-dialog')).not.toBeInTheDocument();
    expect(logout).not.toHaveBeenCalled();
    // Behind the error dialog (hidden from assistive technology meanwhile) the user may try again.
    const behind = screen.getByRole('dialog', { name: 'Unternehmen löschen', hidden: true });
    expect(within(behind).getByRole('button', { name: 'Endgültig löschen', hidden: true })).toBeEnabled();
  });
});
