import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FunctionField, LinkBase, TextField, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { useMemo, useState, type MouseEvent } from 'react';
import { useDialogs } from '../../components/dialogs';
import { ExportCurrentPageButton, LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import { canChangeAdministrator, canManageAdministrators, type Administrator } from '../../domain/administrators';
import { roleLabel } from '../../domain/roles';
import type { Self } from '../../domain/self';
import { lazyDialog } from '../../components/lazyDialog';
import { administrationExporter } from './administrationCsv';
import { ADMINISTRATION_RESOURCE } from './names';
import type { CreateAdminDialogProps } from './CreateAdminDialog';
import type { EditAdminDialogProps } from './EditAdminDialog';
import { useAdministratorActions } from './useAdministratorActions';

/* createAdmin and the edit dialog with their forms (react-hook-form): loaded on first open, so the list stays light. */
const CreateAdminDialog = lazyDialog<CreateAdminDialogProps>(() =>
  import('./CreateAdminDialog').then((m) => ({ default: m.CreateAdminDialog })),
);
const EditAdminDialog = lazyDialog<EditAdminDialogProps>(() =>
  import('./EditAdminDialog').then((m) => ({ default: m.EditAdminDialog })),
);

const T = 'app.administration';

const fullName = (admin: Administrator) => `${admin.firstName} ${admin.lastName}`.trim();

/** On a phone: the name, the e-mail and the role. */
const phoneRow: PhoneRow = {
  primaryText: fullName,
  secondaryText: (admin: Administrator) => admin.email,
  tertiaryText: (admin: Administrator) => roleLabel(admin.role, null),
};

/**
 * Route administration, title 'Verwaltung' (spec "Administration"): every administrator account
 * with Vorname, Nachname, E-Mail and Rolle (German role names), the generic search, sorting and
 * paging, and 'Als CSV exportieren' (the page shown) for everyone who may open it. A SystemAdmin
 * also gets 'Admin Account anlegen' (dialog createAdmin) and, on every row but their own,
 * 'Bearbeiten' (names; also by row click), 'Löschen' (dialog deleteAdmin) and 'Zwei-Faktor-Anmeldung
 * zurücksetzen' (issue 24; an account without one answers the server's German 409 text).
 */
export function AdministrationList() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  const viewer = { id: self?.id ?? '', role: self?.role };
  const manages = canManageAdministrators(viewer.role);
  const actions = useAdministratorActions();
  const { showError } = useDialogs();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Administrator | null>(null);
  const exporter = useMemo(() => administrationExporter(translate), [translate]);
  const changeable = (admin: Administrator) => canChangeAdministrator(viewer, admin);
  const rowActions = manages ? (
    <RowActions
      label={`${T}.actions`}
      changeable={changeable}
      busy={actions.isPending}
      onEdit={setEditing}
      onDelete={(admin) => void actions.deleteAdmin(admin)}
      onResetSecondFactor={(admin) => void actions.resetSecondFactor(admin)}
    />
  ) : null;

  return (
    <>
      <LumioList
        exporter={exporter}
        sort={{ field: 'lastName', order: 'ASC' }}
        actions={
          <>
            <ExportCurrentPageButton label={`${T}.exportCsv`} />
            {/* Issue 28: the retention job's runs, the SystemAdmin's alone. */}
            {manages ? (
              <Button variant="outlined" component={LinkBase} to={`/${ADMINISTRATION_RESOURCE}/retention`}>
                {translate('app.administration.retention')}
              </Button>
            ) : null}
            {manages ? (
              <Button
                variant="contained"
                startIcon={<PersonAddOutlined />}
                onPointerEnter={CreateAdminDialog.preload}
                onFocus={CreateAdminDialog.preload}
                onClick={() => setCreating(true)}
              >
                {translate(`${T}.create.button`)}
              </Button>
            ) : null}
          </>
        }
      >
        <LumioDatagrid
          phoneRow={{ ...phoneRow, actions: rowActions }}
          rowClick={
            manages
              ? (_id, _resource, record) => {
                  if (changeable(record as Administrator)) setEditing(record as Administrator);
                  return false;
                }
              : false
          }
          rowSx={(record) => (changeable(record as Administrator) ? {} : { cursor: 'default' })}
        >
          <TextField source="firstName" />
          <TextField source="lastName" />
          {/* Plain text, not a mailto link: a click on the row opens the account. */}
          <TextField source="email" />
          <FunctionField source="role" render={(admin: Administrator) => roleLabel(admin.role, null)} />
          {rowActions}
        </LumioDatagrid>
      </LumioList>
      {creating ? (
        <CreateAdminDialog
          onCreate={actions.createAdmin}
          isPending={actions.isPending}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {editing ? (
        <EditAdminDialog
          key={editing.id}
          row={editing}
          onSave={actions.renameAdmin}
          onDelete={actions.deleteAdmin}
          onResetSecondFactor={actions.resetSecondFactor}
          isPending={actions.isPending}
          onLoadError={(error) => {
            setEditing(null);
            void showError(error);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/** 'Bearbeiten', 'Löschen' and 'Zwei-Faktor-Anmeldung zurücksetzen' on every row but the SystemAdmin's own. */
function RowActions({
  changeable,
  busy,
  onEdit,
  onDelete,
  onResetSecondFactor,
}: {
  label: string;
  changeable: (admin: Administrator) => boolean;
  busy: boolean;
  onEdit: (admin: Administrator) => void;
  onDelete: (admin: Administrator) => void;
  onResetSecondFactor: (admin: Administrator) => void;
}) {
  const translate = useTranslate();
  const admin = useRecordContext<Administrator>();
  if (!admin || !changeable(admin)) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'nowrap' }}>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        onPointerEnter={EditAdminDialog.preload}
        onFocus={EditAdminDialog.preload}
        onClick={(event) => {
          stopRowClick(event);
          onEdit(admin);
        }}
      >
        {translate(`${T}.edit.button`)}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={busy}
        onClick={(event) => {
          stopRowClick(event);
          onDelete(admin);
        }}
      >
        {translate(`${T}.delete.button`)}
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        onClick={(event) => {
          stopRowClick(event);
          onResetSecondFactor(admin);
        }}
      >
        {translate(`${T}.resetSecondFactor.button`)}
      </Button>
    </Box>
  );
}
