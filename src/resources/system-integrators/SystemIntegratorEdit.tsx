import { Edit, SimpleForm } from 'react-admin';
import { useCurrentRole } from '../../components/auth';
import { useErrorDialogOnError } from '../../components/dialogs';
import { LumioFormToolbar } from '../../components/form';
import { EditPageTitle } from '../../layout/resourcePageTitles';
import {
  canManageSystemIntegrators,
  systemIntegratorUpdateSchema,
  type SystemIntegrator,
  type SystemIntegratorUpdatePayload,
} from '../../domain/systemIntegrator';
import { SystemIntegratorInputs } from './SystemIntegratorInputs';

/** PUT changes only the name; the code is fixed once created. */
const toUpdatePayload = ({ name }: SystemIntegrator): SystemIntegratorUpdatePayload => ({ name });

export function SystemIntegratorEdit() {
  const onError = useErrorDialogOnError();
  const { role } = useCurrentRole();
  // The route is reachable by URL; users who may not edit see the record without a save button.
  const readOnly = !canManageSystemIntegrators(role);
  return (
    <Edit mutationMode="pessimistic" transform={toUpdatePayload} mutationOptions={{ onError }} redirect="list">
      <EditPageTitle />
      <SimpleForm
        mode="onChange"
        toolbar={readOnly ? false : <LumioFormToolbar schema={systemIntegratorUpdateSchema} />}
      >
        <SystemIntegratorInputs mode="edit" readOnly={readOnly} />
      </SimpleForm>
    </Edit>
  );
}
