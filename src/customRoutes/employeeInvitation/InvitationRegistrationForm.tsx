import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { BirthDatePickerField } from '../../components/datePicker/BirthDatePickerField';
import { LightTextField } from '../../components/datePicker/LightTextField';
import type { EmployeeInvitationView } from '../../domain/employeeInvitation';
import { SALUTATIONS } from '../../domain/options';
import type { PersonalDataField } from '../../domain/profile';
import { usePreloadDialogs } from '../registration/LazyDialogProvider';
import {
  EMPTY_INVITATION_VALUES,
  invitationFieldError,
  isInvitationFormValid,
  toRegistrationPayload,
} from './invitationForm';
import type { InvitationRegistrationPayload } from '../../domain/employeeInvitation';

const T = 'app.employeeInvitation';

export interface InvitationRegistrationFormProps {
  invitation: EmployeeInvitationView;
  /** Sends the registration; the page shows what follows. */
  onRegister: (payload: InvitationRegistrationPayload) => Promise<void>;
}

/**
 * The invited address and company (read-only: the invitation decides them) and the personal data
 * of spec section 5: Anrede, Vorname, Nachname, Geburtsdatum. A field's message shows once it was
 * left; 'Registrieren' stays disabled while a field is invalid or the registration is under way.
 */
export function InvitationRegistrationForm({ invitation, onRegister }: InvitationRegistrationFormProps) {
  const translate = useTranslate();
  const preloadDialogs = usePreloadDialogs();
  const [values, setValues] = useState(EMPTY_INVITATION_VALUES);
  const [touched, setTouched] = useState<Partial<Record<PersonalDataField, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const valid = isInvitationFormValid(values);

  // The answer to 'Registrieren' is a dialog: have it ready by then.
  useEffect(() => {
    if (valid) preloadDialogs();
  }, [valid, preloadDialogs]);

  const change = (field: PersonalDataField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: PersonalDataField) =>
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  const shownError = (field: PersonalDataField) => (touched[field] ? invitationFieldError(field, values) : null);
  const label = (field: string) => translate(`${T}.fields.${field}`);

  const textField = (
    field: Exclude<PersonalDataField, 'birthDate'>,
    extra: { options?: readonly string[]; autoComplete?: string },
  ) => {
    const error = shownError(field);
    return (
      <LightTextField
        name={field}
        label={label(field)}
        value={values[field]}
        required
        onChange={(value) => {
          change(field, value);
          // A choice from a list is complete at once; text is judged when the field is left.
          if (extra.options) touch(field);
        }}
        onBlur={() => touch(field)}
        error={Boolean(error)}
        helperText={error}
        {...extra}
      />
    );
  };

  const register = async () => {
    setSubmitting(true);
    try {
      await onRegister(toRegistrationPayload(values));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
      <Stack spacing={2.5}>
        <LightTextField
          name="email"
          label={label('email')}
          value={invitation.email}
          onChange={() => {}}
          inputProps={{ readOnly: true }}
        />
        <LightTextField
          name="company"
          label={label('company')}
          value={invitation.company.name}
          onChange={() => {}}
          inputProps={{ readOnly: true }}
        />
        {textField('salutation', { options: SALUTATIONS })}
        {textField('firstName', { autoComplete: 'given-name' })}
        {textField('lastName', { autoComplete: 'family-name' })}
        <BirthDatePickerField
          name="birthDate"
          label={label('birthDate')}
          value={values.birthDate}
          required
          onChange={(text) => change('birthDate', text)}
          onBlur={() => touch('birthDate')}
          error={shownError('birthDate')}
          hint={translate(`${T}.hints.birthDate`)}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {translate(`${T}.requiredNote`)}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          onClick={() => void register()}
          disabled={!valid || submitting}
          startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate(`${T}.register`)}
        </Button>
      </Box>
    </Box>
  );
}
