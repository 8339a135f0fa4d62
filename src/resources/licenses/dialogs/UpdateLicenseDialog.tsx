import Typography from '@mui/material/Typography';
import { BooleanInput, TextInput, useDataProvider, useTranslate, type Validator } from 'react-admin';
import { FormDialog } from '../../../components/form';
import type { LumioDataProvider } from '../../../dataProvider';
import {
  LICENSE_VALIDATION_TEXTS,
  licenseUpdateSchema,
  MACHINE_ID_MAX_LENGTH,
  MACHINE_ID_PATTERN,
  type License,
} from '../../../domain/licenses';
import { HistorySection } from '../../companies/CompanyHistory';
import { licenseHistoryKey } from '../names';
import { useLicenseActions } from './useLicenseActions';

const T = 'app.licenses';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** Empty: not bound to any device; otherwise the device API's machine id. */
const validateMachineId: Validator = (value: unknown) =>
  text(value) === '' || MACHINE_ID_PATTERN.test(text(value)) ? undefined : LICENSE_VALIDATION_TEXTS.machineIdInvalid;
// The typed text stays as it is: an emptied field is '' like the one it started as.
const keepText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The form's values → PUT /license/{id}: an empty device id unbinds (null). */
function toPayload(values: Record<string, unknown>) {
  return {
    postpaidAllowed: values.postpaidAllowed === true,
    boundMachineId: text(values.boundMachineId) || null,
    suspended: values.suspended === true,
  };
}

/**
 * Dialog updateLicense (spec "Dialogs"): postpaid allowed, the bound device (Geräte-ID, empty =
 * not bound) and suspended; 'Speichern' waits for a change. Below, the licence's latest changes
 * (GET /license/{id}/history). Success: 'Lizenz geändert'.
 */
export function UpdateLicenseDialog({ license, onClose }: { license: License; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const { updateLicense, isPending } = useLicenseActions();
  return (
    <FormDialog
      record={{
        id: license.id,
        postpaidAllowed: license.postpaidAllowed,
        boundMachineId: license.boundMachineId ?? '',
        suspended: license.suspended,
      }}
      title={`${T}.editTitle`}
      saveLabel={`${T}.save`}
      schema={licenseUpdateSchema}
      editing
      toPayload={toPayload}
      onSave={(payload) => updateLicense(license, payload)}
      isPending={isPending}
      onClose={onClose}
      data-testid="license-dialog"
    >
      <Typography>
        {translate('resources.licenses.fields.key')}:{' '}
        <Typography component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {license.key}
        </Typography>
      </Typography>
      <BooleanInput source="postpaidAllowed" label="resources.licenses.fields.postpaidAllowed" helperText={false} />
      <TextInput
        source="boundMachineId"
        label="resources.licenses.fields.boundMachineId"
        helperText={`${T}.machineIdHint`}
        validate={validateMachineId}
        parse={keepText}
        format={keepText}
        fullWidth
        slotProps={{ htmlInput: { maxLength: MACHINE_ID_MAX_LENGTH, autoComplete: 'off', spellCheck: false } }}
      />
      <BooleanInput source="suspended" label="resources.licenses.fields.suspended" helperText={false} />
      <HistorySection
        queryKey={licenseHistoryKey(license.id)}
        load={(page) => dataProvider.getLicenseHistory(license.id, page)}
      />
    </FormDialog>
  );
}
