/**
 * Texts of the employees page (route employees, title 'Mitarbeitende'), the employee detail
 * (employees/{id}) and their dialogs approveEmployee, rejectEmployee, deleteEmployee and
 * employeeDeleted (spec sections 2 and 8). Merged into src/i18n/de.ts.
 */
export const employeesMessages = {
  resources: {
    employees: {
      name: 'Mitarbeitende |||| Mitarbeitende',
      fields: {
        salutation: 'Anrede',
        firstName: 'Vorname',
        lastName: 'Nachname',
        email: 'E-Mail',
        birthDate: 'Geburtsdatum',
        role: 'Rolle',
        status: 'Status',
      },
      // react-admin's list title (the page shows its own heading 'Mitarbeitende').
      page: {
        list: 'Mitarbeitende',
      },
    },
  },
  app: {
    employees: {
      title: 'Mitarbeitende',
      pending: 'Zu prüfende Mitarbeitende',
      all: 'Alle Mitarbeitenden',
      actions: 'Aktionen',
      personalData: 'Persönliche Daten',
      roleSection: 'Rolle',
      roleLabel: 'Rolle',
      roleHintReadOnly: 'Die Rolle Ihres eigenen Kontos und die eines Eigentümers können hier nicht geändert werden.',
      back: 'Zurück',
      save: 'Speichern',
      notFound: 'Diese Person gehört nicht (mehr) zu Ihrem Unternehmen.',
      invitations: {
        title: 'Offene Einladungen',
        empty: 'Keine offenen Einladungen.',
        loadFailed: 'Die offenen Einladungen konnten nicht geladen werden.',
        email: 'E-Mail',
        invitedAt: 'Eingeladen am',
        validUntil: 'Gültig bis',
        actions: 'Aktionen',
        resend: {
          button: 'Erneut senden',
          buttonLabel: 'Einladung an %{email} erneut senden',
          confirmTitle: 'Einladung erneut senden?',
          confirmText:
            'Soll die Einladung an %{email} erneut gesendet werden? Die Person erhält einen neuen Link, der 7 Tage gültig ist; der bisherige Link gilt dann nicht mehr.',
          confirmLabel: 'Erneut senden',
          successTitle: 'Das hat geklappt!',
          successText: 'Die Einladung an %{email} wurde erneut gesendet.',
        },
        withdraw: {
          button: 'Zurückziehen',
          buttonLabel: 'Einladung an %{email} zurückziehen',
          confirmTitle: 'Einladung zurückziehen?',
          confirmText:
            'Soll die Einladung an %{email} wirklich zurückgezogen werden? Der Link in der Einladung funktioniert danach nicht mehr.',
          confirmLabel: 'Zurückziehen',
          successTitle: 'Das hat geklappt!',
          successText: 'Die Einladung an %{email} wurde zurückgezogen.',
        },
      },
      approve: {
        button: 'Freigeben',
        confirmTitle: '%{name} freigeben?',
        confirmText:
          'Soll %{name} (%{email}) freigegeben werden? Die Person erhält damit Zugang zu Lumio für Ihr Unternehmen und wird per E-Mail benachrichtigt.',
        confirmLabel: 'Freigeben',
        successTitle: 'Das hat geklappt!',
        successText: '%{name} wurde erfolgreich aktiviert.',
      },
      reject: {
        button: 'Ablehnen',
        confirmTitle: '%{name} ablehnen?',
        confirmText:
          'Soll die Registrierung von %{name} (%{email}) wirklich abgelehnt werden? Die Person kann sich danach nicht mehr anmelden und wird per E-Mail benachrichtigt.',
        confirmLabel: 'Ablehnen',
        successTitle: 'Das hat geklappt!',
        successText: '%{name} wurde erfolgreich abgelehnt.',
      },
      delete: {
        button: 'Löschen',
        confirmTitle: '%{name} löschen?',
        confirmText:
          'Soll %{name} (%{email}) wirklich gelöscht werden? Das Benutzerkonto wird entfernt und alle Anmeldungen werden beendet.',
        confirmLabel: 'Löschen',
        successTitle: 'Das hat geklappt!',
        successText: '%{name} wurde erfolgreich gelöscht.',
      },
      roleChanged: {
        successTitle: 'Das hat geklappt!',
        successText: 'Die Rolle von %{name} wurde erfolgreich aktualisiert.',
      },
    },
  },
};
