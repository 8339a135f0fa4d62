import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import { Form, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { LumioDialog } from '../../components/dialogs';
import { passesRules, ruleValidator } from '../../components/form';
import { INVITE_EMPLOYEE_RULES, type InviteEmployeePayload } from '../../domain/employeeInvitation';

const T = 'app.inviteEmployee';

// Created once: react-admin re-registers an input whose validate prop changes identity.
const validateEmail = ruleValidator(INVITE_EMPLOYEE_RULES.email);

export interface InviteEmployeeDialogProps {
  /** Resolves true when the invitation went out; the dialog then closes. */
  onInvite: (payload: InviteEmployeePayload) => Promise<boolean>;
  isPending: boolean;
  onClose: () => void;
}

/**
 * The dialog inviteEmployee (spec "Dialogs" and section 5): one e-mail field, required and valid
 * by the server's rule (src/domain/employeeInvitation.ts); 'Einladen' stays disabled until it is.
 */
export function InviteEmployeeDialog({ onInvite, isPending, onClose }: InviteEmployeeDialogProps) {
  const translate = useTranslate();
  return (
    <Form record={{ email: '' }} mode="onChange">
      <LumioDialog
        open
        onClose={onClose}
        disableClose={isPending}
        title={translate(`${T}.title`)}
        data-testid="invite-employee-dialog"
        actions={<InviteEmployeeActions onInvite={onInvite} isPending={isPending} onClose={onClose} />}
      >
        <DialogContentText sx={{ mb: 2 }}>{translate(`${T}.intro`)}</DialogContentText>
        <TextInput
          source="email"
          type="email"
          label={`${T}.email`}
          validate={validateEmail}
          autoComplete="off"
          autoFocus
          fullWidth
        />
      </LumioDialog>
    </Form>
  );
}

function InviteEmployeeActions({ onInvite, isPending, onClose }: InviteEmployeeDialogProps) {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext();
  const values = useWatch() as Partial<InviteEmployeePayload>;
  const valid = passesRules(INVITE_EMPLOYEE_RULES, values);
  const invite = handleSubmit(async (submitted) => {
    const email = typeof submitted.email === 'string' ? submitted.email.trim() : '';
    if (await onInvite({ email })) onClose();
  });
  return (
    <>
      <Button onClick={onClose} disabled={isPending}>
        {translate(`${T}.cancel`)}
      </Button>
      <Button
        variant="contained"
        // Enter in a field presses it (LumioDialog is a form).
        type="submit"
        onClick={() => void invite()}
        disabled={isPending || !valid}
        startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate(`${T}.invite`)}
      </Button>
    </>
  );
}
