/**
 * Texts of the own company page (route company-management, title 'Firma'), its studio dialogs
 * (addStore, updateStore, deleteStore) and the 'Letzte Änderungen' section, which companies/{id}
 * shows too. Merged into src/i18n/de.ts. Column headers of the studios table and the company's
 * field labels are in companies.ts.
 */
export const companyMessages = {
  app: {
    companyManagement: {
      save: 'Änderungen übernehmen',
      savedText: 'Die Änderungen an Ihrer Firma wurden gespeichert.',
      noCompany: 'Ihrem Konto ist keine Firma zugeordnet.',
      loadFailed: 'Die Firma konnte nicht geladen werden.',
      // The registration's hints (src/i18n/de/registration.ts), for the same fields.
      phoneHint: 'Nur Ziffern, optional mit führendem +, 10 bis 16 Zeichen',
      addressHint: 'Straße, Hausnummer, PLZ und Ort',
    },
    stores: {
      add: 'Studio hinzufügen',
      addTitle: 'Studio hinzufügen',
      editTitle: 'Studio bearbeiten',
      systemIntegrator: 'System-Integrator',
      noSystemIntegrator: 'Kein System-Integrator',
      systemIntegratorHint: 'Optional: der System-Integrator, der dieses Studio betreut.',
      actions: 'Aktionen',
      open: 'Studio „%{name}“ bearbeiten',
      delete: 'Studio „%{name}“ löschen',
      deleteButton: 'Studio löschen',
      save: 'Speichern',
      deleteTitle: 'Studio löschen?',
      deleteText: 'Soll das Studio „%{name}“ wirklich gelöscht werden?',
      deleteConfirm: 'Löschen',
      created: 'Studio hinzugefügt',
      createdText: '„%{name}“ steht jetzt in der Liste Ihrer Studios.',
      updated: 'Studio geändert',
      updatedText: 'Die Änderungen an „%{name}“ wurden gespeichert.',
      deleted: 'Studio gelöscht',
      deletedText: '„%{name}“ wurde aus der Liste Ihrer Studios entfernt.',
    },
    companyHistory: {
      title: 'Letzte Änderungen',
      empty: 'Es wurden noch keine Änderungen aufgezeichnet.',
      loading: 'Die letzten Änderungen werden geladen …',
      loadFailed: 'Die letzten Änderungen konnten nicht geladen werden.',
      more: 'Ältere Änderungen anzeigen',
      /** Who acted: nobody signed in, the portal itself (e.g. a background job). */
      portal: 'Lumio (automatisch)',
      /** Who acted: one of the provider's administrators. */
      provider: '%{name} (Lumio)',
      byAt: '%{who}, %{when}',
      what: {
        companyUpdated: 'Firma geändert',
        storeCreated: 'Studio hinzugefügt',
        storeUpdated: 'Studio geändert',
        storeDeleted: 'Studio gelöscht',
        userUpdated: 'Persönliche Daten geändert',
        userEmailChanged: 'E-Mail-Adresse geändert',
        applicationApproved: 'Registrierung genehmigt und Firma angelegt',
        ownerActivationResent: 'Aktivierungsmail an den Inhaber erneut gesendet',
        userApproved: 'Konto freigegeben',
        userRejected: 'Registrierung abgelehnt',
        userRoleChanged: 'Rolle geändert',
        userDeleted: 'Benutzerkonto gelöscht',
        invitationCreated: 'Mitarbeitende eingeladen',
        invitationRenewed: 'Einladung erneut gesendet',
        userRegistered: 'Über Einladung registriert',
        eidBound: 'Ausweis per eID verknüpft',
        eidReviewOpened: 'Ausweisdaten weichen ab, Prüfung durch Lumio',
        eidReviewConfirmed: 'eID-Prüfung bestätigt, Ausweis verknüpft',
        eidReviewRejected: 'eID-Prüfung abgelehnt',
        applicationChanged: 'Registrierungsantrag bearbeitet',
        userChanged: 'Benutzerkonto geändert',
        other: 'Sonstige Änderung',
      },
      fields: {
        systemIntegratorId: 'System-Integrator',
        salutation: 'Anrede',
        firstName: 'Vorname',
        lastName: 'Nachname',
        birthDate: 'Geburtsdatum',
        email: 'E-Mail-Adresse',
        role: 'Rolle',
        status: 'Status',
      },
    },
  },
};
