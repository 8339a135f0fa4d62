import { TextInput } from 'react-admin';
import { zodValidator } from '../../components/form';
import {
  SYSTEM_INTEGRATOR_CODE_MAX_LENGTH,
  SYSTEM_INTEGRATOR_NAME_MAX_LENGTH,
  systemIntegratorCodeSchema,
  systemIntegratorNameSchema,
} from '../../domain/systemIntegrator';

// Created once: react-admin re-registers an input whose validate prop changes identity.
const validateName = zodValidator(systemIntegratorNameSchema);
const validateCode = zodValidator(systemIntegratorCodeSchema);

export interface SystemIntegratorInputsProps {
  /** On edit the code is shown read-only: PUT changes only the name. */
  mode: 'create' | 'edit';
}

export function SystemIntegratorInputs({ mode }: SystemIntegratorInputsProps) {
  const codeFixed = mode === 'edit';
  return (
    <>
      <TextInput
        source="name"
        validate={validateName}
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: SYSTEM_INTEGRATOR_NAME_MAX_LENGTH } }}
      />
      <TextInput
        source="code"
        validate={codeFixed ? undefined : validateCode}
        readOnly={codeFixed}
        helperText={codeFixed ? 'app.systemIntegrators.codeReadOnly' : undefined}
        fullWidth
        slotProps={{ htmlInput: { maxLength: SYSTEM_INTEGRATOR_CODE_MAX_LENGTH } }}
      />
    </>
  );
}
