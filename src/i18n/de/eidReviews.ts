/**
 * Texts of the LumioAdmin's eID reviews (route verification-check: list 'eID-Prüfungen' and the
 * comparison of profile and ID data with 'Bestätigen' and 'Ablehnen'). Merged into src/i18n/de.ts.
 */
export const eidReviewsMessages = {
  resources: {
    'verification-check': {
      name: 'eID-Prüfung |||| eID-Prüfungen',
      fields: {
        companyName: 'Firma',
        email: 'E-Mail',
        createdAt: 'Eingegangen am',
      },
      // react-admin's default page titles for this resource.
      page: {
        list: 'eID-Prüfungen',
        show: 'eID-Prüfung',
      },
    },
  },
  app: {
    eidReviews: {
      name: 'Name',
      role: 'Rolle',
      personSection: 'Person',
      back: 'Zurück',
      comparison: {
        title: 'Profil und Ausweis',
        intro: 'Gehört der Ausweis dennoch zu dieser Person?',
        data: 'Angabe',
        profile: 'Profil',
        document: 'Ausweis',
        result: 'Abgleich',
        salutation: 'Anrede',
        firstName: 'Vorname / Vornamen',
        lastName: 'Nachname / Familienname',
        birthDate: 'Geburtsdatum',
        documentType: 'Dokumentart',
        matches: 'stimmt überein',
        differs: 'weicht ab',
      },
      confirm: {
        button: 'Bestätigen',
        confirmTitle: 'Identität von %{name} bestätigen?',
        confirmText:
          'Der Ausweis wird trotz der Abweichung als Ausweis von %{name} (%{email}) anerkannt und mit dem Konto verknüpft. %{name} wird per E-Mail benachrichtigt.',
        successTitle: 'Das hat geklappt!',
        successText: 'Die Identität von %{name} ist bestätigt; der Ausweis ist mit dem Konto verknüpft.',
      },
      reject: {
        button: 'Ablehnen',
        confirmTitle: 'Verifizierung von %{name} ablehnen?',
        confirmText:
          'Der Ausweis wird nicht mit dem Konto von %{name} (%{email}) verknüpft. %{name} wird per E-Mail benachrichtigt und kann die Verifizierung erneut starten.',
        reasonLabel: 'Grund der Ablehnung',
        reasonHelp:
          'Die Person liest den Grund in der E-Mail und bei der eID-Verifizierung. Nennen Sie, was nicht übereinstimmt.',
        successTitle: 'Die Verifizierung wurde abgelehnt',
        successText: '%{name} wird per E-Mail informiert.',
      },
    },
  },
};
