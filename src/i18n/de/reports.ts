/**
 * Texts of the route identification-process-reports (spec "Identification process reports",
 * issue 14): the request form, its success dialog and the results table; an area module
 * (src/i18n/areas.ts). The spec's texts are copied exactly: 'Vorgangsauswertung anfordern',
 * 'Anfordern', 'Auswertung wurde angefordert', 'Ergebnisse aktualisieren', the columns and the
 * states 'Ausstehend', 'In Bearbeitung', 'Abgeschlossen'.
 */
export const reportsMessages = {
  resources: {
    'identification-process-reports': {
      name: 'Vorgangsauswertung |||| Vorgangsauswertungen',
      page: { list: 'Vorgangsauswertung anfordern' },
      fields: {
        lastModified: 'Timestamp',
        period: 'Zeitraum',
        company: 'Firma',
        systemIntegrator: 'Systemintegrator',
        reseller: 'Reseller',
        postPaidOnly: 'Postpaid',
        state: 'Status',
      },
    },
  },
  app: {
    reports: {
      title: 'Vorgangsauswertung anfordern',
      formHint:
        'Die Auswertung enthält alle Identifizierungsvorgänge des Zeitraums als CSV-Dateien in einer ZIP-Datei.',
      startDate: 'Datum von',
      endDate: 'Datum bis',
      company: 'Firma',
      reseller: 'Reseller',
      systemIntegrator: 'Systemintegrator',
      postPaid: 'Post-Paid',
      postPaidHint: 'nur Postpaid-Vorgänge',
      allCompanies: 'Alle Firmen',
      allResellers: 'Alle Reseller',
      allSystemIntegrators: 'Alle Systemintegratoren',
      noOptions: 'Keine Treffer',
      loadingOptions: 'Wird geladen …',
      request: 'Anfordern',
      requiredNote: '*Felder sind Pflichtfelder',
      // Spec section 8: 'Auswertung wurde angefordert' (takes a few minutes).
      requestedTitle: 'Auswertung wurde angefordert',
      requestedText:
        'Die Auswertung wird im Hintergrund erstellt, das kann einige Minuten dauern. Sobald sie abgeschlossen ist, können Sie sie unten herunterladen; Sie erhalten dann auch eine E-Mail.',
      results: 'Ergebnisse',
      refresh: 'Ergebnisse aktualisieren',
      actions: 'Aktionen',
      all: 'Alle',
      yes: 'Ja',
      no: 'Nein',
      period: '%{start} – %{end}',
      download: 'Auswertung %{period} herunterladen',
      downloadShort: 'Herunterladen',
      requestAgain: 'Erneut anfordern',
      requestAgainLabel: 'Auswertung %{period} erneut anfordern',
      failedHint: 'Die Auswertung konnte nicht erstellt werden.',
      states: {
        Pending: 'Ausstehend',
        InProgress: 'In Bearbeitung',
        Completed: 'Abgeschlossen',
        Failed: 'Fehlgeschlagen',
      },
    },
  },
};
