/** Texts of the system-integrator screens; merged into src/i18n/de.ts. */
export const systemIntegratorsMessages = {
  resources: {
    'system-integrators': {
      name: 'System-Integrator |||| System-Integratoren',
      fields: {
        name: 'Name',
        code: 'Kennung',
      },
      // react-admin's default page titles for this resource.
      page: {
        list: 'System-Integrator',
        create: 'System-Integrator anlegen',
        edit: 'System-Integrator %{recordRepresentation}',
      },
      notifications: {
        updated: 'Der System-Integrator wurde gespeichert.',
      },
    },
  },
  app: {
    systemIntegrators: {
      create: 'System-Integrator anlegen',
      createdTitle: 'Hat geklappt!',
      createdText: 'Der System-Integrator „%{name}“ wurde angelegt.',
      codeReadOnly: 'Die Kennung kann nach dem Anlegen nicht mehr geändert werden.',
    },
  },
};
