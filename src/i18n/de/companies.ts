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
      ownerActivation: {
        title: 'Konto des Inhabers',
        loading: 'Wird geladen …',
        loadFailed: 'Der Stand der Kontoaktivierung konnte nicht geladen werden.',
        noOwner: 'Diese Firma hat kein Inhaber-Konto.',
        activated: 'Das Konto ist aktiviert: %{email} hat ein Passwort festgelegt.',
        pending: 'Die Aktivierung steht aus: %{email} hat noch kein Passwort festgelegt.',
        mailNone: 'Es wurde noch keine Aktivierungsmail verschickt.',
        mailQueued: 'Die letzte Aktivierungsmail wird gerade versendet.',
        mailRetrying:
          'Die letzte Aktivierungsmail konnte noch nicht zugestellt werden; der Versand wird automatisch wiederholt (bisher %{smart_count} Versuch). |||| Die letzte Aktivierungsmail konnte noch nicht zugestellt werden; der Versand wird automatisch wiederholt (bisher %{smart_count} Versuche).',
        mailSent: 'Die letzte Aktivierungsmail wurde am %{date} zugestellt.',
        mailFailed: 'Die Aktivierungsmail vom %{date} konnte nicht zugestellt werden.',
        resend: 'Aktivierungsmail erneut senden',
        confirmTitle: 'Aktivierungsmail erneut senden?',
        confirmText:
          '%{email} erhält eine neue E-Mail mit einem neuen Link zum Festlegen des Passworts (72 Stunden gültig). Links aus früheren E-Mails gelten danach nicht mehr.',
        confirmLabel: 'Erneut senden',
        successText: 'Die Aktivierungsmail wird an %{email} gesendet.',
      },
    },
  },
};
