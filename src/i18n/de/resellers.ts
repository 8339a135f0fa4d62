/** Texts of the route reseller and its dialogs createEditReseller and deleteReseller; merged into src/i18n/de.ts. */
export const resellersMessages = {
  resources: {
    resellers: {
      name: 'Reseller |||| Reseller',
      fields: {
        name: 'Name',
      },
      // react-admin's default page title of the list (heading and tab).
      page: {
        list: 'Reseller',
      },
    },
  },
  app: {
    resellers: {
      create: 'Reseller anlegen',
      createSave: 'Anlegen',
      editTitle: 'Reseller bearbeiten',
      save: 'Speichern',
      actions: 'Aktionen',
      delete: 'Reseller „%{name}“ löschen',
      deleteButton: 'Reseller löschen',
      deleteTitle: 'Reseller löschen?',
      deleteText: 'Soll der Reseller „%{name}“ wirklich gelöscht werden?',
      deleteConfirm: 'Löschen',
      // Spec section 8: 'Hat geklappt!' when a reseller was created, 'Reseller gelöscht'.
      createdTitle: 'Hat geklappt!',
      createdText: 'Der Reseller „%{name}“ wurde angelegt.',
      updatedTitle: 'Reseller geändert',
      updatedText: 'Der Reseller heißt jetzt „%{name}“.',
      deletedTitle: 'Reseller gelöscht',
      deletedText: 'Der Reseller „%{name}“ wurde gelöscht.',
      noSystemIntegrator: 'Ihrem Konto ist kein System-Integrator zugeordnet.',
    },
  },
};
