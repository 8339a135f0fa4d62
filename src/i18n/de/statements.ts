/**
 * Texts of the monthly statements (issue 27, part 3; src/resources/statements): a company's
 * 'Abrechnungen', the integrator's and the LumioAdmin's 'Abrechnungsexport'. The count columns are
 * the usage view's (app.usage.columns), so both name the same numbers alike.
 *
 * Not an area module: the statement screens' chunk adds these when it loads
 * (src/resources/statements/statementPages.ts), so the areas' chunk, which every signed-in screen
 * loads, carries only the links to them (./statementLinks.ts). src/i18n/de.ts has both.
 */

export const statementsMessages = {
  resources: {
    'company-statements': {
      name: 'Abrechnung |||| Abrechnungen',
      page: { list: 'Abrechnungen' },
      fields: {
        month: 'Monat',
        status: 'Status',
      },
    },
  },
  app: {
    statements: {
      title: 'Abrechnungen',
      intro:
        'Jede Monatsabrechnung zeigt je Studio und Gerät, was genutzt und was berechnet wird. Am 1. eines Monats wird die Abrechnung des Vormonats ausgestellt; danach ändert sie sich nicht mehr.',
      preview: 'vorläufig',
      issuedOn: 'ausgestellt am %{date}',
      openMonth: 'Abrechnung öffnen',
      monthTitle: 'Abrechnung %{month}',
      previewNotice:
        'Vorläufig: Der laufende Monat ist noch nicht abgeschlossen. Die Zahlen können sich bis zum Monatsende ändern.',
      issuedNotice:
        'Ausgestellt am %{date}. Eine ausgestellte Abrechnung ändert sich nicht mehr; wird ein Vorgang später storniert, erscheint er als Korrektur in der Abrechnung des Folgemonats.',
      company: 'Firma',
      legalForm: 'Rechtsform',
      address: 'Anschrift',
      period: 'Zeitraum',
      periodValue: '%{start} bis %{end}',
      integrators: 'System-Integrator',
      noIntegrators: 'Keiner',
      downloadPdf: 'PDF herunterladen',
      downloadCsv: 'CSV herunterladen',
      downloading: 'Wird heruntergeladen …',
      loading: 'Abrechnung wird geladen …',
      loadFailed: 'Die Abrechnung konnte nicht geladen werden.',
      studios: 'Studios und Geräte',
      studio: 'Studio %{name}',
      noStores: 'In diesem Monat gibt es keine Vorgänge.',
      devicesCaption: 'Geräte im Studio %{name}',
      columns: {
        device: 'Gerät',
        license: 'Lizenz',
        package: 'Prepaid-Paket (Zeitraum)',
        used: 'Prepaid genutzt',
        remaining: 'Rest am Monatsende',
        postpaid: 'Postpaid',
        cancelled: 'Storniert',
      },
      noPackage: 'ohne Paket',
      noPrepaid: 'kein Prepaid',
      corrections: 'Korrekturen',
      correctionsIntro:
        'Vorgänge früherer, bereits ausgestellter Monate, die danach storniert wurden: je eine Einheit weniger als dort berechnet.',
      noCorrections: 'Keine Korrekturen in diesem Monat.',
      correctionsCaption: 'Korrekturen',
      correctionColumns: {
        originalMonth: 'Abrechnung',
        store: 'Studio',
        device: 'Gerät',
        kind: 'Art',
        units: 'Einheiten',
        cancelledAt: 'Storniert am',
      },
      kinds: {
        prepaid: 'Prepaid',
        postpaid: 'Postpaid',
      },
      totals: 'Summen',
      totalsCaption: 'Summen je Studio',
      totalsStore: 'Studio',
      back: 'Zurück zu den Abrechnungen',
      backToCompany: 'Zurück zur Firma',
      month: 'Monat',
      integrator: {
        title: 'Abrechnungen',
        intro:
          'Was Sie je Monat berechnen: je Kundenfirma die Vorgänge auf Ihren Lizenzen. Eine Abrechnung wird am 1. des Folgemonats ausgestellt.',
        noCompanies: 'In diesem Monat gab es keine Vorgänge auf Ihren Lizenzen.',
        totalsCaption: 'Summen je Firma',
        totalsCompany: 'Firma',
        noIntegrator: 'Ihrem Konto ist kein System-Integrator zugeordnet.',
      },
      export: {
        title: 'Abrechnungsexport',
        intro:
          'Eine CSV-Datei je Monat mit den abrechenbaren Postpaid-Vorgängen und den genutzten Prepaid-Einheiten jeder Firma, je System-Integrator. Der laufende Monat ist vorläufig.',
      },
    },
  },
};
