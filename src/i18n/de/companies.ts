/** Texts of 'Firmen' and the read-only 'Firma' (companies/{id}); merged into src/i18n/de.ts. */
export const companiesMessages = {
  resources: {
    companies: {
      name: 'Firma |||| Firmen',
      fields: {
        name: 'Firmenname',
        legalForm: 'Rechtsform',
        address: 'Adresse',
        country: 'Land',
        phoneNumber: 'Telefonnummer 1',
        phoneNumber2: 'Telefonnummer 2',
        website: 'Webseite',
        memberId: 'Mitgliedsnummer Photo-Trade-Verband',
      },
      // react-admin's default page titles for this resource.
      page: {
        list: 'Firmen',
        show: 'Firma',
      },
    },
  },
  app: {
    companies: {
      // The spec's column header of the companies list, spelled as the spec spells it.
      legalFormColumn: 'Rechtform',
      companySection: 'Unternehmen',
      stores: 'Studios',
      storeName: 'Studioname',
      storeAddress: 'Adresse',
      storeCountry: 'Land',
      back: 'Zurück',
    },
  },
};
