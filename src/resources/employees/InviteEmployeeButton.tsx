import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useTranslate } from 'react-admin';
import { useState } from 'react';
import { useDialogs } from '../../components/dialogs';
import { lazyDialog } from '../../components/lazyDialog';
import type { InviteEmployeePayload } from '../../domain/employeeInvitation';
import type { InviteEmployeeDialogProps } from './InviteEmployeeDialog';
import { EMPLOYEES_RESOURCE } from './names';

/** inviteEmployee with its form (react-hook-form): loaded on first open, so the employees page stays light. */
const InviteEmployeeDialog = lazyDialog<InviteEmployeeDialogProps>(() =>
  import('./InviteEmployeeDialog').then((m) => ({ default: m.InviteEmployeeDialog })),
);

const T = 'app.inviteEmployee';
/** The path map's entry for POST /employee-invitation (src/dataProvider/resourcePaths.ts). */
export const EMPLOYEE_INVITATIONS_RESOURCE = 'employee-invitations';

/**
 * 'Mitarbeitende einladen' on the employees page (spec section 2): opens the dialog inviteEmployee,
 * sends POST /employee-invitation, then says 'Der Mitarbeitende wurde eingeladen'; a refusal (e.g.
 * 'E-mail already in use') opens the shared error dialog and leaves the dialog open to correct it.
 */
export function InviteEmployeeButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [create, { isPending }] = useCreate();
  const { showError, showSuccess } = useDialogs();
  const queryClient = useQueryClient();

  async function invite(payload: InviteEmployeePayload): Promise<boolean> {
    try {
      await create(EMPLOYEE_INVITATIONS_RESOURCE, { data: payload }, { returnPromise: true });
    } catch (error) {
      void showError(error);
      return false;
    }
    // The new invitation shows in 'Offene Einladungen'.
    void queryClient.invalidateQueries({ queryKey: [EMPLOYEES_RESOURCE] });
    void showSuccess({ title: `${T}.success`, text: `${T}.successText`, messageArgs: { email: payload.email } });
    return true;
  }

  return (
    <>
      <Button
        variant="contained"
        startIcon={<PersonAddOutlined />}
        onPointerEnter={InviteEmployeeDialog.preload}
        onFocus={InviteEmployeeDialog.preload}
        onClick={() => setOpen(true)}
      >
        {translate(`${T}.button`)}
      </Button>
      {open ? <InviteEmployeeDialog onInvite={invite} isPending={isPending} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
