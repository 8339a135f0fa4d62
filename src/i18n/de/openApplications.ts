import { applicationFieldLabels } from './applicationFields';

/** Texts of 'Offene Anträge' and 'Antrag prüfen'; merged into src/i18n/de.ts. */
export const openApplicationsMessages = {
  resources: {
    'open-applications': {
      name: 'Offener Antrag |||| Offene Anträge',
      fields: {
        ...applicationFieldLabels,
        memberId: 'Mitgliedsnummer',
        lastModifiedAt: 'Registrierungszeitpunkt',
      },
      // react-admin's default page titles for this resource.
      page: {
        list: 'Offene Anträge',
        show: 'Antrag prüfen',
      },
    },
  },
  app: {
    openApplications: {
      applicantSection: 'Antragstellende Person',
      companySection: 'Unternehmen',
      stores: 'Studios',
      storeName: 'Studioname',
      storeAddress: 'Adresse',
      storeCountry: 'Land',
      attachments: 'Anlagen',
      noAttachments: 'Keine Anlagen vorhanden',
      download: '%{name} herunterladen',
      back: 'Zurück',
      notOpen: 'Dieser Antrag ist nicht mehr offen: Er wurde bereits bearbeitet.',
      accept: {
        button: 'Account & Unternehmen erstellen / Angaben bestätigen',
        confirmTitle: 'Antrag annehmen?',
        confirmText:
          'Die Angaben von „%{companyName}“ werden bestätigt. Dabei werden das Unternehmen, seine Studios und ein Account für %{name} (%{email}) erstellt. Diese Entscheidung kann nicht rückgängig gemacht werden.',
        confirmLabel: 'Annehmen',
        successTitle: 'Das hat geklappt!',
        successText:
          'Das Unternehmen „%{companyName}“ und der Account für %{name} wurden erstellt. %{name} erhält eine E-Mail an %{email}, um den Account zu aktivieren.',
      },
      reject: {
        button: 'Antrag ablehnen',
        confirmTitle: 'Antrag ablehnen?',
        confirmText:
          'Möchten Sie den Antrag von „%{companyName}“ wirklich ablehnen? %{name} wird per E-Mail an %{email} darüber informiert. Diese Entscheidung kann nicht rückgängig gemacht werden.',
        confirmLabel: 'Ablehnen',
        successTitle: 'Der Antrag wurde abgelehnt',
        successText: 'Die antragstellende Person wird per E-Mail informiert.',
      },
    },
  },
};
