import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useDelete, useUpdate, type Identifier } from 'react-admin';
import type { UseFormSetError } from 'react-hook-form';
import { useDialogs } from '../../components/dialogs';
import { serverFieldErrors } from '../../components/form/serverFieldErrors';
import { errorBodyOf, SERVER_MESSAGES, SERVER_MESSAGE_TEXTS } from '../../domain/errorCatalogue';
import type { CreatedWebhookEndpoint, WebhookEndpoint, WebhookEndpointPayload } from '../../domain/webhooks';
import { WEBHOOK_ENDPOINTS_RESOURCE } from './names';

const T = 'app.webhooks';
const FORM_FIELDS = ['url', 'events', 'active'] as const;

/**
 * Where the dialog shows a refusal: the fields the server named, and the address when the server
 * sends no events there (not public, not resolvable). Empty: the error dialog says it.
 */
function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = serverFieldErrors(error, FORM_FIELDS);
  if (errorBodyOf(error)?.messages?.[0] === SERVER_MESSAGES.webhookTargetRefused) {
    errors.url = SERVER_MESSAGE_TEXTS.webhookTargetRefused;
  }
  return errors;
}

/**
 * The SystemIntegratorAdmin's webhook endpoint changes: adding answers the created endpoint with
 * its secret (the caller shows it once), changing and deleting end in the success dialog; deleting
 * asks first. Each resolves to what happened (false/null: nothing changed).
 */
export function useWebhookActions(systemIntegratorId: Identifier) {
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: deleting }] = useDelete();
  const queryClient = useQueryClient();
  const { confirm, showError, showSuccess } = useDialogs();
  const meta = { systemIntegratorId };

  const refresh = () => queryClient.invalidateQueries({ queryKey: [WEBHOOK_ENDPOINTS_RESOURCE] });

  /** Shows the refusal at the fields it names, else in the error dialog. */
  function refused(error: unknown, setError: UseFormSetError<Record<string, unknown>>) {
    const errors = Object.entries(fieldErrorsOf(error));
    if (errors.length === 0) {
      void showError(error);
      return;
    }
    errors.forEach(([field, message], index) =>
      setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
  }

  async function addEndpoint(
    payload: WebhookEndpointPayload,
    setError: UseFormSetError<Record<string, unknown>>,
  ): Promise<CreatedWebhookEndpoint | null> {
    try {
      // With returnPromise, the created record itself: here the endpoint and its secret.
      const created: unknown = await create(
        WEBHOOK_ENDPOINTS_RESOURCE,
        { data: { url: payload.url, events: payload.events }, meta },
        { returnPromise: true },
      );
      void refresh();
      return created as CreatedWebhookEndpoint;
    } catch (error) {
      refused(error, setError);
      return null;
    }
  }

  async function changeEndpoint(
    endpoint: WebhookEndpoint,
    payload: WebhookEndpointPayload,
    setError: UseFormSetError<Record<string, unknown>>,
  ): Promise<boolean> {
    try {
      await update(
        WEBHOOK_ENDPOINTS_RESOURCE,
        { id: endpoint.id, data: payload, previousData: endpoint, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      refused(error, setError);
      return false;
    }
    void refresh();
    void showSuccess({ title: `${T}.updatedTitle`, text: `${T}.updatedText`, messageArgs: { url: payload.url } });
    return true;
  }

  async function deleteEndpoint(endpoint: WebhookEndpoint): Promise<boolean> {
    const confirmed = await confirm({
      title: `${T}.deleteTitle`,
      content: `${T}.deleteText`,
      messageArgs: { url: endpoint.url },
      confirmLabel: `${T}.deleteConfirm`,
      confirmColor: 'error',
    });
    if (!confirmed) return false;
    try {
      await remove(
        WEBHOOK_ENDPOINTS_RESOURCE,
        { id: endpoint.id, previousData: endpoint, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    void showSuccess({ title: `${T}.deletedTitle`, text: `${T}.deletedText`, messageArgs: { url: endpoint.url } });
    return true;
  }

  return { addEndpoint, changeEndpoint, deleteEndpoint, isPending: creating || updating || deleting };
}
