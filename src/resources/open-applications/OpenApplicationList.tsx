import { TextField } from 'react-admin';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import type { OpenApplicationListItem } from './types';

/** On a phone: the company, who applied and how to reach them; the legal form beside the name. */
const phoneRow: PhoneRow = {
  primaryText: (application: OpenApplicationListItem) => application.companyName,
  secondaryText: (application: OpenApplicationListItem) =>
    `${application.firstName} ${application.lastName}, ${application.email}`,
  tertiaryText: (application: OpenApplicationListItem) => application.legalForm,
};

/**
 * Spec "Open applications": confirmed, undecided applications, newest first (the API's default
 * order); columns Vorname, Nachname, E-Mail, Firmenname, Rechtsform; a row opens the review at
 * /open-applications/{id} (react-admin's edit route, rendered read-only by OpenApplicationDetail).
 */
export function OpenApplicationList() {
  return (
    <LumioList sort={{ field: 'lastModifiedAt', order: 'DESC' }}>
      <LumioDatagrid rowClick="edit" phoneRow={phoneRow}>
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
