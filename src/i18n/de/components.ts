import { ERROR_DIALOG_TITLE } from '../../domain/errorCatalogue';

/**
 * Texts of the shared components (lists, dialogs, forms). Merged into src/i18n/de.ts under `app`;
 * polyglot placeholders are %{name}.
 */
export const componentsMessages = {
  app: {
    list: {
      searchPlaceholder: 'Suchbegriff eingeben',
      search: 'Suchen',
      clearSearch: 'Suche zurücksetzen',
      total: 'Gesamt: %{total}',
      noData: 'Keine Daten vorhanden',
      noSearchResults: 'Keine Suchergebnisse für "%{term}"',
      itemsPerPage: 'Artikel pro Seite:',
      pageOf: 'Seite %{page} von %{pages}',
      firstPage: 'Erste Seite',
      lastPage: 'Letzte Seite',
      nextPage: 'Nächste Seite',
      previousPage: 'Vorherige Seite',
    },
    dialog: {
      ok: 'Ok',
      cancel: 'Abbrechen',
      confirm: 'Bestätigen',
      errorTitle: ERROR_DIALOG_TITLE,
      successTitle: 'Das hat geklappt!',
    },
  },
};
