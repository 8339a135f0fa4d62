import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import {
  Loading,
  RecordContextProvider,
  ResourceContextProvider,
  useGetOne,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { DetailSection, FieldGrid } from '../../components/detail/DetailSection';
import { ReadOnlyTextFields } from '../../components/detail/ReadOnlyTextFields';
import { useErrorDialogOnError } from '../../components/dialogs';
import { canEditCompany, canSeeCompanyHistory } from '../../domain/companyAccess';
import type { Self } from '../../domain/self';
import { usePageTitle } from '../../layout/usePageTitle';
import { CompanyHistory } from '../../resources/companies/CompanyHistory';
import { COMPANIES_RESOURCE, COMPANY_SOURCES } from '../../resources/companies/names';
import { StoreTable } from '../../resources/companies/StoreTable';
import { StatementsLink } from '../../resources/statements/StatementsLink';
import type { Company } from '../../resources/companies/types';
import { CompanyForm } from './CompanyForm';

/**
 * Route company-management, title 'Firma' (spec "Company"): the signed-in company user's own
 * company (GET /self's associatedEntity) with its studios below. The Owner edits the company and
 * its studios and sees the latest changes; everyone else the route lets in (the
 * AccountAdministrator) sees company and studios read-only.
 */
export function CompanyManagement() {
  const translate = useTranslate();
  const title = translate('app.pageTitles.company-management');
  usePageTitle(title);
  const { permissions: self } = usePermissions<Self | undefined>();
  const companyId = self?.associatedEntity?.id;
  const onError = useErrorDialogOnError();
  const { data: company, isPending } = useGetOne<Company>(
    COMPANIES_RESOURCE,
    { id: companyId ?? '' },
    { enabled: Boolean(companyId), onError },
  );

  let content;
  if (!self) content = <Loading />;
  else if (!companyId) content = <Alert severity="info">{translate('app.companyManagement.noCompany')}</Alert>;
  else if (isPending) content = <Loading />;
  else if (!company) content = <Alert severity="error">{translate('app.companyManagement.loadFailed')}</Alert>;
  else {
    const editable = canEditCompany(self.role);
    content = (
      <ResourceContextProvider value={COMPANIES_RESOURCE}>
        <RecordContextProvider value={company}>
          <DetailSection title="app.companies.companySection">
            {editable ? (
              <CompanyForm company={company} />
            ) : (
              <FieldGrid>
                <ReadOnlyTextFields sources={COMPANY_SOURCES} />
              </FieldGrid>
            )}
          </DetailSection>
          <DetailSection title="app.companies.stores">
            {/* Which integrator serves each studio, as on the LumioAdmin's view (issue 25). */}
            <StoreTable companyId={company.id} editable={editable} showSystemIntegrator />
          </DetailSection>
          {/* Issue 27: the company's monthly statements, under 'Firma & Studios'. */}
          <StatementsLink companyId={company.id} />
          {canSeeCompanyHistory(self.role) ? <CompanyHistory companyId={company.id} /> : null}
        </RecordContextProvider>
      </ResourceContextProvider>
    );
  }

  return (
    <Box>
      <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {/* A card, as companies/{id} shows the company inside react-admin's <Show>. */}
      <Card sx={{ p: { xs: 2, md: 3 } }}>{content}</Card>
    </Box>
  );
}
