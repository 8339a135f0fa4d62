import { TextInput } from 'react-admin';
import { FormDialog, zodValidator } from '../../components/form';
import {
  RESELLER_NAME_MAX_LENGTH,
  resellerNameSchema,
  resellerPayloadSchema,
  type Reseller,
  type ResellerPayload,
} from '../../domain/reseller';

const T = 'app.resellers';

// Created once: react-admin re-registers an input whose validate prop changes identity.
const validateName = zodValidator(resellerNameSchema);

export interface ResellerDialogProps {
  /** The reseller to rename, or null to create one. */
  reseller: Reseller | null;
  /** Resolves true when the reseller was saved; the dialog then closes. */
  onSave: (reseller: Reseller | null, payload: ResellerPayload) => Promise<boolean>;
  /** Only when renaming: deleting from the dialog (on a phone there is no row action). */
  onDelete: (reseller: Reseller) => Promise<boolean>;
  isPending: boolean;
  onClose: () => void;
}

/**
 * Dialog createEditReseller (spec "Dialogs"): the name, required (spec section 5) and checked by
 * the server's rule (src/domain/reseller.ts). Mount it anew for each reseller (key).
 */
export function ResellerDialog({ reseller, onSave, onDelete, isPending, onClose }: ResellerDialogProps) {
  return (
    <FormDialog
      record={reseller ?? { name: '' }}
      title={reseller ? `${T}.editTitle` : `${T}.create`}
      saveLabel={reseller ? `${T}.save` : `${T}.createSave`}
      schema={resellerPayloadSchema}
      editing={reseller !== null}
      onSave={(payload) => onSave(reseller, payload)}
      onDelete={reseller ? () => onDelete(reseller) : undefined}
      deleteLabel={`${T}.deleteButton`}
      isPending={isPending}
      onClose={onClose}
      data-testid="reseller-dialog"
    >
      <TextInput
        source="name"
        validate={validateName}
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: RESELLER_NAME_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
