/**
 * German labels of a company application's fields (spec section 3), shared by the public
 * registration and the provider's review so that both name a field the same way.
 */
export const applicationFieldLabels = {
  salutation: 'Anrede',
  firstName: 'Vorname',
  lastName: 'Nachname',
  birthDate: 'Geburtsdatum',
  email: 'E-Mail',
  companyName: 'Firmenname',
  legalForm: 'Rechtsform',
  address: 'Adresse',
  country: 'Land',
  phoneNumber: 'Telefonnummer',
  phoneNumber2: 'Telefonnummer 2',
  website: 'Webseite',
  memberId: 'Mitgliedsnummer Photo-Trade-Verband',
} as const;
