import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useDelete, useUpdate, type Identifier } from 'react-admin';
import { useDialogs } from '../../components/dialogs';
import type { Reseller, ResellerPayload } from '../../domain/reseller';
import { RESELLERS_RESOURCE } from './names';

const T = 'app.resellers';

/**
 * The SystemIntegratorAdmin's reseller changes (spec "Dialogs": createEditReseller, deleteReseller):
 * the call, then the success dialog ('Hat geklappt!', 'Reseller geändert', 'Reseller gelöscht') or
 * the shared error dialog, and a fresh list. Deleting asks for confirmation first. Each action
 * resolves true when the change was made.
 */
export function useResellerActions(systemIntegratorId: Identifier) {
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: deleting }] = useDelete();
  const queryClient = useQueryClient();
  const { confirm, showError, showSuccess } = useDialogs();
  const meta = { systemIntegratorId };

  const refresh = () => queryClient.invalidateQueries({ queryKey: [RESELLERS_RESOURCE] });

  async function saveReseller(existing: Reseller | null, payload: ResellerPayload): Promise<boolean> {
    try {
      if (existing) {
        await update(
          RESELLERS_RESOURCE,
          { id: existing.id, data: payload, previousData: existing, meta },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
      } else {
        await create(RESELLERS_RESOURCE, { data: payload, meta }, { returnPromise: true });
      }
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    const texts = existing
      ? { title: `${T}.updatedTitle`, text: `${T}.updatedText` }
      : { title: `${T}.createdTitle`, text: `${T}.createdText` };
    void showSuccess({ ...texts, messageArgs: { name: payload.name } });
    return true;
  }

  async function deleteReseller(reseller: Reseller): Promise<boolean> {
    const confirmed = await confirm({
      title: `${T}.deleteTitle`,
      content: `${T}.deleteText`,
      messageArgs: { name: reseller.name },
      confirmLabel: `${T}.deleteConfirm`,
      confirmColor: 'error',
    });
    if (!confirmed) return false;
    try {
      await remove(
        RESELLERS_RESOURCE,
        { id: reseller.id, previousData: reseller, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    void showSuccess({ title: `${T}.deletedTitle`, text: `${T}.deletedText`, messageArgs: { name: reseller.name } });
    return true;
  }

  return { saveReseller, deleteReseller, isPending: creating || updating || deleting };
}
