/**
 * Texts of the administration (route administration, title 'Verwaltung') and its dialogs
 * createAdmin and deleteAdmin, plus the renaming of another administrator (spec sections 2, 5 and
 * 8). Merged into src/i18n/de.ts.
 */
export const administrationMessages = {
  resources: {
    administration: {
      name: 'Administrator |||| Administratoren',
      fields: {
        firstName: 'Vorname',
        lastName: 'Nachname',
        email: 'E-Mail',
        role: 'Rolle',
        systemIntegratorId: 'System-Integrator',
      },
      // react-admin's list title: the page's <h1> and the tab.
      page: {
        list: 'Verwaltung',
      },
    },
  },
  app: {
    administration: {
      actions: 'Aktionen',
      exportCsv: 'Als CSV exportieren',
      /** Issue 28: the SystemAdmin's way to the retention job's runs. */
      retention: 'Datenlöschung',
      /** The CSV file's name without '.csv' (spec section 9); %{date} is the day without dots. */
      csvFileName: 'Verwaltung_%{date}',
      create: {
        button: 'Admin Account anlegen',
        title: 'Admin Account anlegen',
        submit: 'Erstellen',
        requiredNote: '*Felder sind Pflichtfelder',
        successTitle: '%{role} erstellt',
        successText: '%{name} erhält an %{email} eine E-Mail mit einem Link, um ein Passwort festzulegen.',
      },
      edit: {
        button: 'Bearbeiten',
        title: 'Administrator bearbeiten',
        save: 'Speichern',
        successText: 'Die Änderungen an %{name} wurden gespeichert.',
      },
      delete: {
        button: 'Löschen',
        confirmTitle: 'Administrator löschen?',
        confirmText:
          'Soll %{name} (%{email}, %{role}) wirklich gelöscht werden? Das Konto wird entfernt und alle Anmeldungen werden beendet.',
        confirmLabel: 'Löschen',
        successTitle: 'Administrator gelöscht',
        successText: '%{name} wurde gelöscht.',
      },
      resetSecondFactor: {
        button: 'Zwei-Faktor-Anmeldung zurücksetzen',
        confirmTitle: 'Zwei-Faktor-Anmeldung zurücksetzen?',
        confirmText:
          'Soll die Zwei-Faktor-Anmeldung von %{name} (%{email}) wirklich zurückgesetzt werden? %{name} muss sie bei der nächsten Anmeldung neu einrichten; alle Anmeldungen werden beendet.',
        confirmLabel: 'Zurücksetzen',
        successText: 'Die Zwei-Faktor-Anmeldung wurde zurückgesetzt.',
      },
    },
  },
};
