/**
 * Texts of the usage view (src/resources/licenses/usage): the company's identification processes
 * per month, studio and device, and one package's consumption. Merged into src/i18n/de.ts as an
 * area module (src/i18n/areas.ts).
 */
export const usageMessages = {
  app: {
    usage: {
      title: 'Nutzung',
      intro:
        'Identifizierungsvorgänge je Monat, Studio und Gerät: aus einem Prepaid-Paket genommen, als Postpaid erfasst oder storniert.',
      cancelledNote:
        'Stornierte Vorgänge werden nicht berechnet. Abrechenbar sind nur Prepaid- und Postpaid-Vorgänge; ein stornierter Prepaid-Vorgang gibt seine Einheit an das Paket zurück.',
      store: 'Studio',
      allStores: 'Alle Studios',
      period: 'Zeitraum',
      lastMonths: 'Letzte %{smart_count} Monate',
      loading: 'Nutzungsdaten werden geladen …',
      loadFailed: 'Die Nutzungsdaten konnten nicht geladen werden.',
      chartLoading: 'Diagramm wird geladen …',
      showChart: 'Diagramm anzeigen',
      hideChart: 'Diagramm ausblenden',
      noData: 'Keine Vorgänge',
      summary:
        'Abrechenbar: %{billable} (Prepaid %{prepaid}, Postpaid %{postpaid}) · Storniert, nicht berechnet: %{cancelled}',
      range: '%{from} bis %{to}',
      chartLabel:
        'Balkendiagramm der Vorgänge je Monat von %{from} bis %{to}, gestapelt nach Prepaid, Postpaid und storniert. Die Zahlen stehen in der Tabelle „Vorgänge je Monat“.',
      monthsTitle: 'Vorgänge je Monat',
      breakdownTitle: 'Vorgänge je Studio und Gerät',
      breakdownMonth: 'Monat',
      wholePeriod: 'Gesamter Zeitraum',
      breakdownEmpty: 'In diesem Zeitraum gibt es keine Vorgänge.',
      columns: {
        month: 'Monat',
        store: 'Studio',
        device: 'Geräte-ID',
        prepaid: 'Prepaid',
        postpaid: 'Postpaid',
        cancelled: 'Storniert',
        billable: 'Abrechenbar',
      },
      total: 'Summe',
      consumption: {
        title: 'Verbrauch des Vorgangspakets',
        summary: 'Gültig vom %{start} bis %{end} · Anzahl %{amount} · Genutzt %{used} · Verbleibend %{remaining}',
        granularity: 'Ansicht',
        day: 'Täglich',
        week: 'Wöchentlich',
        loading: 'Verbrauch wird geladen …',
        loadFailed: 'Der Verbrauch des Pakets konnte nicht geladen werden.',
        notStarted: 'Das Paket beginnt am %{start}; bisher wurde nichts verbraucht.',
        noActivity: 'Aus diesem Paket wurden bisher keine Vorgänge genommen.',
        cancelledNote: 'Stornierte Vorgänge geben ihre Einheit an das Paket zurück und werden nicht berechnet.',
        chartLabel:
          'Diagramm des Verbrauchs: genutzte Vorgänge je %{unit} als Balken, verbleibende Anzahl als Linie. Die Zahlen stehen in der Tabelle darunter.',
        unitDay: 'Tag',
        unitWeek: 'Woche',
        tableTitle: 'Verbrauch je %{unit} (nur Zeiträume mit Vorgängen)',
        weekOf: 'Woche ab %{date}',
        columns: {
          day: 'Tag',
          week: 'Woche',
          used: 'Genutzt',
          cancelled: 'Storniert',
          remaining: 'Verbleibend',
        },
        states: {
          valid: 'Gültig',
          future: 'Noch nicht gültig',
          expired: 'Abgelaufen',
          usedUp: 'Aufgebraucht',
          suspended: 'Gesperrt',
        },
      },
    },
  },
};
