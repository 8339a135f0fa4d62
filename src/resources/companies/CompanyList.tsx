import { TextField } from 'react-admin';
import { LumioDatagrid, LumioList } from '../../components/list';

/**
 * Spec "Companies list (Firmen)": columns Firmenname, Rechtform, Adresse, Land, sorted by name;
 * a row opens the read-only company at /companies/{id} (react-admin's edit route, rendered by
 * CompanyShow).
 */
export function CompanyList() {
  return (
    <LumioList>
      <LumioDatagrid rowClick="edit">
        <TextField source="name" />
        <TextField source="legalForm" label="app.companies.legalFormColumn" />
        <TextField source="address" />
        <TextField source="country" />
      </LumioDatagrid>
    </LumioList>
  );
}
