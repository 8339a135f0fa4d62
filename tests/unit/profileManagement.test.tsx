import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Resource, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProfileManagement from '../../src/customRoutes/profile/ProfileManagement';
import type { Self } from '../../src/domain/self';
import { missingKeys, renderAdminApp } from './support/adminApp';

afterEach(cleanup);

const newEmployee: Self = {
  id: 'u-1',
  firstName: 'Lea',
  lastName: 'Neumann',
  salutation: 'Frau',
  email: 'lea@studio.example',
  birthDate: '1995-06-30',
  role: 'Employee',
  status: 'Unverified',
  associatedEntity: { id: 'c-1' },
};

function renderProfile(self: Self, overrides: Record<string, ReturnType<typeof vi.fn>> = {}) {
  const calls = {
    getOne: vi.fn(async () => ({ data: { id: 'si-1', name: 'FotoSoft GmbH', code: 'FOTOSOFT' } })),
    updateOwnPersonalData: vi.fn(async (_self: Self, data: object) => ({ ...self, ...data })),
    requestOwnEmailChange: vi.fn(async (_self: Self, { email }: { email: string }) => ({
      email,
      validUntil: '2026-01-02T00:00:00.000Z',
    })),
    ...overrides,
  };
  const app = renderAdminApp('/profile-management', {
    dataProvider: calls as unknown as DataProvider,
    self,
    // The page on its route, without App.tsx's lazy loading and access guard.
    resources: <Resource name="profile-management" list={ProfileManagement} />,
  });
  return { ...app, calls };
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const save = () => screen.getByRole('button', { name: 'Änderungen übernehmen' });

// Typing through react-admin's form takes seconds on a busy machine.
describe('profile management', { timeout: 20_000 }, () => {
  it('lets an unverified employee correct the own name and saves it with the ISO birth date', async () => {
    const { calls } = renderProfile(newEmployee);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profilverwaltung' })).toBeVisible();
    expect(field('Rolle')).toHaveValue('Mitarbeiterin');
    expect(field('Geburtsdatum')).toHaveValue('30.06.1995');
    expect(save()).toBeDisabled();

    await userEvent.clear(field('Vorname'));
    await userEvent.type(field('Vorname'), 'Leonie');
    await waitFor(() => expect(save()).toBeEnabled());
    await userEvent.click(save());

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Ihre persönlichen Daten wurden gespeichert.')).toBeVisible();
    expect(calls.updateOwnPersonalData).toHaveBeenCalledWith(newEmployee, {
      salutation: 'Frau',
      firstName: 'Leonie',
      lastName: 'Neumann',
      birthDate: '1995-06-30',
    });
    expect(calls.requestOwnEmailChange).not.toHaveBeenCalled();
    expect(missingKeys).toEqual([]);
  });

  it('keeps the button disabled while a field breaks its rule', async () => {
    renderProfile(newEmployee);
    await userEvent.clear(await screen.findByRole('textbox', { name: /^E-Mail/ }));
    await userEvent.type(field('E-Mail'), 'kein-at-zeichen');
    await userEvent.tab();
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    expect(save()).toBeDisabled();
  });

  it('asks for a new e-mail address, says to check the mailbox and logs out', async () => {
    const { calls, pathname } = renderProfile({ ...newEmployee, status: 'VerifiedAndApproved' });
    expect(await screen.findByRole('textbox', { name: /^Vorname/ })).toHaveAttribute('readonly');
    await userEvent.clear(field('E-Mail'));
    await userEvent.type(field('E-Mail'), 'lea.neu@post.example');
    await userEvent.click(save());

    const success = await screen.findByTestId('success-dialog');
    expect(within(success).getByText('Das hat geklappt!')).toBeVisible();
    expect(within(success).getByText(/Bitte prüfen Sie Ihr Postfach/)).toHaveTextContent('lea.neu@post.example');
    expect(calls.requestOwnEmailChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'u-1' }), {
      email: 'lea.neu@post.example',
    });
    expect(calls.updateOwnPersonalData).not.toHaveBeenCalled();
    await userEvent.click(within(success).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(pathname()).not.toBe('/profile-management'));
  });

  it("shows the server's refusal in the error dialog and stays", async () => {
    const refused = vi.fn(async () => {
      throw new HttpError('E-mail already in use', 409, {
        errorCode: 'CONFLICT',
        messages: ['E-mail already in use'],
        traceId: 't',
        status: 409,
      });
    });
    const { pathname } = renderProfile(newEmployee, { requestOwnEmailChange: refused });
    await userEvent.clear(await screen.findByRole('textbox', { name: /^E-Mail/ }));
    await userEvent.type(field('E-Mail'), 'vergeben@post.example');
    await userEvent.click(save());
    expect(
      await screen.findByText('E-Mail-Adresse wird bereits verwendet oder wurde erst kürzlich gelöscht.'),
    ).toBeVisible();
    expect(pathname()).toBe('/profile-management');
  });

  it('shows an admin the names read-only, without salutation, birth date or eID link', async () => {
    renderProfile({
      ...newEmployee,
      salutation: null,
      birthDate: null,
      role: 'SystemIntegratorAdmin',
      status: 'VerifiedAndApproved',
      associatedEntity: { id: 'si-1' },
    });
    expect(await screen.findByRole('textbox', { name: /^Vorname/ })).toHaveAttribute('readonly');
    expect(field('Nachname')).toHaveAttribute('readonly');
    expect(field('E-Mail')).not.toHaveAttribute('readonly');
    expect(field('Rolle')).toHaveValue('System-Integrator-Admin');
    await waitFor(() => expect(field('Systemintegrator')).toHaveValue('FotoSoft GmbH (FOTOSOFT)'));
    expect(screen.queryByRole('textbox', { name: /^Anrede/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Geburtsdatum/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Zur eID-Verifizierung' })).toBeNull();
  });

  it('points a company user whose registration is open to the eID verification', async () => {
    renderProfile({ ...newEmployee, role: 'Owner', status: 'Approved' });
    expect(await screen.findByRole('link', { name: 'Zur eID-Verifizierung' })).toHaveAttribute('href', '/verify');
    expect(field('Vorname')).toHaveAttribute('readonly');
    expect(field('Rolle')).toHaveValue('Eigentümerin');
  });
});
