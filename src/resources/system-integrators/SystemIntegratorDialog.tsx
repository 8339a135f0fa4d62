import { FormDialog } from '../../components/form';
import {
  systemIntegratorCreateSchema,
  systemIntegratorUpdateSchema,
  type SystemIntegrator,
  type SystemIntegratorCreatePayload,
  type SystemIntegratorUpdatePayload,
} from '../../domain/systemIntegrator';
import { SystemIntegratorInputs } from './SystemIntegratorInputs';

const T = 'app.systemIntegrators';

export interface SystemIntegratorDialogProps {
  /** The system integrator to change, or null to create one. */
  systemIntegrator: SystemIntegrator | null;
  /** POST name and code; resolves true when created, and the dialog closes. */
  onCreate: (payload: SystemIntegratorCreatePayload) => Promise<boolean>;
  /** PUT the name (the code is fixed once created); resolves true when saved. */
  onUpdate: (systemIntegrator: SystemIntegrator, payload: SystemIntegratorUpdatePayload) => Promise<boolean>;
  isPending: boolean;
  onClose: () => void;
}

/**
 * Dialog createEditSystemIntegrator (spec "Dialogs"): name and code ('Kennung'), both required
 * (spec section 5) by the server's rules (src/domain/systemIntegrator.ts); on edit the code is
 * read-only. Mount it anew for each system integrator (key).
 */
export function SystemIntegratorDialog({
  systemIntegrator,
  onCreate,
  onUpdate,
  isPending,
  onClose,
}: SystemIntegratorDialogProps) {
  const common = { isPending, onClose, 'data-testid': 'system-integrator-dialog' };
  if (systemIntegrator) {
    return (
      <FormDialog
        {...common}
        record={systemIntegrator}
        title={`${T}.editTitle`}
        saveLabel={`${T}.save`}
        schema={systemIntegratorUpdateSchema}
        editing
        onSave={(payload) => onUpdate(systemIntegrator, payload)}
      >
        <SystemIntegratorInputs mode="edit" />
      </FormDialog>
    );
  }
  return (
    <FormDialog
      {...common}
      record={{ name: '', code: '' }}
      title={`${T}.create`}
      saveLabel={`${T}.createSave`}
      schema={systemIntegratorCreateSchema}
      editing={false}
      onSave={onCreate}
    >
      <SystemIntegratorInputs mode="create" />
    </FormDialog>
  );
}
