import Typography from '@mui/material/Typography';
import { NumberInput, useTranslate } from 'react-admin';
import { FormDialog } from '../../../components/form';
import { formatDate } from '../../../domain/dates';
import { PACKAGE_AMOUNT_MAX, packageIncreaseSchema, type PrepaidPackage } from '../../../domain/licenses';
import { validateAmount } from './CreatePackageDialog';
import { usePackageActions } from './usePackageActions';

const T = 'app.licenses.packages';

export interface IncreaseAmountDialogProps {
  licenseId: string;
  pkg: PrepaidPackage;
  onClose: () => void;
}

/**
 * Dialog increaseLicensePackageAmount (spec "Dialogs"): how many processes to add, required and at
 * least 1 (spec section 5); PUT …/amount/increase. Success: 'Anzahl der Vorgänge wurden erhöht.'
 */
export function IncreaseAmountDialog({ licenseId, pkg, onClose }: IncreaseAmountDialogProps) {
  const translate = useTranslate();
  const { increaseAmount, isPending } = usePackageActions(licenseId);
  return (
    <FormDialog
      record={{ amount: null }}
      title={`${T}.increaseTitle`}
      saveLabel={`${T}.increaseSave`}
      schema={packageIncreaseSchema}
      editing={false}
      toPayload={(values) => ({ amount: values.amount })}
      onSave={(payload) => increaseAmount(pkg, payload)}
      isPending={isPending}
      onClose={onClose}
      data-testid="increase-dialog"
    >
      <Typography color="text.secondary">
        {translate(`${T}.increaseCurrent`, {
          start: formatDate(pkg.startDate),
          end: formatDate(pkg.endDate),
          amount: pkg.amount.toLocaleString('de-DE'),
          remaining: pkg.remainingAmount.toLocaleString('de-DE'),
        })}
      </Typography>
      <NumberInput
        source="amount"
        label={`${T}.increaseAmount`}
        validate={validateAmount}
        min={1}
        max={PACKAGE_AMOUNT_MAX}
        step={1}
        autoFocus
        fullWidth
      />
    </FormDialog>
  );
}
