import AddCircleOutlined from '@mui/icons-material/AddCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { BooleanInput, useDataProvider, useTranslate } from 'react-admin';
import { FormDialog } from '../../../components/form';
import type { LumioDataProvider } from '../../../dataProvider';
import { formatDate } from '../../../domain/dates';
import { packageUpdateSchema, type PrepaidPackage } from '../../../domain/licenses';
import { HistorySection } from '../../companies/CompanyHistory';
import { packageHistoryKey } from '../names';
import { toIsoDateOrInvalid } from './packageDates';
import { PackageDateInputs } from './PackageDateInputs';
import { usePackageActions } from './usePackageActions';

const T = 'app.licenses.packages';
const COUNTS = ['amount', 'usedAmount', 'remainingAmount'] as const;

export interface UpdatePackageDialogProps {
  licenseId: string;
  pkg: PrepaidPackage;
  /** 'Anzahl erhöhen': opens increaseLicensePackageAmount instead (on a phone the list has no row actions). */
  onIncrease: () => void;
  onClose: () => void;
}

/**
 * Dialog updateLicensePackage (spec "Dialogs"): valid from and to, suspended; the amount, the used
 * and the remaining processes are shown read-only (only increaseLicensePackageAmount raises the
 * amount) and sent unchanged, as the spec's payload has them. 'Speichern' waits for a change. Below,
 * the package's latest changes. Success: 'Vorgangspaket geändert'.
 */
export function UpdatePackageDialog({ licenseId, pkg, onIncrease, onClose }: UpdatePackageDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const { updatePackage, isPending } = usePackageActions(licenseId);
  const toPayload = (values: Record<string, unknown>) => ({
    startDate: toIsoDateOrInvalid(values.startDate),
    endDate: toIsoDateOrInvalid(values.endDate),
    suspended: values.suspended === true,
    amount: pkg.amount,
    remainingAmount: pkg.remainingAmount,
  });
  return (
    <FormDialog
      record={{
        id: pkg.id,
        startDate: formatDate(pkg.startDate),
        endDate: formatDate(pkg.endDate),
        suspended: pkg.suspended,
      }}
      title={`${T}.editTitle`}
      saveLabel="app.licenses.save"
      schema={packageUpdateSchema}
      editing
      toPayload={toPayload}
      onSave={(payload) => updatePackage(pkg, payload)}
      isPending={isPending}
      onClose={onClose}
      data-testid="package-dialog"
    >
      <PackageDateInputs />
      <BooleanInput source="suspended" label="resources.prepaid-packages.fields.suspended" helperText={false} />
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 2, m: 0 }}
        data-testid="package-counts"
      >
        {COUNTS.map((source) => (
          <Box key={source} sx={{ gridRow: 1 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`resources.prepaid-packages.fields.${source}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {pkg[source].toLocaleString('de-DE')}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, pb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
          {translate(`${T}.readOnlyCounts`)}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddCircleOutlined />}
          onClick={onIncrease}
          disabled={isPending}
        >
          {translate(`${T}.increaseButton`)}
        </Button>
      </Box>
      <HistorySection
        queryKey={packageHistoryKey(licenseId, pkg.id)}
        load={(page) => dataProvider.getPackageHistory(licenseId, pkg.id, page)}
      />
    </FormDialog>
  );
}
