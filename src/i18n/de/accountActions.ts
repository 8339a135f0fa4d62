/**
 * Texts of the actions on the own account: deleting the company while the registration is
 * unfinished (dialog deleteCompany) and the password change at the identity provider (route
 * profile). Spec texts are copied exactly ('Unternehmen löschen', 'Unternehmen wurde gelöscht',
 * 'Sie werden nun ausgeloggt.').
 */
export const accountActionsMessages = {
  app: {
    deleteCompany: {
      link: 'Unternehmen löschen',
      title: 'Unternehmen löschen',
      text: 'Ihr Unternehmen wird mit allen seinen Daten endgültig gelöscht: alle Studios, alle hochgeladenen Nachweise und alle Benutzerkonten des Unternehmens, auch Ihr eigenes. Das lässt sich nicht rückgängig machen.',
      countdown: 'Löschen ist in %{smart_count} Sekunde möglich. |||| Löschen ist in %{smart_count} Sekunden möglich.',
      ready: 'Sie können das Unternehmen jetzt löschen.',
      confirm: 'Endgültig löschen',
      successTitle: 'Unternehmen wurde gelöscht',
      successText: 'Sie werden nun ausgeloggt.',
    },
    passwordChange: {
      heading: 'Passwort',
      text: 'Ihr Passwort ändern Sie auf der Anmeldeseite von Lumio: Dort geben Sie Ihr aktuelles und zweimal Ihr neues Passwort ein und kommen danach hierher zurück.',
      button: 'Passwort ändern',
      changed: 'Ihr Passwort wurde geändert.',
    },
    secondFactor: {
      heading: 'Zwei-Faktor-Anmeldung',
      configured: 'eingerichtet',
      notConfigured: 'nicht eingerichtet',
      status: 'Zwei-Faktor-Anmeldung: %{state}',
      required:
        'Für Ihre Rolle ist die Zwei-Faktor-Anmeldung vorgeschrieben: Bei jeder Anmeldung geben Sie zusätzlich den Code aus Ihrer Authenticator-App ein.',
      optional:
        'Mit der Zwei-Faktor-Anmeldung geben Sie bei jeder Anmeldung zusätzlich einen Code aus einer Authenticator-App ein.',
      button: 'Zwei-Faktor-Anmeldung einrichten',
      configuredNow: 'Die Zwei-Faktor-Anmeldung wurde eingerichtet.',
    },
  },
};
