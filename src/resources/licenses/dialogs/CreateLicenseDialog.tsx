import Typography from '@mui/material/Typography';
import { BooleanInput, useTranslate } from 'react-admin';
import { FormDialog } from '../../../components/form';
import { licenseCreateSchema } from '../../../domain/licenses';
import { NO_RESELLER, ResellerSelect } from './ResellerSelect';
import { useLicenseActions } from './useLicenseActions';

const T = 'app.licenses';

/** The form's values → POST /license: 'Kein Reseller' is null. */
function toPayload(values: Record<string, unknown>) {
  const choice = values.resellerId;
  return {
    storeId: values.storeId,
    systemIntegratorId: values.systemIntegratorId,
    resellerId: !choice || choice === NO_RESELLER ? null : choice,
    postpaidAllowed: values.postpaidAllowed === true,
  };
}

export interface CreateLicenseDialogProps {
  storeId: string;
  studioName: string;
  systemIntegratorId: string;
  onClose: () => void;
}

/**
 * Dialog createLicense (spec "Dialogs"): a licence of this studio for the signed-in integrator,
 * with one of its resellers or none, postpaid allowed or not. The server generates the key, which
 * the success dialog 'Hat geklappt!' shows.
 */
export function CreateLicenseDialog({ storeId, studioName, systemIntegratorId, onClose }: CreateLicenseDialogProps) {
  const translate = useTranslate();
  const { createLicense, isPending } = useLicenseActions();
  return (
    <FormDialog
      record={{ storeId, systemIntegratorId, resellerId: NO_RESELLER, postpaidAllowed: false }}
      title={`${T}.create`}
      saveLabel={`${T}.createSave`}
      schema={licenseCreateSchema}
      editing={false}
      toPayload={toPayload}
      onSave={createLicense}
      isPending={isPending}
      onClose={onClose}
      data-testid="license-dialog"
    >
      <Typography color="text.secondary">{translate(`${T}.createIntro`, { studio: studioName })}</Typography>
      <ResellerSelect systemIntegratorId={systemIntegratorId} />
      <BooleanInput source="postpaidAllowed" label="resources.licenses.fields.postpaidAllowed" helperText={false} />
    </FormDialog>
  );
}
