import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useDelete, useUpdate, type Identifier } from 'react-admin';
import { useDialogs } from '../../components/dialogs';
import type { StoreInput } from '../../domain/company';
import { companyHistoryKey } from './companyHistoryKey';
import { STORES_RESOURCE } from './names';
import type { Store } from './types';

const T = 'app.stores';

/**
 * The Owner's studio changes (spec "Dialogs": addStore, updateStore, deleteStore): the call, then
 * the success dialog ('Studio hinzugefügt', 'Studio geändert', 'Studio gelöscht') or the shared
 * error dialog, and fresh studio and history lists. Deleting asks for confirmation first. Each
 * action resolves true when the change was made.
 */
export function useStoreActions(companyId: Identifier) {
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: deleting }] = useDelete();
  const queryClient = useQueryClient();
  const { confirm, showError, showSuccess } = useDialogs();
  const meta = { companyId };

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [STORES_RESOURCE] }),
      queryClient.invalidateQueries({ queryKey: companyHistoryKey(companyId) }),
    ]);

  async function saveStore(existing: Store | null, input: StoreInput): Promise<boolean> {
    try {
      if (existing) {
        await update(
          STORES_RESOURCE,
          { id: existing.id, data: input, previousData: existing, meta },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
      } else {
        await create(STORES_RESOURCE, { data: input, meta }, { returnPromise: true });
      }
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    const texts = existing
      ? { title: `${T}.updated`, text: `${T}.updatedText` }
      : { title: `${T}.created`, text: `${T}.createdText` };
    void showSuccess({ ...texts, messageArgs: { name: input.name } });
    return true;
  }

  async function deleteStore(store: Store): Promise<boolean> {
    const confirmed = await confirm({
      title: `${T}.deleteTitle`,
      content: `${T}.deleteText`,
      messageArgs: { name: store.name },
      confirmLabel: `${T}.deleteConfirm`,
      confirmColor: 'error',
    });
    if (!confirmed) return false;
    try {
      await remove(
        STORES_RESOURCE,
        { id: store.id, previousData: store, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    void showSuccess({ title: `${T}.deleted`, text: `${T}.deletedText`, messageArgs: { name: store.name } });
    return true;
  }

  return { saveStore, deleteStore, isPending: creating || updating || deleting };
}
