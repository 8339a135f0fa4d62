import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useDelete, type Identifier } from 'react-admin';
import type { UseFormSetError } from 'react-hook-form';
import { useDialogs } from '../../components/dialogs';
import { serverFieldErrors } from '../../components/form/serverFieldErrors';
import type { ApiClient, ApiClientCreatePayload } from '../../domain/apiClients';
import { API_CLIENTS_RESOURCE } from './names';

const T = 'app.apiClients';

/** POST …/api-client's answer: the only time the secret is shown. */
export interface CreatedApiClient {
  id: string;
  clientId: string;
  clientSecret: string;
  name: string;
  createdAt: string;
}

/**
 * The SystemIntegratorAdmin's API client changes: creating answers the new client with its secret
 * (the caller shows it once); revoking asks first, says that its tokens stop working at once, and
 * ends in the success dialog.
 */
export function useApiClientActions(systemIntegratorId: Identifier) {
  const [create, { isPending: creating }] = useCreate();
  const [remove, { isPending: revoking }] = useDelete();
  const queryClient = useQueryClient();
  const { confirm, showError, showSuccess } = useDialogs();
  const meta = { systemIntegratorId };

  const refresh = () => queryClient.invalidateQueries({ queryKey: [API_CLIENTS_RESOURCE] });

  async function createApiClient(
    payload: ApiClientCreatePayload,
    setError: UseFormSetError<Record<string, unknown>>,
  ): Promise<CreatedApiClient | null> {
    try {
      // With returnPromise, the created record itself: here the client and its secret.
      const created: unknown = await create(API_CLIENTS_RESOURCE, { data: payload, meta }, { returnPromise: true });
      void refresh();
      return created as CreatedApiClient;
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, ['name']);
      if (fieldErrors.name) setError('name', { type: 'server', message: fieldErrors.name }, { shouldFocus: true });
      else void showError(error);
      return null;
    }
  }

  async function revokeApiClient(client: ApiClient): Promise<boolean> {
    const confirmed = await confirm({
      title: `${T}.revokeTitle`,
      content: `${T}.revokeText`,
      messageArgs: { name: client.name },
      confirmLabel: `${T}.revokeConfirm`,
      confirmColor: 'error',
    });
    if (!confirmed) return false;
    try {
      // DELETE …/api-client/{clientId}: the OAuth client id names it, not the row's id.
      await remove(
        API_CLIENTS_RESOURCE,
        { id: client.clientId, previousData: client, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    void showSuccess({ title: `${T}.revokedTitle`, text: `${T}.revokedText`, messageArgs: { name: client.name } });
    return true;
  }

  return { createApiClient, revokeApiClient, isPending: creating || revoking };
}
