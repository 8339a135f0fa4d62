import { Create, SimpleForm, useRedirect } from 'react-admin';
import { useDialogs, useErrorDialogOnError } from '../../components/dialogs';
import { LumioFormToolbar } from '../../components/form';
import { CreatePageTitle } from '../../layout/resourcePageTitles';
import {
  systemIntegratorCreateSchema,
  type SystemIntegrator,
  type SystemIntegratorCreatePayload,
} from '../../domain/systemIntegrator';
import { SystemIntegratorInputs } from './SystemIntegratorInputs';

/** POST takes exactly name and code; the server rejects any other field. */
const toCreatePayload = ({ name, code }: SystemIntegratorCreatePayload): SystemIntegratorCreatePayload => ({
  name,
  code,
});

export function SystemIntegratorCreate() {
  const { showSuccess } = useDialogs();
  const onError = useErrorDialogOnError();
  const redirect = useRedirect();

  const onSuccess = (created: SystemIntegrator) => {
    void showSuccess({
      title: 'app.systemIntegrators.createdTitle',
      text: 'app.systemIntegrators.createdText',
      messageArgs: { name: created.name },
    });
    redirect('list', 'system-integrators');
  };

  return (
    <Create transform={toCreatePayload} mutationOptions={{ onSuccess, onError }}>
      <CreatePageTitle />
      <SimpleForm mode="onChange" toolbar={<LumioFormToolbar schema={systemIntegratorCreateSchema} />}>
        <SystemIntegratorInputs mode="create" />
      </SimpleForm>
    </Create>
  );
}
