import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useUpdate } from 'react-admin';
import { useDialogs } from '../../../components/dialogs';
import type { License, LicenseCreatePayload, LicenseUpdatePayload } from '../../../domain/licenses';
import { LICENSE_QUERY_KEYS, LICENSES_RESOURCE } from '../names';

const T = 'app.licenses';

/**
 * The integrator's licence changes (spec "Dialogs": createLicense, updateLicense): the call, then
 * the success dialog ('Hat geklappt!' with the generated key, 'Lizenz geändert') or the shared
 * error dialog, and fresh lists. Each resolves true when the change was made.
 */
export function useLicenseActions() {
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const queryClient = useQueryClient();
  const { showError, showSuccess } = useDialogs();
  const refresh = () =>
    Promise.all(LICENSE_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));

  async function createLicense(payload: LicenseCreatePayload): Promise<boolean> {
    let created: License;
    try {
      created = (await create(LICENSES_RESOURCE, { data: payload }, { returnPromise: true })) as License;
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    void showSuccess({ title: `${T}.createdTitle`, text: `${T}.createdText`, messageArgs: { key: created.key } });
    return true;
  }

  async function updateLicense(license: License, payload: LicenseUpdatePayload): Promise<boolean> {
    try {
      await update(
        LICENSES_RESOURCE,
        { id: license.id, data: payload, previousData: license },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    void showSuccess({ title: `${T}.updatedTitle`, text: `${T}.updatedText`, messageArgs: { key: license.key } });
    return true;
  }

  return { createLicense, updateLicense, isPending: creating || updating };
}
