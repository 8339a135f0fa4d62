import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LinkBase, ReferenceManyField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { LumioDatagrid, LumioPagination, type PhoneRow } from '../../components/list';
import { DEFAULT_PAGE_SIZE } from '../../domain/paging';
import { DetailSection, FieldGrid, ReadOnlyTextFields, ShowOrBackToList } from '../../components/detail';
import { COMPANIES_RESOURCE, STORES_RESOURCE } from './names';
import { OwnerActivationPanel } from './OwnerActivationPanel';
import type { Store } from './types';

/** The company's fields in the spec's order ("Company"). */
const COMPANY_SOURCES = [
  'name',
  'legalForm',
  'address',
  'country',
  'phoneNumber',
  'phoneNumber2',
  'website',
  'memberId',
] as const;

const LIST_PATH = `/${COMPANIES_RESOURCE}`;

/** On a phone: the studio's name, then where it is. */
const storePhoneRow: PhoneRow = {
  primaryText: (store: Store) => store.name,
  secondaryText: (store: Store) => `${store.address}, ${store.country}`,
};

/**
 * 'Firma' reached through companies/{id} (spec "Company"): every field read-only, the studios
 * below (GET /api/company/{id}/store, paged), for LumioAdmin the owner's account activation, and
 * 'Zurück' to the companies list. A failed load shows the error dialog and returns to the list.
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
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <DetailSection title="app.companies.companySection">
        <FieldGrid>
          <ReadOnlyTextFields sources={COMPANY_SOURCES} />
        </FieldGrid>
      </DetailSection>

      <DetailSection title="app.companies.stores">
        {/* target companyId fills the {companyId} of the stores path: /company/{id}/store. */}
        <ReferenceManyField
          reference={STORES_RESOURCE}
          target="companyId"
          sort={{ field: 'name', order: 'ASC' }}
          perPage={DEFAULT_PAGE_SIZE}
          pagination={<LumioPagination />}
        >
          <LumioDatagrid phoneRow={storePhoneRow}>
            <TextField source="name" label="app.companies.storeName" />
            <TextField source="address" label="app.companies.storeAddress" />
            <TextField source="country" label="app.companies.storeCountry" />
          </LumioDatagrid>
        </ReferenceManyField>
      </DetailSection>

      {record ? <OwnerActivationPanel companyId={record.id} /> : null}

      <Button component={LinkBase} to={LIST_PATH} variant="outlined" startIcon={<ArrowBack />}>
        {translate('app.companies.back')}
      </Button>
    </Box>
  );
}
