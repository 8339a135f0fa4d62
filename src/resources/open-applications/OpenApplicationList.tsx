import { TextField } from 'react-admin';
import { LumioDatagrid, LumioList } from '../../components/list';

/**
 * Spec "Open applications": confirmed, undecided applications, newest first (the API's default
 * order); columns Vorname, Nachname, E-Mail, Firmenname, Rechtsform; a row opens the review at
 * /open-applications/{id} (react-admin's edit route, rendered read-only by OpenApplicationDetail).
 */
export function OpenApplicationList() {
  return (
    <LumioList sort={{ field: 'lastModifiedAt', order: 'DESC' }}>
      <LumioDatagrid rowClick="edit">
        <TextField source="firstName" />
        <TextField source="lastName" />
        {/* Plain text, not a mailto link: a click on the row opens the review. */}
        <TextField source="email" />
        <TextField source="companyName" />
        <TextField source="legalForm" />
      </LumioDatagrid>
    </LumioList>
  );
}
