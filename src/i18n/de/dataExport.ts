/**
 * Texts of 'Meine Daten' on the profile (issue 28, part 3). They travel with the section's own
 * chunk (src/customRoutes/profile/DataExportSection.tsx), not in the areas' texts that every
 * signed-in screen loads; src/i18n/de.ts lists them for the complete catalogue.
 */
export const dataExportMessages = {
  app: {
    dataExport: {
      title: 'Meine Daten',
      text: 'Laden Sie eine Zusammenstellung aller Daten herunter, die Lumio über Sie speichert: eine lesbare Übersicht (HTML) und die Daten als JSON-Dateien, zusammen in einer ZIP-Datei. Sie wird im Hintergrund erstellt; wir benachrichtigen Sie per E-Mail, sobald sie bereitsteht. Danach können Sie sie 7 Tage lang hier herunterladen.',
      request: 'Meine Daten anfordern',
      requestAgain: 'Neu anfordern',
      requested: 'Ihre Daten werden zusammengestellt. Wir senden Ihnen eine E-Mail, sobald sie bereitstehen.',
      preparing: 'Wird erstellt …',
      readyUntil: 'Bereit bis %{date}',
      download: 'Herunterladen',
      downloading: 'Wird heruntergeladen …',
      failed: 'Die Zusammenstellung Ihrer Daten ist fehlgeschlagen. Bitte fordern Sie sie erneut an.',
      expired: 'Ihre letzte Zusammenstellung war bis %{date} verfügbar und wurde gelöscht.',
      loading: 'Meine Daten werden geladen …',
      loadFailed: 'Der Stand Ihrer Daten-Zusammenstellung konnte nicht geladen werden.',
    },
  },
};
