/**
 * Texts of the own profile ('Profilverwaltung') and of the e-mail change's confirmation pages;
 * profileMessages is merged into src/i18n/de.ts, emailChangeConfirmMessages travels with the
 * public confirmation page's chunk.
 */
export const profileMessages = {
  app: {
    profile: {
      title: 'Profilverwaltung',
      loading: 'Ihr Profil wird geladen …',
      fields: {
        salutation: 'Anrede',
        firstName: 'Vorname',
        lastName: 'Nachname',
        birthDate: 'Geburtsdatum',
        email: 'E-Mail',
        role: 'Rolle',
        systemIntegrator: 'Systemintegrator',
      },
      birthDateHint: 'TT.MM.JJJJ',
      save: 'Änderungen übernehmen',
      readOnlyHint: 'Ihre persönlichen Daten können nach der Registrierung nicht mehr geändert werden.',
      adminReadOnlyHint: 'Ihren Namen kann nur ein Systemadministrator ändern.',
      emailHint: 'Eine neue E-Mail-Adresse wird erst nach der Bestätigung über einen Link wirksam.',
      saved: 'Ihre persönlichen Daten wurden gespeichert.',
      emailChangeRequested:
        'Bitte prüfen Sie Ihr Postfach: Wir haben einen Bestätigungslink an %{email} gesendet. Sie werden jetzt abgemeldet und können sich nach der Bestätigung mit der neuen E-Mail-Adresse anmelden.',
      verify: {
        title: 'Identität',
        link: 'Zur eID-Verifizierung',
        text: 'Bevor Sie das System nutzen können, verifizieren Sie Ihre Identität mit Ihrem Personalausweis.',
        done: 'Ihre Identität ist mit der eID-Verifizierung bestätigt.',
      },
      password: {
        title: 'Passwort und Anmeldung',
        text: 'Ihr Passwort und die Zwei-Faktor-Anmeldung verwalten Sie auf einer eigenen Seite.',
        link: 'Passwort ändern',
      },
    },
  },
};

export const emailChangeConfirmMessages = {
  app: {
    emailChangeConfirm: {
      loading: 'Ihre neue E-Mail-Adresse wird bestätigt …',
      title: 'E-Mail-Adresse wurde geändert!',
      text: 'Sie können sich ab sofort mit %{email} anmelden. Alle bisherigen Anmeldungen wurden beendet.',
      login: 'Zum Login',
      failedTitle: 'E-Mail-Adresse nicht geändert',
      toLanding: 'Zur Startseite',
    },
  },
};
