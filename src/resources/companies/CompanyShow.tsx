import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LinkBase, useRecordContext, useTranslate } from 'react-admin';
import { useCurrentRole } from '../../components/auth/useCurrentRole';
import { DetailSection, FieldGrid, ReadOnlyTextFields, ShowOrBackToList } from '../../components/detail';
import { canSeeCompanyHistory } from '../../domain/companyAccess';
import { CompanyHistory } from './CompanyHistory';
import { COMPANIES_RESOURCE, COMPANY_SOURCES } from './names';
import { OwnerActivationPanel } from './OwnerActivationPanel';
import { StoreTable } from './StoreTable';
import { StatementsLink } from '../statements/StatementsLink';

const LIST_PATH = `/${COMPANIES_RESOURCE}`;

/**
 * 'Firma' reached through companies/{id} (spec "Company"): every field read-only, the studios
 * below with the system integrator serving each (GET /api/company/{id}/store, paged), for
 * LumioAdmin the owner's account activation and the latest changes, and 'Zurück' to the
 * companies list. A failed load shows the error dialog and returns to the list.
 */
export function CompanyShow() {
  return (
    <ShowOrBackToList listResource={COMPANIES_RESOURCE}>
      <CompanyDetails />
    </ShowOrBackToList>
  );
}

function CompanyDetails() {
  const translate = useTranslate();
  const record = useRecordContext();
  const { role } = useCurrentRole();
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <DetailSection title="app.companies.companySection">
        <FieldGrid>
          <ReadOnlyTextFields sources={COMPANY_SOURCES} />
        </FieldGrid>
      </DetailSection>

      {record ? (
        <>
          <DetailSection title="app.companies.stores">
            <StoreTable companyId={record.id} showSystemIntegrator />
          </DetailSection>
          <OwnerActivationPanel companyId={record.id} />
          {/* Issue 27: the company's statements, the same screens as its Owner's. */}
          <StatementsLink companyId={record.id} />
          {canSeeCompanyHistory(role) ? <CompanyHistory companyId={record.id} /> : null}
        </>
      ) : null}

      <Button component={LinkBase} to={LIST_PATH} variant="outlined" startIcon={<ArrowBack />}>
        {translate('app.companies.back')}
      </Button>
    </Box>
  );
}
