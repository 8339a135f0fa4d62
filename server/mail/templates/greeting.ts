/** The person a mail is addressed to, as the application names them. */
export interface Addressee {
  salutation: string | null;
  firstName: string;
  lastName: string;
}

/**
 * The German salutation line: "Guten Tag Herr Becker," for Herr and Frau; with "Divers",
 * "Keine Anrede" or none the full name is used, which addresses everyone correctly. The text
 * that follows starts in lower case, as German letters do after the comma.
 */
export function greeting({ salutation, firstName, lastName }: Addressee): string {
  if (salutation === 'Herr' || salutation === 'Frau') return `Guten Tag ${salutation} ${lastName},`;
  return `Guten Tag ${`${firstName} ${lastName}`.trim()},`;
}
