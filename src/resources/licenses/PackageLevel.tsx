import AddCircleOutlined from '@mui/icons-material/AddCircleOutlined';
import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { FunctionField, NumberField, useRecordContext, useTranslate } from 'react-admin';
import { useEffect, useRef, useState } from 'react';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import { formatDate } from '../../domain/dates';
import { canManageLicenses } from '../../domain/licenseAccess';
import type { PrepaidPackage } from '../../domain/licenses';
import type { Self } from '../../domain/self';
import type { LicenseDialogRequest } from './dialogs/types';
import { LevelTrail } from './LevelTrail';
import { levelTabTitle, trailSteps } from './levelTrail';
import { LicenseDialogSlot, preloadLicenseDialogs } from './LicenseDialogSlot';
import { licenseManagementPath, PACKAGES_RESOURCE } from './names';
import { PackageStateChip, packageStateText } from './PackageStateChip';
import { PackageConsumption } from './usage';
import { useCompanyName, useLicense, useStudioName } from './useLevelNames';
import { YesNoField } from './YesNoField';

const T = 'app.licenses.packages';

export interface PackageLevelProps {
  self: Self;
  companyId: string;
  studioId: string;
  licenseId: string;
}

/**
 * …/{companyId}/{studioId}/{licenseId}: the licence's prepaid packages (GET
 * /license/{id}/prepaid-package), columns Gültig von, Gültig bis, Anzahl, Verbleibende Anzahl,
 * Genutzte Anzahl, Gesperrt and the package's state today. The integrator gets 'Vorgangspaket
 * anlegen' (createLicensePackage), the row actions increase amount (increaseLicensePackageAmount)
 * and edit (updateLicensePackage, also by row click), and 'Lizenz bearbeiten' (updateLicense).
 * Everyone may show a package's consumption over time below the list ('Verbrauch anzeigen'; for
 * readers also by row click). On a phone the same row actions sit under each package's entry.
 */
export function PackageLevel({ self, companyId, studioId, licenseId }: PackageLevelProps) {
  const translate = useTranslate();
  const manage = canManageLicenses(self.role);
  const license = useLicense(licenseId);
  const company = useCompanyName(companyId);
  // The licence names its studio; the studio is read only while the licence is not there.
  const studioName = useStudioName(companyId, studioId, license === undefined);
  const studio = license?.store.name ?? studioName;
  const steps = trailSteps(
    self.role,
    { companyId, studioId, licenseId },
    { company, studio, licenseKey: license?.key },
    translate,
  );
  const title = translate('resources.prepaid-packages.page.list');
  const [dialog, setDialog] = useState<LicenseDialogRequest | null>(null);
  const edit = (pkg: PrepaidPackage) => setDialog({ kind: 'updatePackage', licenseId, pkg });
  const increase = (pkg: PrepaidPackage) => setDialog({ kind: 'increaseAmount', licenseId, pkg });
  const [shown, setShown] = useState<PrepaidPackage | null>(null);
  const consumption = useRef<HTMLDivElement>(null);
  // The consumption appears below the list: bring it into view when a package is chosen.
  useEffect(() => {
    if (shown) consumption.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [shown]);

  const phoneRow: PhoneRow = {
    primaryText: (pkg: PrepaidPackage) => `${formatDate(pkg.startDate)} – ${formatDate(pkg.endDate)}`,
    secondaryText: (pkg: PrepaidPackage) =>
      `${translate('resources.prepaid-packages.fields.remainingAmount')}: ${pkg.remainingAmount.toLocaleString('de-DE')} / ${pkg.amount.toLocaleString('de-DE')}`,
    tertiaryText: (pkg: PrepaidPackage) => translate(packageStateText(pkg.state)),
    actions: (
      <PackageActions
        label="app.licenses.actions"
        onShowConsumption={setShown}
        onIncrease={manage ? increase : undefined}
        onEdit={manage ? edit : undefined}
      />
    ),
  };

  return (
    <>
      <LevelTrail steps={steps} backTo={licenseManagementPath(companyId, studioId)} />
      <LumioList
        resource={PACKAGES_RESOURCE}
        queryOptions={{ meta: { licenseId } }}
        storeKey={`license-management.packages.${licenseId}`}
        sort={{ field: 'startDate', order: 'DESC' }}
        // Packages are found by their dates: nothing to search for (the API has no search here).
        searchable={false}
        pageTitle={title}
        tabTitle={levelTabTitle(title, steps, translate)}
        actions={
          manage ? (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {license ? (
                <Button
                  variant="outlined"
                  startIcon={<EditOutlined />}
                  onPointerEnter={preloadLicenseDialogs}
                  onFocus={preloadLicenseDialogs}
                  onClick={() => setDialog({ kind: 'updateLicense', license })}
                >
                  {translate('app.licenses.editTitle')}
                </Button>
              ) : null}
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onPointerEnter={preloadLicenseDialogs}
                onFocus={preloadLicenseDialogs}
                onClick={() => setDialog({ kind: 'createPackage', licenseId })}
              >
                {translate(`${T}.create`)}
              </Button>
            </Box>
          ) : undefined
        }
      >
        <LumioDatagrid
          rowClick={
            manage
              ? (_id, _resource, pkg) => {
                  edit(pkg as PrepaidPackage);
                  return false;
                }
              : (_id, _resource, pkg) => {
                  setShown(pkg as PrepaidPackage);
                  return false;
                }
          }
          phoneRow={phoneRow}
        >
          <FunctionField<PrepaidPackage> source="startDate" render={(pkg) => formatDate(pkg.startDate)} />
          <FunctionField<PrepaidPackage> source="endDate" render={(pkg) => formatDate(pkg.endDate)} />
          <NumberField source="amount" locales="de-DE" />
          <NumberField source="remainingAmount" locales="de-DE" />
          <NumberField source="usedAmount" locales="de-DE" />
          <YesNoField source="suspended" />
          <PackageStateChip label="resources.prepaid-packages.fields.state" sortable={false} />
          {phoneRow.actions}
        </LumioDatagrid>
      </LumioList>
      {shown ? (
        <Box ref={consumption} sx={{ mt: 4 }}>
          <PackageConsumption key={shown.id} licenseId={licenseId} packageId={shown.id} />
        </Box>
      ) : null}
      <LicenseDialogSlot request={dialog} onOpen={setDialog} onClose={() => setDialog(null)} />
    </>
  );
}

/** The row actions: show the consumption (everyone), increase amount and edit (the integrator). */
function PackageActions({
  onShowConsumption,
  onIncrease,
  onEdit,
}: {
  label: string;
  onShowConsumption: (pkg: PrepaidPackage) => void;
  onIncrease?: (pkg: PrepaidPackage) => void;
  onEdit?: (pkg: PrepaidPackage) => void;
}) {
  const translate = useTranslate();
  const pkg = useRecordContext<PrepaidPackage>();
  if (!pkg) return null;
  const dates = { start: formatDate(pkg.startDate), end: formatDate(pkg.endDate) };
  const action = (open: (pkg: PrepaidPackage) => void) => ({
    size: 'small' as const,
    onPointerEnter: preloadLicenseDialogs,
    onFocus: preloadLicenseDialogs,
    onClick: (event: React.MouseEvent) => {
      // The row's own click would open updateLicensePackage.
      event.stopPropagation();
      open(pkg);
    },
  });
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <IconButton
        aria-label={translate(`${T}.showConsumption`, dates)}
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          onShowConsumption(pkg);
        }}
      >
        <ShowChartOutlined fontSize="small" />
      </IconButton>
      {onIncrease ? (
        <IconButton aria-label={translate(`${T}.increase`, dates)} {...action(onIncrease)}>
          <AddCircleOutlined fontSize="small" />
        </IconButton>
      ) : null}
      {onEdit ? (
        <IconButton aria-label={translate(`${T}.edit`, dates)} {...action(onEdit)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      ) : null}
    </Box>
  );
}
