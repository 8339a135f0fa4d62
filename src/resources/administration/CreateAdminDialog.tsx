import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, SelectInput, TextInput, useGetList, useTranslate, type Validator } from 'react-admin';
import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { LumioDialog } from '../../components/dialogs';
import { ruleValidator } from '../../components/form';
import {
  CREATE_ADMINISTRATOR_RULES,
  isCreateAdministratorValid,
  needsSystemIntegrator,
  systemIntegratorProblem,
  withRole,
  type AdministratorRole,
  type CreateAdministratorPayload,
} from '../../domain/administrators';
import { DROPDOWN_PAGE_SIZE } from '../../domain/paging';
import { ADMINISTRATOR_ROLES, roleLabel } from '../../domain/roles';
import type { SystemIntegrator } from '../../domain/systemIntegrator';
import { systemIntegratorLabel } from '../../domain/systemIntegratorLabel';

const T = 'app.administration.create';
const F = 'resources.administration.fields';

// Created once: react-admin re-registers an input whose validate prop changes identity.
const validate: Record<keyof typeof CREATE_ADMINISTRATOR_RULES, Validator> = {
  role: ruleValidator(CREATE_ADMINISTRATOR_RULES.role),
  firstName: ruleValidator(CREATE_ADMINISTRATOR_RULES.firstName),
  lastName: ruleValidator(CREATE_ADMINISTRATOR_RULES.lastName),
  email: ruleValidator(CREATE_ADMINISTRATOR_RULES.email),
};
/** Shown only for a SystemIntegratorAdmin, where it is required (src/domain/administrators.ts). */
const validateSystemIntegrator: Validator = Object.assign(
  (value: unknown, values: Record<string, unknown>) => systemIntegratorProblem(values.role, value) ?? undefined,
  { isRequired: true },
);
const ROLE_CHOICES = ADMINISTRATOR_ROLES.map((role) => ({ id: role, name: roleLabel(role, null) }));
const EMPTY: Record<keyof CreateAdministratorPayload, string | null> = {
  role: '',
  firstName: '',
  lastName: '',
  email: '',
  systemIntegratorId: null,
};

/** What the API takes: trimmed texts, the integrator or null. */
function toPayload(values: Record<string, unknown>): CreateAdministratorPayload {
  const text = (field: string) => (typeof values[field] === 'string' ? (values[field] as string).trim() : '');
  return {
    role: text('role') as AdministratorRole,
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    systemIntegratorId: text('systemIntegratorId') || null,
  };
}

export interface CreateAdminDialogProps {
  /** Resolves true when the account was created; the dialog then closes. */
  onCreate: (payload: CreateAdministratorPayload) => Promise<boolean>;
  isPending: boolean;
  onClose: () => void;
}

/**
 * The dialog createAdmin (spec sections 2, 4 and 5): role, first name, last name, e-mail and, for
 * a SystemIntegratorAdmin only, the system integrator (one page of 100, 'name (code)'). Changing
 * the role clears the integrator; 'Erstellen' stays disabled while a rule of
 * src/domain/administrators.ts (the server's rules) is broken; '*Felder sind Pflichtfelder' below.
 */
export function CreateAdminDialog({ onCreate, isPending, onClose }: CreateAdminDialogProps) {
  const translate = useTranslate();
  return (
    <Form record={EMPTY} mode="onChange">
      <LumioDialog
        open
        onClose={onClose}
        disableClose={isPending}
        title={translate(`${T}.title`)}
        data-testid="create-admin-dialog"
        actions={<CreateAdminActions onCreate={onCreate} isPending={isPending} onClose={onClose} />}
      >
        <Stack spacing={1} sx={{ pt: 1 }}>
          <RoleInput />
          <TextInput source="firstName" label={`${F}.firstName`} validate={validate.firstName} fullWidth />
          <TextInput source="lastName" label={`${F}.lastName`} validate={validate.lastName} fullWidth />
          <TextInput
            source="email"
            type="email"
            label={`${F}.email`}
            validate={validate.email}
            autoComplete="off"
            fullWidth
          />
          <SystemIntegratorInput />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate(`${T}.requiredNote`)}
        </Typography>
      </LumioDialog>
    </Form>
  );
}

/** The role; choosing another one clears the system integrator (spec section 4). */
function RoleInput() {
  const { getValues, setValue } = useFormContext();
  // Called after the form took the new role.
  const clearIntegrator = () => {
    const next = withRole(getValues(), getValues('role'));
    setValue('systemIntegratorId', next.systemIntegratorId);
  };
  return (
    <SelectInput
      source="role"
      label={`${F}.role`}
      choices={ROLE_CHOICES}
      validate={validate.role}
      onChange={clearIntegrator}
      margin="none"
      fullWidth
    />
  );
}

/** Only a SystemIntegratorAdmin has a system integrator: the select appears for that role alone. */
function SystemIntegratorInput() {
  const role = useWatch({ name: 'role' });
  if (!needsSystemIntegrator(role)) return null;
  return <SystemIntegratorSelect />;
}

function SystemIntegratorSelect() {
  const { data, isPending } = useGetList<SystemIntegrator>('system-integrators', {
    pagination: { page: 1, perPage: DROPDOWN_PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
  });
  const choices = useMemo(
    () => (data ?? []).map((integrator) => ({ id: integrator.id, name: systemIntegratorLabel(integrator) })),
    [data],
  );
  return (
    <SelectInput
      source="systemIntegratorId"
      label={`${F}.systemIntegratorId`}
      choices={choices}
      isPending={isPending}
      validate={validateSystemIntegrator}
      margin="none"
      fullWidth
    />
  );
}

function CreateAdminActions({ onCreate, isPending, onClose }: CreateAdminDialogProps) {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext();
  const values = useWatch() as Record<string, unknown>;
  const valid = isCreateAdministratorValid(toPayload(values));
  const create = handleSubmit(async (submitted) => {
    if (await onCreate(toPayload(submitted))) onClose();
  });
  return (
    <>
      <Button onClick={onClose} disabled={isPending}>
        {translate('app.dialog.cancel')}
      </Button>
      <Button
        variant="contained"
        // Enter in a field presses it (LumioDialog is a form).
        type="submit"
        onClick={() => void create()}
        disabled={isPending || !valid}
        startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate(`${T}.submit`)}
      </Button>
    </>
  );
}
