import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import { Form, Loading, TextInput, useFormIsDirty, useGetOne, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { LumioDialog } from '../../components/dialogs';
import { passesRules, ruleValidator } from '../../components/form';
import {
  ADMINISTRATOR_NAME_RULES,
  type Administrator,
  type UpdateAdministratorPayload,
} from '../../domain/administrators';
import { roleLabel } from '../../domain/roles';
import { ADMINISTRATION_RESOURCE } from './names';

const T = 'app.administration.edit';
const F = 'resources.administration.fields';

// Created once: react-admin re-registers an input whose validate prop changes identity.
const validate: Record<keyof UpdateAdministratorPayload, Validator> = {
  firstName: ruleValidator(ADMINISTRATOR_NAME_RULES.firstName),
  lastName: ruleValidator(ADMINISTRATOR_NAME_RULES.lastName),
};

const text = (values: Record<string, unknown>, field: keyof UpdateAdministratorPayload) =>
  typeof values[field] === 'string' ? (values[field] as string).trim() : '';

export interface EditAdminDialogProps {
  /** The row that was clicked; the dialog reads the account afresh (GET /administrator/{id}). */
  row: Administrator;
  /** Resolves true when the names were saved; the dialog then closes. */
  onSave: (admin: Administrator, names: UpdateAdministratorPayload) => Promise<boolean>;
  /** Deleting from the dialog (dialog deleteAdmin follows): on a phone the rows have no actions. */
  onDelete: (admin: Administrator) => Promise<boolean>;
  /** Resetting the second factor from the dialog (issue 24), for the phone as well. */
  onResetSecondFactor: (admin: Administrator) => Promise<boolean>;
  isPending: boolean;
  /** The account could not be read (e.g. deleted meanwhile): the error dialog follows. */
  onLoadError: (error: unknown) => void;
  onClose: () => void;
}

/**
 * A SystemAdmin changes another administrator's first and last name (PUT /administrator/{id});
 * e-mail and role are shown, not changed (the e-mail is each administrator's own to change).
 * 'Speichern' stays disabled while a name breaks its rule or nothing changed. 'Löschen' is here
 * too, for the phone, whose list has no action column, and so is 'Zwei-Faktor-Anmeldung zurücksetzen'.
 */
export function EditAdminDialog({
  row,
  onSave,
  onDelete,
  onResetSecondFactor,
  isPending,
  onLoadError,
  onClose,
}: EditAdminDialogProps) {
  const translate = useTranslate();
  const { data: admin } = useGetOne<Administrator>(
    ADMINISTRATION_RESOURCE,
    { id: row.id },
    { onError: onLoadError, retry: false },
  );
  const title = translate(`${T}.title`);
  if (!admin) {
    return (
      <LumioDialog
        open
        onClose={onClose}
        title={title}
        data-testid="edit-admin-dialog"
        actions={<Button onClick={onClose}>{translate('app.dialog.cancel')}</Button>}
      >
        <Loading />
      </LumioDialog>
    );
  }
  return (
    <Form record={admin} mode="onChange">
      <LumioDialog
        open
        onClose={onClose}
        disableClose={isPending}
        title={title}
        data-testid="edit-admin-dialog"
        actions={
          <EditAdminActions admin={admin} onSave={onSave} onDelete={onDelete} isPending={isPending} onClose={onClose} />
        }
      >
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextInput source="firstName" label={`${F}.firstName`} validate={validate.firstName} fullWidth />
          <TextInput source="lastName" label={`${F}.lastName`} validate={validate.lastName} fullWidth />
          <MuiTextField
            label={translate(`${F}.email`)}
            value={admin.email}
            slotProps={{ htmlInput: { readOnly: true } }}
            fullWidth
          />
          <MuiTextField
            label={translate(`${F}.role`)}
            value={roleLabel(admin.role, null)}
            slotProps={{ htmlInput: { readOnly: true } }}
            fullWidth
          />
          <Button
            variant="outlined"
            disabled={isPending}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => void onResetSecondFactor(admin).then((done) => done && onClose())}
          >
            {translate('app.administration.resetSecondFactor.button')}
          </Button>
        </Stack>
      </LumioDialog>
    </Form>
  );
}

function EditAdminActions({
  admin,
  onSave,
  onDelete,
  isPending,
  onClose,
}: Omit<EditAdminDialogProps, 'row' | 'onLoadError' | 'onResetSecondFactor'> & { admin: Administrator }) {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext();
  const values = useWatch() as Record<string, unknown>;
  const isDirty = useFormIsDirty();
  const valid = passesRules(ADMINISTRATOR_NAME_RULES, values);
  const save = handleSubmit(async (submitted) => {
    const names = { firstName: text(submitted, 'firstName'), lastName: text(submitted, 'lastName') };
    if (await onSave(admin, names)) onClose();
  });
  const remove = async () => {
    if (await onDelete(admin)) onClose();
  };
  return (
    <>
      <Button color="error" onClick={() => void remove()} disabled={isPending} sx={{ mr: 'auto' }}>
        {translate('app.administration.delete.button')}
      </Button>
      <Button onClick={onClose} disabled={isPending}>
        {translate('app.dialog.cancel')}
      </Button>
      <Button
        variant="contained"
        // Enter in a field presses it (LumioDialog is a form).
        type="submit"
        onClick={() => void save()}
        disabled={isPending || !valid || !isDirty}
        startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate(`${T}.save`)}
      </Button>
    </>
  );
}
