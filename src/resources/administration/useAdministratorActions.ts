import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreate, useDataProvider, useDelete, useUpdate } from 'react-admin';
import { useDialogs } from '../../components/dialogs';
import type { LumioDataProvider } from '../../dataProvider';
import type {
  Administrator,
  CreateAdministratorPayload,
  UpdateAdministratorPayload,
} from '../../domain/administrators';
import { roleLabel } from '../../domain/roles';
import { ADMINISTRATION_RESOURCE } from './names';

const T = 'app.administration';

const fullName = (admin: Pick<Administrator, 'firstName' | 'lastName'>) =>
  `${admin.firstName} ${admin.lastName}`.trim();
const messageArgs = (admin: Omit<Administrator, 'id'>) => ({
  name: fullName(admin),
  email: admin.email,
  role: roleLabel(admin.role, null),
});

/**
 * The SystemAdmin's changes (spec "Dialogs": createAdmin, deleteAdmin; and renaming): the call,
 * then the success dialog ('{role} erstellt', 'Administrator gelöscht') or the shared error
 * dialog, and a fresh list either way. Deleting and resetting the second factor (issue 24) ask
 * for confirmation first. Each resolves true when the change was made.
 */
export function useAdministratorActions() {
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: deleting }] = useDelete();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const [resetting, setResetting] = useState(false);
  const queryClient = useQueryClient();
  const { confirm, showError, showSuccess } = useDialogs();

  // The list only: the rename dialog's account (getOne) may be the one just deleted.
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ADMINISTRATION_RESOURCE, 'getList'] });

  /** Runs the call; on failure the error dialog, and the list is read again either way. */
  async function attempt(call: () => Promise<unknown>): Promise<boolean> {
    try {
      await call();
      return true;
    } catch (error) {
      void showError(error);
      return false;
    } finally {
      void refresh();
    }
  }

  async function createAdmin(payload: CreateAdministratorPayload): Promise<boolean> {
    const done = await attempt(() => create(ADMINISTRATION_RESOURCE, { data: payload }, { returnPromise: true }));
    if (done)
      void showSuccess({
        title: `${T}.create.successTitle`,
        text: `${T}.create.successText`,
        messageArgs: messageArgs(payload),
      });
    return done;
  }

  async function renameAdmin(admin: Administrator, names: UpdateAdministratorPayload): Promise<boolean> {
    const done = await attempt(() =>
      update(
        ADMINISTRATION_RESOURCE,
        { id: admin.id, data: names, previousData: admin },
        { mutationMode: 'pessimistic', returnPromise: true },
      ),
    );
    if (done) void showSuccess({ text: `${T}.edit.successText`, messageArgs: messageArgs({ ...admin, ...names }) });
    return done;
  }

  async function deleteAdmin(admin: Administrator): Promise<boolean> {
    const confirmed = await confirm({
      title: `${T}.delete.confirmTitle`,
      content: `${T}.delete.confirmText`,
      messageArgs: messageArgs(admin),
      confirmLabel: `${T}.delete.confirmLabel`,
      confirmColor: 'error',
    });
    if (!confirmed) return false;
    const done = await attempt(() =>
      remove(
        ADMINISTRATION_RESOURCE,
        { id: admin.id, previousData: admin },
        { mutationMode: 'pessimistic', returnPromise: true },
      ),
    );
    if (done)
      void showSuccess({
        title: `${T}.delete.successTitle`,
        text: `${T}.delete.successText`,
        messageArgs: messageArgs(admin),
      });
    return done;
  }

  async function resetSecondFactor(admin: Administrator): Promise<boolean> {
    const confirmed = await confirm({
      title: `${T}.resetSecondFactor.confirmTitle`,
      content: `${T}.resetSecondFactor.confirmText`,
      messageArgs: messageArgs(admin),
      confirmLabel: `${T}.resetSecondFactor.confirmLabel`,
      confirmColor: 'error',
    });
    if (!confirmed) return false;
    setResetting(true);
    const done = await attempt(() => dataProvider.resetSecondFactor(admin.id)).finally(() => setResetting(false));
    if (done) void showSuccess({ text: `${T}.resetSecondFactor.successText`, messageArgs: messageArgs(admin) });
    return done;
  }

  return {
    createAdmin,
    renameAdmin,
    deleteAdmin,
    resetSecondFactor,
    isPending: creating || updating || deleting || resetting,
  };
}
