/**
 * The ways to the monthly statements (issue 27): an area module (src/i18n/areas.ts), kept apart
 * from the statement screens' own texts (./statements.ts), which their chunk brings along.
 */
/**
 * The section 'Abrechnungen' on 'Firma' (company-management) and on the LumioAdmin's company page;
 * the integrator's button on its 'Lizenzen' (title) and the LumioAdmin's on 'Firmen' (export).
 */
export const statementLinkMessages = {
  app: {
    statements: {
      link: {
        title: 'Abrechnungen',
        text: 'Monatsabrechnungen der Studios: was genutzt und was berechnet wird, als PDF und CSV.',
        button: 'Abrechnungen ansehen',
        export: 'Abrechnungsexport',
      },
    },
  },
};
