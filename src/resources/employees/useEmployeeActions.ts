import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import { useRef, useState } from 'react';
import { useDialogs } from '../../components/dialogs';
import type { LumioDataProvider } from '../../dataProvider';
import type { AssignableRole } from '../../domain/employees';
import { companyHistoryKey } from '../companies/companyHistoryKey';
import { EMPLOYEES_RESOURCE } from './names';
import { fullName, type Employee } from './types';

const T = 'app.employees';

/** The three row actions and their dialogs (spec "Dialogs": approveEmployee, rejectEmployee, deleteEmployee). */
export type EmployeeAction = 'approve' | 'reject' | 'delete';

const CONFIRM_COLORS: Record<EmployeeAction, 'primary' | 'error'> = {
  approve: 'primary',
  reject: 'error',
  delete: 'error',
};

/**
 * The company's decisions about one person: a confirmation naming them, the call, then the
 * success dialog ('wurde erfolgreich aktiviert', '… abgelehnt', '… gelöscht', the role updated)
 * or the error dialog; afterwards every list, the pending count and the histories load afresh,
 * also after a refusal (e.g. someone else decided first). Each resolves true when it was done.
 */
export function useEmployeeActions(companyId: Identifier) {
  const dataProvider = useDataProvider<LumioDataProvider>();
  const queryClient = useQueryClient();
  const { confirm, showError, showSuccess } = useDialogs();
  const [isPending, setPending] = useState(false);
  // Synchronous guard: a second click can arrive before React re-renders the disabled buttons.
  const busy = useRef(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [EMPLOYEES_RESOURCE] }),
      queryClient.invalidateQueries({ queryKey: companyHistoryKey(companyId) }),
    ]);

  /** Runs `call` once at a time; the dialogs name the person. */
  async function perform(texts: string, person: Employee, call: () => Promise<unknown>): Promise<boolean> {
    if (busy.current) return false;
    busy.current = true;
    setPending(true);
    const messageArgs = { name: fullName(person), email: person.email };
    try {
      await call();
    } catch (error) {
      void showError(error);
      void refresh();
      return false;
    } finally {
      busy.current = false;
      setPending(false);
    }
    void refresh();
    void showSuccess({ title: `${texts}.successTitle`, text: `${texts}.successText`, messageArgs });
    return true;
  }

  async function run(action: EmployeeAction, person: Employee): Promise<boolean> {
    const texts = `${T}.${action}`;
    const confirmed = await confirm({
      title: `${texts}.confirmTitle`,
      content: `${texts}.confirmText`,
      messageArgs: { name: fullName(person), email: person.email },
      confirmLabel: `${texts}.confirmLabel`,
      confirmColor: CONFIRM_COLORS[action],
    });
    if (!confirmed) return false;
    return perform(texts, person, () =>
      action === 'delete'
        ? dataProvider.delete(EMPLOYEES_RESOURCE, { id: person.id, previousData: person, meta: { companyId } })
        : dataProvider.decideEmployee(companyId, person.id, action === 'approve' ? 'Approved' : 'Rejected'),
    );
  }

  function changeRole(person: Employee, role: AssignableRole): Promise<boolean> {
    return perform(`${T}.roleChanged`, person, () => dataProvider.changeEmployeeRole(companyId, person.id, role));
  }

  return { run, changeRole, isPending };
}
