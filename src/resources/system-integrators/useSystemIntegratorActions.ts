import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useUpdate } from 'react-admin';
import { useDialogs } from '../../components/dialogs';
import type {
  SystemIntegrator,
  SystemIntegratorCreatePayload,
  SystemIntegratorUpdatePayload,
} from '../../domain/systemIntegrator';
import { SYSTEM_INTEGRATORS_RESOURCE } from './names';

const T = 'app.systemIntegrators';

/**
 * The SystemAdmin's changes in createEditSystemIntegrator: the call, then the success dialog
 * ('Hat geklappt!' when created, spec section 8) or the shared error dialog ('Code already in
 * use'), and a fresh list. Each action resolves true when the change was made.
 */
export function useSystemIntegratorActions() {
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const queryClient = useQueryClient();
  const { showError, showSuccess } = useDialogs();

  const refresh = () => queryClient.invalidateQueries({ queryKey: [SYSTEM_INTEGRATORS_RESOURCE] });

  async function run(call: () => Promise<unknown>, title: string, text: string, name: string): Promise<boolean> {
    try {
      await call();
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    void showSuccess({ title, text, messageArgs: { name } });
    return true;
  }

  const createSystemIntegrator = (payload: SystemIntegratorCreatePayload) =>
    run(
      () => create(SYSTEM_INTEGRATORS_RESOURCE, { data: payload }, { returnPromise: true }),
      `${T}.createdTitle`,
      `${T}.createdText`,
      payload.name,
    );

  const updateSystemIntegrator = (existing: SystemIntegrator, payload: SystemIntegratorUpdatePayload) =>
    run(
      () =>
        update(
          SYSTEM_INTEGRATORS_RESOURCE,
          { id: existing.id, data: payload, previousData: existing },
          { mutationMode: 'pessimistic', returnPromise: true },
        ),
      `${T}.updatedTitle`,
      `${T}.updatedText`,
      payload.name,
    );

  return { createSystemIntegrator, updateSystemIntegrator, isPending: creating || updating };
}
