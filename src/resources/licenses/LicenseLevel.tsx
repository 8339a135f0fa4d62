import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { FunctionField, useRecordContext, useTranslate } from 'react-admin';
import { useState } from 'react';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import { canManageLicenses, seesLicenseChannel } from '../../domain/licenseAccess';
import type { License } from '../../domain/licenses';
import type { Self } from '../../domain/self';
import type { LicenseDialogRequest } from './dialogs/types';
import { LevelLink } from './LevelLink';
import { LevelTrail } from './LevelTrail';
import { levelTabTitle, trailSteps } from './levelTrail';
import { LicenseDialogSlot, preloadLicenseDialogs } from './LicenseDialogSlot';
import { licenseManagementPath, STUDIO_LICENSES_RESOURCE } from './names';
import { useCompanyName, useStudioName } from './useLevelNames';
import { YesNoField } from './YesNoField';

const T = 'app.licenses';
const EMPTY = '–';

/**
 * …/{companyId}/{studioId}: the studio's licences (GET /company/{id}/store/{storeId}/license),
 * columns Key, Geräte-ID, Postpaid erlaubt, Gesperrt. The integrator also sees System-Integrator
 * and Reseller, 'Lizenz anlegen' (createLicense) and the row action edit (updateLicense); LumioAdmin
 * sees the two columns too, the Owner the spec's four. A row leads to the licence's packages.
 */
export function LicenseLevel({ self, companyId, studioId }: { self: Self; companyId: string; studioId: string }) {
  const translate = useTranslate();
  const manage = canManageLicenses(self.role);
  const channel = seesLicenseChannel(self.role);
  const company = useCompanyName(companyId);
  const studio = useStudioName(companyId, studioId);
  const steps = trailSteps(self.role, { companyId, studioId }, { company, studio }, translate);
  const title = translate('resources.studio-licenses.page.list');
  const [dialog, setDialog] = useState<LicenseDialogRequest | null>(null);
  const systemIntegratorId = self.associatedEntity?.id;
  const toPackages = (license: License) => licenseManagementPath(companyId, studioId, license.id);
  const edit = (license: License) => setDialog({ kind: 'updateLicense', license });

  const phoneRow: PhoneRow = {
    primaryText: (license: License) => license.key,
    secondaryText: (license: License) =>
      `${translate('resources.studio-licenses.fields.boundMachineId')}: ${license.boundMachineId ?? translate(`${T}.notBound`)}`,
    tertiaryText: (license: License) =>
      license.suspended ? translate('resources.studio-licenses.fields.suspended') : '',
    actions: manage ? <EditLicenseButton label={`${T}.actions`} onEdit={edit} /> : undefined,
  };

  return (
    <>
      <LevelTrail steps={steps} backTo={licenseManagementPath(companyId)} />
      <LumioList
        resource={STUDIO_LICENSES_RESOURCE}
        queryOptions={{ meta: { companyId, storeId: studioId } }}
        storeKey={`license-management.licenses.${studioId}`}
        sort={{ field: 'key', order: 'ASC' }}
        pageTitle={title}
        tabTitle={levelTabTitle(title, steps, translate)}
        actions={
          manage && systemIntegratorId ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onPointerEnter={preloadLicenseDialogs}
              onFocus={preloadLicenseDialogs}
              onClick={() =>
                setDialog({
                  kind: 'createLicense',
                  storeId: studioId,
                  studioName: studio ?? translate(`${T}.someStudio`),
                  systemIntegratorId: String(systemIntegratorId),
                })
              }
            >
              {translate(`${T}.create`)}
            </Button>
          ) : null
        }
      >
        <LumioDatagrid rowClick={(_id, _resource, license) => toPackages(license as License)} phoneRow={phoneRow}>
          <LevelLink<License> source="key" to={toPackages} monospace />
          <FunctionField<License> source="boundMachineId" render={(license) => license.boundMachineId ?? EMPTY} />
          <YesNoField source="postpaidAllowed" />
          <YesNoField source="suspended" />
          {channel ? (
            <FunctionField<License>
              source="systemIntegrator"
              sortBy="systemIntegrator.name"
              render={(license) => license.systemIntegrator?.name ?? EMPTY}
            />
          ) : null}
          {channel ? (
            <FunctionField<License>
              source="reseller"
              sortBy="reseller.name"
              render={(license) => license.reseller?.name ?? translate(`${T}.noReseller`)}
            />
          ) : null}
          {phoneRow.actions}
        </LumioDatagrid>
      </LumioList>
      <LicenseDialogSlot request={dialog} onOpen={setDialog} onClose={() => setDialog(null)} />
    </>
  );
}

/** The row action edit (updateLicense). */
function EditLicenseButton({ onEdit }: { label: string; onEdit: (license: License) => void }) {
  const translate = useTranslate();
  const license = useRecordContext<License>();
  if (!license) return null;
  return (
    <IconButton
      aria-label={translate(`${T}.edit`, { key: license.key })}
      size="small"
      onPointerEnter={preloadLicenseDialogs}
      onFocus={preloadLicenseDialogs}
      onClick={(event) => {
        // The row's own click would open the packages.
        event.stopPropagation();
        onEdit(license);
      }}
    >
      <EditOutlined fontSize="small" />
    </IconButton>
  );
}
