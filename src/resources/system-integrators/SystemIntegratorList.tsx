import { CreateButton, TextField } from 'react-admin';
import { useCurrentRole } from '../../components/auth';
import { LumioDatagrid, LumioList } from '../../components/list';
import { canManageSystemIntegrators } from '../../domain/systemIntegrator';

/** Spec "System integrators": table Name, Kennung; only SystemAdmin creates and edits (row click). */
export function SystemIntegratorList() {
  const { role } = useCurrentRole();
  const canManage = canManageSystemIntegrators(role);
  return (
    <LumioList actions={canManage ? <CreateButton label="app.systemIntegrators.create" /> : undefined}>
      <LumioDatagrid rowClick={canManage ? 'edit' : false}>
        <TextField source="name" />
        <TextField source="code" />
      </LumioDatagrid>
    </LumioList>
  );
}
