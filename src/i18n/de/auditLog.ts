/**
 * Texts of the route audit-log ('Protokoll', issue 28, part 4) and of the SystemAdmin's
 * 'Datenlöschung' (administration/retention, part 2). Each screen's chunk brings them along
 * (src/resources/audit-log/AuditLogPage.tsx, src/resources/administration/RetentionRunList.tsx),
 * not the areas' chunk that every signed-in screen loads; merged into src/i18n/de.ts.
 */
export const auditLogMessages = {
  resources: {
    'audit-log': {
      name: 'Protokoll |||| Protokoll',
      fields: {
        at: 'Zeit',
        actor: 'Person',
        action: 'Aktion',
        subject: 'Gegenstand',
        companyName: 'Firma',
      },
      page: { list: 'Protokoll' },
    },
    'retention-runs': {
      name: 'Löschlauf |||| Löschläufe',
      page: { list: 'Datenlöschung' },
    },
  },
  app: {
    auditLog: {
      intro:
        'Wer wann was geändert oder entschieden hat, neueste Einträge zuerst. Die Einträge können nicht geändert oder gelöscht werden.',
      filters: 'Filter',
      from: 'Zeitraum von',
      to: 'Zeitraum bis',
      actor: 'Person',
      company: 'Firma',
      action: 'Aktion',
      all: 'Alle',
      allCompanies: 'Alle Firmen',
      resetFilters: 'Filter zurücksetzen',
      exportCsv: 'CSV exportieren',
      exporting: 'CSV wird erstellt …',
      csvFileName: 'Lumio-Protokoll',
      portal: 'Lumio (automatisch)',
      apiClient: 'API-Zugang',
      /** Who acted, when the retention run has erased the person (no name, no e-mail left). */
      erasedPerson: 'Gelöschte Person',
      noCompanies: 'Keine Firma gefunden',
      /** What a row is about when it records no name: the record's kind. */
      entityTypes: {
        administrator: 'Administrator',
        'api-client': 'API-Zugang',
        application: 'Registrierung',
        company: 'Firma',
        invitation: 'Einladung',
        license: 'Lizenz',
        package: 'Vorgangspaket',
        reseller: 'Reseller',
        store: 'Studio',
        user: 'Person',
        'webhook-endpoint': 'Webhook-Empfänger',
      },
    },
    retention: {
      title: 'Datenlöschung',
      intro:
        'Die letzten Läufe der täglichen Löschung personenbezogener Daten nach den Aufbewahrungsfristen, neueste zuerst: je Kategorie, wie viele Einträge geprüft, gelöscht und anonymisiert wurden.',
      back: 'Zurück zur Verwaltung',
      empty: 'Noch keine Löschläufe.',
      run: 'Lauf vom %{start}',
      started: 'Beginn',
      finished: 'Ende',
      notFinished: '–',
      status: 'Status',
      category: 'Kategorie',
      checked: 'geprüft',
      deleted: 'gelöscht',
      anonymised: 'anonymisiert',
    },
  },
};
