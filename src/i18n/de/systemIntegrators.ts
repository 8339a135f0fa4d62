/** Texts of the system-integrator screens and the dialog createEditSystemIntegrator; merged into src/i18n/de.ts. */
export const systemIntegratorsMessages = {
  resources: {
    'system-integrators': {
      name: 'System-Integrator |||| System-Integratoren',
      fields: {
        name: 'Name',
        code: 'Kennung',
      },
      // react-admin's default page title of the list (heading and tab).
      page: {
        list: 'System-Integrator',
      },
    },
  },
  app: {
    systemIntegrators: {
      create: 'System-Integrator anlegen',
      createSave: 'Anlegen',
      editTitle: 'System-Integrator bearbeiten',
      save: 'Speichern',
      // Spec section 8: 'Hat geklappt!' when a system integrator was created.
      createdTitle: 'Hat geklappt!',
      createdText: 'Der System-Integrator „%{name}“ wurde angelegt.',
      updatedTitle: 'System-Integrator geändert',
      updatedText: 'Die Änderungen an „%{name}“ wurden gespeichert.',
      codeReadOnly: 'Die Kennung kann nach dem Anlegen nicht mehr geändert werden.',
    },
  },
};
