import { TextField, useTranslate } from 'react-admin';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import { picksLicenseCompany } from '../../domain/licenseAccess';
import type { Self } from '../../domain/self';
import Box from '@mui/material/Box';
import { LevelLink } from './LevelLink';
import { LevelTrail } from './LevelTrail';
import { levelTabTitle, trailSteps } from './levelTrail';
import { licenseManagementPath, LICENSE_MANAGEMENT_ROOT, LICENSE_STUDIOS_RESOURCE } from './names';
import { UsagePanel } from './usage';
import { studioListMeta, useCompanyName } from './useLevelNames';

interface StudioRow {
  id: string;
  name: string;
  address: string;
  country: string;
}

const phoneRow: PhoneRow = {
  primaryText: (studio: StudioRow) => studio.name,
  secondaryText: (studio: StudioRow) => `${studio.address}, ${studio.country}`,
};

/**
 * …/{companyId}: the company's studios (name, address, country), GET /company/{id}/store. The
 * integrator and LumioAdmin came from the companies and get 'Zurück' there; for the Owner it is
 * where the licences start. Below the studios: the company's usage (issue 13, part 4), whose chart
 * loads when it scrolls into view.
 */
export function StudioLevel({ self, companyId }: { self: Self; companyId: string }) {
  const translate = useTranslate();
  const steps = trailSteps(self.role, { companyId }, { company: useCompanyName(companyId) }, translate);
  const title = translate('resources.license-studios.page.list');
  const toLicenses = (studio: StudioRow) => licenseManagementPath(companyId, studio.id);
  return (
    <>
      <LevelTrail steps={steps} backTo={picksLicenseCompany(self.role) ? LICENSE_MANAGEMENT_ROOT : undefined} />
      <LumioList
        resource={LICENSE_STUDIOS_RESOURCE}
        queryOptions={{ meta: studioListMeta(companyId) }}
        storeKey={`license-management.studios.${companyId}`}
        pageTitle={title}
        tabTitle={levelTabTitle(title, steps, translate)}
      >
        <LumioDatagrid rowClick={(_id, _resource, studio) => toLicenses(studio as StudioRow)} phoneRow={phoneRow}>
          <LevelLink<StudioRow> source="name" to={toLicenses} />
          <TextField source="address" />
          <TextField source="country" />
        </LumioDatagrid>
      </LumioList>
      <Box sx={{ mt: 4 }}>
        <UsagePanel companyId={companyId} />
      </Box>
    </>
  );
}
