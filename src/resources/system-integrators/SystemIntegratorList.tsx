import { CreateButton, TextField } from 'react-admin';
import { useCurrentRole } from '../../components/auth';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import { canManageSystemIntegrators, type SystemIntegrator } from '../../domain/systemIntegrator';

/** On a phone: name and Kennung, the two columns of the table. */
const phoneRow: PhoneRow = {
  primaryText: (systemIntegrator: SystemIntegrator) => systemIntegrator.name,
  secondaryText: (systemIntegrator: SystemIntegrator) => systemIntegrator.code,
};

/** Spec "System integrators": table Name, Kennung; only SystemAdmin creates and edits (row click). */
export function SystemIntegratorList() {
  const { role } = useCurrentRole();
  const canManage = canManageSystemIntegrators(role);
  return (
    <LumioList actions={canManage ? <CreateButton label="app.systemIntegrators.create" /> : undefined}>
      <LumioDatagrid rowClick={canManage ? 'edit' : false} phoneRow={phoneRow}>
        <TextField source="name" />
        <TextField source="code" />
      </LumioDatagrid>
    </LumioList>
  );
}
