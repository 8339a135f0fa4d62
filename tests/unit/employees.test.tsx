import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource, type DataProvider, type GetListParams } from 'react-admin';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyHistoryPage } from '../../src/dataProvider';
import type { Self } from '../../src/domain/self';
import employees, { EMPLOYEES_RESOURCE } from '../../src/resources/employees';
import type { Employee } from '../../src/resources/employees/types';
import { missingKeys, renderAdminApp } from './support/adminApp';

// The first render of a lazy view compiles its chunk; on a busy 2-core machine that exceeds 1 s.
configure({ asyncUtilTimeout: 5000 });
// Compiled once before the tests, so no test's own time goes to it.
beforeAll(
  () =>
    Promise.all([
      import('../../src/resources/employees/EmployeesPage'),
      import('../../src/resources/employees/EmployeeDetail'),
    ]),
  30_000,
);

const COMPANY = 'c-1';

const OWNER: Self = {
  id: 'u-owner',
  firstName: 'Stefan',
  lastName: 'Sonnenschein',
  salutation: 'Herr',
  email: 'inhaber@studio.example',
  birthDate: '1975-04-12',
  role: 'Owner',
  status: 'VerifiedAndApproved',
  associatedEntity: { id: COMPANY },
};

const person = (overrides: Partial<Employee>): Employee => ({
  id: 'u-x',
  salutation: 'Frau',
  firstName: 'Maria',
  lastName: 'Mitarbeit',
  email: 'maria@studio.example',
  birthDate: '1995-01-23',
  role: 'Employee',
  status: 'VerifiedAndApproved',
  ...overrides,
});

const owner = person({ ...OWNER, status: 'VerifiedAndApproved' });
const maria = person({ id: 'u-maria' });
const paul = person({
  id: 'u-paul',
  salutation: 'Herr',
  firstName: 'Paul',
  lastName: 'Prüfling',
  email: 'paul@studio.example',
  birthDate: '2001-03-12',
  status: 'Unverified',
});

const emptyHistory: CompanyHistoryPage = { pageIndex: 0, pageSize: 10, totalItemCount: 0, items: [] };

function fakeDataProvider(people: Employee[] = [owner, maria, paul]) {
  const pendingOf = () => people.filter((p) => p.status === 'Unverified' || p.status === 'Verified');
  const calls = {
    getList: vi.fn(async (_resource: string, params: GetListParams) => {
      const rows = params.filter.toApprove ? pendingOf() : people;
      return { data: rows, total: rows.length };
    }),
    getOne: vi.fn(async (_resource: string, { id }: { id: string }) => ({ data: people.find((p) => p.id === id)! })),
    getPendingEmployeeCount: vi.fn(async () => pendingOf().length),
    decideEmployee: vi.fn(async (_companyId: string, id: string, status: string) => {
      people = people.map((p) => (p.id === id ? { ...p, status: status === 'Approved' ? 'Approved' : 'Rejected' } : p));
      return people.find((p) => p.id === id)!;
    }),
    changeEmployeeRole: vi.fn(async (_companyId: string, id: string, role: Employee['role']) => {
      people = people.map((p) => (p.id === id ? { ...p, role } : p));
      return people.find((p) => p.id === id)!;
    }),
    delete: vi.fn(async (_resource: string, { previousData }: { previousData: Employee }) => ({ data: previousData })),
    getEmployeeHistory: vi.fn(async () => emptyHistory),
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

function renderApp(path: string, dataProvider: DataProvider) {
  return renderAdminApp(path, {
    dataProvider,
    self: OWNER,
    resources: <Resource name={EMPLOYEES_RESOURCE} {...employees} />,
  });
}

const region = (name: string) => screen.getByRole('region', { name });
const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;
const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => cleanup());

describe('Mitarbeitende (employees)', () => {
  it('shows the pending people and everyone with the spec columns, and only the allowed actions', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/employees', dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'Mitarbeitende' })).toBeInTheDocument();
    const pendingTable = await screen.findByRole('region', { name: 'Zu prüfende Mitarbeitende' });
    await within(pendingTable).findByText('Prüfling');
    const allTable = region('Alle Mitarbeitenden');
    await within(allTable).findByText('Sonnenschein');
    expect(
      within(allTable)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Anrede', 'Vorname', 'Nachname', 'E-Mail', 'Geburtsdatum', 'Rolle', 'Status', 'Aktionen']);
    expect(
      within(rowOf(pendingTable, 'Prüfling'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Herr',
      'Paul',
      'Prüfling',
      'paul@studio.example',
      '12.03.2001',
      'Mitarbeiter',
      'Nicht verifiziert',
      'FreigebenAblehnen',
    ]);

    expect(buttonsOf(rowOf(allTable, 'Sonnenschein'))).toEqual([]);
    expect(buttonsOf(rowOf(allTable, 'Mitarbeit'))).toEqual(['Löschen']);
    expect(within(rowOf(allTable, 'Sonnenschein')).getByText('Eigentümer')).toBeInTheDocument();
    expect(within(rowOf(allTable, 'Mitarbeit')).getByText('Aktiv')).toBeInTheDocument();
    expect(within(allTable).getByRole('link', { name: 'Paul' })).toHaveAttribute('href', '/employees/u-paul');

    expect(calls.getList).toHaveBeenCalledWith(
      EMPLOYEES_RESOURCE,
      expect.objectContaining({
        filter: { companyId: COMPANY, toApprove: true },
        sort: { field: 'lastName', order: 'ASC' },
      }),
    );
    expect(calls.getList).toHaveBeenCalledWith(
      EMPLOYEES_RESOURCE,
      expect.objectContaining({ filter: { companyId: COMPANY } }),
    );
    expect(missingKeys).toEqual([]);
  });

  it('leaves out the pending section when nobody waits', async () => {
    const { dataProvider, calls } = fakeDataProvider([owner, maria]);
    renderApp('/employees', dataProvider);

    await within(await screen.findByRole('region', { name: 'Alle Mitarbeitenden' })).findByText('Mitarbeit');
    await waitFor(() => expect(calls.getPendingEmployeeCount).toHaveBeenCalledWith(COMPANY));
    expect(screen.queryByRole('region', { name: 'Zu prüfende Mitarbeitende' })).not.toBeInTheDocument();
  });

  it('approves after the confirmation naming the person, then says so and loads the lists again', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/employees', dataProvider);

    const pendingTable = await screen.findByRole('region', { name: 'Zu prüfende Mitarbeitende' });
    await user.click(
      within(
        await within(pendingTable)
          .findByText('Prüfling')
          .then((c) => c.closest('tr')!),
      ).getByRole('button', { name: 'Freigeben' }),
    );
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Paul Prüfling freigeben?');
    expect(confirm).toHaveTextContent('Soll Paul Prüfling (paul@studio.example) freigegeben werden?');
    await user.click(within(confirm).getByRole('button', { name: 'Freigeben' }));

    expect(await screen.findByTestId('success-dialog')).toHaveTextContent('Paul Prüfling wurde erfolgreich aktiviert.');
    expect(calls.decideEmployee).toHaveBeenCalledWith(COMPANY, 'u-paul', 'Approved');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Zu prüfende Mitarbeitende' })).not.toBeInTheDocument(),
    );
  });

  it('changes nothing when the deletion is cancelled', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/employees', dataProvider);

    const allTable = await screen.findByRole('region', { name: 'Alle Mitarbeitenden' });
    await within(allTable).findByText('Mitarbeit');
    await user.click(within(rowOf(allTable, 'Mitarbeit')).getByRole('button', { name: 'Löschen' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Soll Maria Mitarbeit (maria@studio.example) wirklich gelöscht werden?');
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(calls.delete).not.toHaveBeenCalled();
  });
});

describe('employees/{id}', () => {
  it('lets the owner give an employee another role; save waits for a change', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/employees/u-maria', dataProvider);

    expect(await screen.findByRole('region', { name: 'Persönliche Daten' })).toHaveTextContent('maria@studio.example');
    const save = screen.getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeEnabled();
    await user.click(screen.getByRole('combobox', { name: 'Rolle' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Konto-Administratorin',
      'Mitarbeiterin',
    ]);
    await user.click(screen.getByRole('option', { name: 'Konto-Administratorin' }));
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByTestId('success-dialog')).toHaveTextContent(
      'Die Rolle von Maria Mitarbeit wurde erfolgreich aktualisiert.',
    );
    expect(calls.changeEmployeeRole).toHaveBeenCalledWith(COMPANY, 'u-maria', 'AccountAdministrator');
    expect(calls.getEmployeeHistory).toHaveBeenCalledWith(COMPANY, 'u-maria', { pageIndex: 0, pageSize: 10 });
    expect(missingKeys).toEqual([]);
  });

  it("shows the owner's own account read-only, the Owner role included, without save or delete", async () => {
    const { dataProvider } = fakeDataProvider();
    renderApp('/employees/u-owner', dataProvider);

    const select = await screen.findByRole('combobox', { name: 'Rolle' });
    expect(select).toHaveTextContent('Eigentümer');
    expect(select).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/employees');
  });
});
