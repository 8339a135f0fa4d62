import { BooleanInput, CheckboxGroupInput, TextInput } from 'react-admin';
import type { UseFormSetError } from 'react-hook-form';
import { FormDialog, zodValidator } from '../../components/form';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  webhookEndpointPayloadSchema,
  webhookEventsSchema,
  webhookUrlSchema,
  type WebhookEndpoint,
  type WebhookEndpointPayload,
} from '../../domain/webhooks';

const T = 'app.webhooks';

// Created once: react-admin re-registers an input whose validate prop changes identity.
const validateUrl = zodValidator(webhookUrlSchema);
const validateEvents = zodValidator(webhookEventsSchema);
/** The checkboxes in the order of the domain's list, each with its German name. */
const EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((type) => ({ id: type, name: WEBHOOK_EVENT_LABELS[type] }));

export interface WebhookEndpointDialogProps {
  /** The endpoint to change, or null to add one. */
  endpoint: WebhookEndpoint | null;
  /** Resolves true when saved; the dialog then closes. Refusals of a field are shown at it (setError). */
  onSave: (
    endpoint: WebhookEndpoint | null,
    payload: WebhookEndpointPayload,
    setError: UseFormSetError<Record<string, unknown>>,
  ) => Promise<boolean>;
  /** Only when changing: deleting from the dialog (a phone has the same row actions, this is one more way). */
  onDelete: (endpoint: WebhookEndpoint) => Promise<boolean>;
  isPending: boolean;
  onClose: () => void;
}

/**
 * 'Empfänger hinzufügen' and 'Empfänger bearbeiten': the address, the events (at least one) and,
 * when changing, whether the endpoint is active. Checked by the server's rule
 * (webhookEndpointPayloadSchema); what the server refuses of a field is shown at the field. Mount
 * it anew for each endpoint (key).
 */
export function WebhookEndpointDialog({ endpoint, onSave, onDelete, isPending, onClose }: WebhookEndpointDialogProps) {
  const editing = endpoint !== null;
  return (
    <FormDialog
      record={endpoint ?? { url: '', events: [] }}
      title={editing ? `${T}.editTitle` : `${T}.create`}
      saveLabel={editing ? `${T}.save` : `${T}.createSave`}
      schema={webhookEndpointPayloadSchema}
      editing={editing}
      toPayload={(values) => ({
        url: values.url ?? '',
        events: values.events ?? [],
        ...(editing ? { active: values.active === true } : {}),
      })}
      onSave={(payload, { setError }) => onSave(endpoint, payload, setError)}
      onDelete={endpoint ? () => onDelete(endpoint) : undefined}
      deleteLabel="app.webhooks.deleteConfirm"
      isPending={isPending}
      onClose={onClose}
      data-testid="webhook-endpoint-dialog"
    >
      <TextInput
        source="url"
        type="url"
        validate={validateUrl}
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX_LENGTH, inputMode: 'url', spellCheck: false } }}
      />
      <CheckboxGroupInput source="events" choices={EVENT_CHOICES} validate={validateEvents} row={false} />
      {editing ? <BooleanInput source="active" helperText={`${T}.activeHelp`} /> : null}
    </FormDialog>
  );
}
