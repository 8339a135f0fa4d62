import { TextInput } from 'react-admin';
import type { UseFormSetError } from 'react-hook-form';
import { FormDialog, zodValidator } from '../../components/form';
import {
  API_CLIENT_NAME_MAX_LENGTH,
  apiClientCreateSchema,
  apiClientNameSchema,
  type ApiClientCreatePayload,
} from '../../domain/apiClients';

const T = 'app.apiClients';

// Created once: react-admin re-registers an input whose validate prop changes identity.
const validateName = zodValidator(apiClientNameSchema);

export interface CreateApiClientDialogProps {
  /** Resolves false (the dialog stays; a refused name is shown at the field) or true. */
  onCreate: (payload: ApiClientCreatePayload, setError: UseFormSetError<Record<string, unknown>>) => Promise<boolean>;
  isPending: boolean;
  onClose: () => void;
}

/** 'API-Zugang anlegen': its name, checked by the server's rule (src/domain/apiClients.ts). */
export function CreateApiClientDialog({ onCreate, isPending, onClose }: CreateApiClientDialogProps) {
  return (
    <FormDialog
      record={{ name: '' }}
      title={`${T}.create`}
      saveLabel={`${T}.createSave`}
      schema={apiClientCreateSchema}
      editing={false}
      onSave={(payload, { setError }) => onCreate(payload, setError)}
      isPending={isPending}
      onClose={onClose}
      data-testid="api-client-dialog"
    >
      <TextInput
        source="name"
        validate={validateName}
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: API_CLIENT_NAME_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
