import { TextField, useTranslate } from 'react-admin';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import { StatementLinkButton } from '../statements/StatementLinkButton';
import { LevelLink } from './LevelLink';
import { licenseManagementPath, LICENSE_COMPANIES_RESOURCE } from './names';

interface CompanyRow {
  id: string;
  name: string;
  legalForm: string;
}

const toStudios = (company: CompanyRow) => licenseManagementPath(company.id);
const phoneRow: PhoneRow = {
  primaryText: (company: CompanyRow) => company.name,
  secondaryText: (company: CompanyRow) => company.legalForm,
};

/**
 * route license-management: the companies (name, legal form) whose licences the user reads. GET
 * /company answers the integrator the companies with a studio it serves, LumioAdmin all of them.
 */
export function CompanyLevel() {
  const translate = useTranslate();
  return (
    <LumioList
      resource={LICENSE_COMPANIES_RESOURCE}
      storeKey="license-management.companies"
      pageTitle={translate('resources.license-companies.page.list')}
      // Issue 27: what the integrator invoices per month, next to the companies it serves.
      actions={<StatementLinkButton target="integrator" />}
    >
      <LumioDatagrid rowClick={(_id, _resource, company) => toStudios(company as CompanyRow)} phoneRow={phoneRow}>
        <LevelLink<CompanyRow> source="name" to={toStudios} />
        <TextField source="legalForm" />
      </LumioDatagrid>
    </LumioList>
  );
}
