import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { Form, SelectInput, TextInput, type Validator } from 'react-admin';
import { useAuthProvider, useDataProvider, useLogout, useTranslate } from 'ra-core';
import { useMemo } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import type { LumioAuthProvider } from '../../authProvider/authProvider';
import { useDialogs } from '../../components/dialogs';
import { ruleValidator } from '../../components/form';
import type { LumioDataProvider } from '../../dataProvider';
import { SALUTATIONS } from '../../domain/options';
import {
  editableProfileFields,
  EMAIL_RULES,
  PERSONAL_DATA_RULES,
  profileHasPersonalDetails,
  type ProfileField,
} from '../../domain/profile';
import { roleLabel } from '../../domain/roles';
import type { Self } from '../../domain/self';
import { BirthDateInput } from './BirthDateInput';
import {
  changedEmail,
  changedPersonalData,
  isProfileValid,
  profileValuesOf,
  type ProfileValues,
} from './profileValues';

// Created once: react-admin re-registers an input whose validate prop changes identity.
const VALIDATORS: Record<Exclude<ProfileField, 'birthDate'>, Validator> = {
  salutation: ruleValidator(PERSONAL_DATA_RULES.salutation),
  firstName: ruleValidator(PERSONAL_DATA_RULES.firstName),
  lastName: ruleValidator(PERSONAL_DATA_RULES.lastName),
  email: ruleValidator(EMAIL_RULES),
};
const SALUTATION_CHOICES = SALUTATIONS.map((salutation) => ({ id: salutation, name: salutation }));
const label = (field: string) => `app.profile.fields.${field}`;

/**
 * Spec section 2: enabled only when the form is valid, changed and touched. A field counts as
 * changed only through the user's own input (react-hook-form's dirty state compares with the
 * loaded profile), so a changed form has been touched; validity uses the server's rules.
 */
function SaveChangesButton({ editable }: { editable: readonly ProfileField[] }) {
  const translate = useTranslate();
  const values = useWatch() as Partial<Record<ProfileField, unknown>>;
  const { isDirty, isSubmitting } = useFormState();
  const enabled = isDirty && !isSubmitting && isProfileValid(values, editable);
  return (
    <Box sx={{ mt: 1 }}>
      <Button type="submit" variant="contained" disabled={!enabled}>
        {translate('app.profile.save')}
      </Button>
    </Box>
  );
}

export interface ProfileFormProps {
  self: Self;
  /** SystemIntegratorAdmin only: the own system integrator as 'name (code)'. */
  systemIntegrator?: string;
}

/**
 * The own profile (spec sections 2 and 4): what the user may change is editable, the rest is shown
 * read-only. Personal data is saved at once; a new e-mail address only takes effect through the
 * link mailed to it, so the user is told so and logged out.
 */
export function ProfileForm({ self, systemIntegrator }: ProfileFormProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  // Lumio's auth provider caches GET /self; another one (a test's) has nothing to reload.
  const authProvider = useAuthProvider() as Partial<LumioAuthProvider> | undefined;
  const queryClient = useQueryClient();
  const logout = useLogout();
  const { showError, showSuccess } = useDialogs();
  const editable = editableProfileFields(self.role, self.status);
  const personal = profileHasPersonalDetails(self.role);
  const loaded: ProfileValues = useMemo(() => profileValuesOf(self), [self]);
  const record = useMemo(
    () => ({ id: self.id, ...loaded, role: roleLabel(self.role, self.salutation) }),
    [self, loaded],
  );
  const canEdit = (field: ProfileField) => editable.includes(field);

  /** GET /self again: the header's name and this page show the saved data. */
  const reloadSelf = async () => {
    await authProvider?.refreshSelf?.();
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
  };

  const submit = async (values: Record<string, unknown>) => {
    const personalData = changedPersonalData(values, loaded, editable);
    const email = canEdit('email') ? changedEmail(values, loaded) : null;
    let personalSaved = false;
    try {
      if (personalData) {
        await dataProvider.updateOwnPersonalData(self, personalData);
        personalSaved = true;
      }
      if (email) {
        await dataProvider.requestOwnEmailChange(self, { email });
        await showSuccess({ text: 'app.profile.emailChangeRequested', messageArgs: { email } });
        await logout();
        return;
      }
      if (personalSaved) {
        await reloadSelf();
        await showSuccess({ text: 'app.profile.saved' });
      }
    } catch (error) {
      if (personalSaved) await reloadSelf();
      await showError(error);
    }
  };

  return (
    <Form record={record} onSubmit={submit} mode="onChange">
      <Stack sx={{ maxWidth: 560 }}>
        {personal ? (
          canEdit('salutation') ? (
            <SelectInput
              source="salutation"
              label={label('salutation')}
              choices={SALUTATION_CHOICES}
              translateChoice={false}
              validate={VALIDATORS.salutation}
            />
          ) : (
            <TextInput source="salutation" label={label('salutation')} readOnly />
          )
        ) : null}
        <TextInput
          source="firstName"
          label={label('firstName')}
          readOnly={!canEdit('firstName')}
          validate={canEdit('firstName') ? VALIDATORS.firstName : undefined}
          autoComplete="given-name"
        />
        <TextInput
          source="lastName"
          label={label('lastName')}
          readOnly={!canEdit('lastName')}
          validate={canEdit('lastName') ? VALIDATORS.lastName : undefined}
          autoComplete="family-name"
        />
        {personal ? (
          canEdit('birthDate') ? (
            <Box sx={{ mb: 2 }}>
              <BirthDateInput label={translate(label('birthDate'))} />
            </Box>
          ) : (
            <TextInput source="birthDate" label={label('birthDate')} readOnly />
          )
        ) : null}
        <TextInput
          source="email"
          type="email"
          label={label('email')}
          readOnly={!canEdit('email')}
          validate={canEdit('email') ? VALIDATORS.email : undefined}
          helperText="app.profile.emailHint"
          autoComplete="email"
          // The hint sits below the field; room for it before the next field's label.
          sx={{ mb: 1.5 }}
        />
        <TextInput source="role" label={label('role')} readOnly />
        {systemIntegrator !== undefined ? (
          <TextField
            label={translate(label('systemIntegrator'))}
            value={systemIntegrator}
            slotProps={{ input: { readOnly: true } }}
            sx={{ mb: 2 }}
          />
        ) : null}
        <SaveChangesButton editable={editable} />
      </Stack>
    </Form>
  );
}
