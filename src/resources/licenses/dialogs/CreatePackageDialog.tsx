import { NumberInput } from 'react-admin';
import { FormDialog, zodValidator } from '../../../components/form';
import { formatDate, todayInGermany } from '../../../domain/dates';
import { PACKAGE_AMOUNT_MAX, packageAmountSchema, packageCreateSchema } from '../../../domain/licenses';
import { toIsoDateOrInvalid } from './packageDates';
import { PackageDateInputs } from './PackageDateInputs';
import { usePackageActions } from './usePackageActions';

const T = 'app.licenses.packages';
// Created once: react-admin re-registers an input whose validate prop changes identity.
export const validateAmount = zodValidator(packageAmountSchema);

/** The form's values → POST /license/{id}/prepaid-package: ISO dates, the amount as typed. */
function toPayload(values: Record<string, unknown>) {
  return {
    startDate: toIsoDateOrInvalid(values.startDate),
    endDate: toIsoDateOrInvalid(values.endDate),
    amount: values.amount,
  };
}

/**
 * Dialog createLicensePackage (spec "Dialogs"): valid from and to (the shared date picker; the
 * end after the start, else invalidEndDate) and the number of processes, at least 1. Starts today.
 * Success: 'Hat geklappt!'.
 */
export function CreatePackageDialog({ licenseId, onClose }: { licenseId: string; onClose: () => void }) {
  const { createPackage, isPending } = usePackageActions(licenseId);
  return (
    <FormDialog
      record={{ startDate: formatDate(todayInGermany()), endDate: '', amount: null }}
      title={`${T}.create`}
      saveLabel={`${T}.createSave`}
      schema={packageCreateSchema}
      editing={false}
      toPayload={toPayload}
      onSave={createPackage}
      isPending={isPending}
      onClose={onClose}
      data-testid="package-dialog"
    >
      <PackageDateInputs />
      <NumberInput
        source="amount"
        label="resources.prepaid-packages.fields.amount"
        validate={validateAmount}
        min={1}
        max={PACKAGE_AMOUNT_MAX}
        step={1}
        fullWidth
      />
    </FormDialog>
  );
}
