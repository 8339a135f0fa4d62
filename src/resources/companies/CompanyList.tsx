import { TextField } from 'react-admin';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import { StatementLinkButton } from '../statements/StatementLinkButton';
import type { Company } from './types';

/** On a phone: the name to find the company by, the address to tell two alike apart. */
const phoneRow: PhoneRow = {
  primaryText: (company: Company) => company.name,
  secondaryText: (company: Company) => company.address,
  tertiaryText: (company: Company) => company.legalForm,
};

/**
 * Spec "Companies list (Firmen)": columns Firmenname, Rechtform, Adresse, Land, sorted by name;
 * a row opens the read-only company at /companies/{id} (react-admin's edit route, rendered by
 * CompanyShow).
 */
export function CompanyList() {
  return (
    // Issue 27: the provider's 'Abrechnungsexport' of every company, from the list of them.
    <LumioList actions={<StatementLinkButton target="export" />}>
      <LumioDatagrid rowClick="edit" phoneRow={phoneRow}>
        <TextField source="name" />
        <TextField source="legalForm" label="app.companies.legalFormColumn" />
        <TextField source="address" />
        <TextField source="country" />
      </LumioDatagrid>
    </LumioList>
  );
}
