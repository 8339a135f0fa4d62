/**
 * Texts of the route license-management (spec "Licence screens") and its dialogs createLicense,
 * updateLicense, createLicensePackage, updateLicensePackage and increaseLicensePackageAmount;
 * an area module (src/i18n/areas.ts). The spec's texts are copied exactly: the column headers,
 * 'Lizenz anlegen', 'Vorgangspaket anlegen', 'Zurück' and the success texts of section 8.
 */
export const licensesMessages = {
  resources: {
    'license-companies': {
      name: 'Firma |||| Firmen',
      // The level's heading (react-admin's list title); the tab adds where you are.
      page: { list: 'Lizenzen' },
      fields: {
        name: 'Firmenname',
        legalForm: 'Rechtsform',
      },
    },
    'license-studios': {
      name: 'Studio |||| Studios',
      // The level's heading (react-admin's list title); the tab adds where you are.
      page: { list: 'Studios' },
      fields: {
        name: 'Studioname',
        address: 'Adresse',
        country: 'Land',
      },
    },
    'studio-licenses': {
      name: 'Lizenz |||| Lizenzen',
      // The level's heading (react-admin's list title); the tab adds where you are.
      page: { list: 'Lizenzen' },
      fields: {
        key: 'Key',
        boundMachineId: 'Geräte-ID',
        postpaidAllowed: 'Postpaid erlaubt',
        suspended: 'Gesperrt',
        systemIntegrator: 'System-Integrator',
        reseller: 'Reseller',
      },
    },
    licenses: {
      name: 'Lizenz |||| Lizenzen',
      fields: {
        key: 'Lizenzschlüssel',
        resellerId: 'Reseller',
        postpaidAllowed: 'Postpaid erlaubt',
        boundMachineId: 'Geräte-ID',
        suspended: 'Gesperrt',
      },
    },
    'prepaid-packages': {
      name: 'Vorgangspaket |||| Vorgangspakete',
      // The level's heading (react-admin's list title); the tab adds where you are.
      page: { list: 'Vorgangspakete' },
      fields: {
        startDate: 'Gültig von',
        endDate: 'Gültig bis',
        amount: 'Anzahl',
        remainingAmount: 'Verbleibende Anzahl',
        usedAmount: 'Genutzte Anzahl',
        suspended: 'Gesperrt',
        state: 'Status',
      },
    },
  },
  app: {
    licenses: {
      /** Tab title of a level below the companies, e.g. 'Studios: Fotostudio Sonnenschein GmbH'. */
      tabTitle: '%{level}: %{where}',
      /** The trail above each list: where you are. */
      trail: 'Sie sind hier',
      trailRoot: 'Lizenzen',
      /** While a name is not known (not loaded yet, or not readable). */
      someCompany: 'Firma',
      someStudio: 'Studio',
      someLicense: 'Lizenz',
      back: 'Zurück',
      yes: 'Ja',
      no: 'Nein',
      noReseller: 'Kein Reseller',
      notBound: 'nicht gebunden',
      actions: 'Aktionen',
      noSystemIntegrator: 'Ihrem Konto ist kein System-Integrator zugeordnet.',
      // Dialog createLicense.
      create: 'Lizenz anlegen',
      createSave: 'Anlegen',
      createIntro: 'Die Lizenz gilt für das Studio „%{studio}“. Den Lizenzschlüssel erzeugt Lumio beim Anlegen.',
      createdTitle: 'Hat geklappt!',
      createdText: 'Die Lizenz wurde angelegt. Lizenzschlüssel: %{key}',
      // Dialog updateLicense.
      edit: 'Lizenz %{key} bearbeiten',
      editTitle: 'Lizenz bearbeiten',
      save: 'Speichern',
      machineIdHint: 'Leer lassen: an kein Gerät gebunden',
      updatedTitle: 'Lizenz geändert',
      updatedText: 'Die Lizenz %{key} wurde gespeichert.',
      packages: {
        create: 'Vorgangspaket anlegen',
        createSave: 'Anlegen',
        editTitle: 'Vorgangspaket bearbeiten',
        edit: 'Vorgangspaket %{start} bis %{end} bearbeiten',
        increase: 'Anzahl des Vorgangspakets %{start} bis %{end} erhöhen',
        showConsumption: 'Verbrauch des Vorgangspakets %{start} bis %{end} anzeigen',
        increaseTitle: 'Anzahl der Vorgänge erhöhen',
        increaseSave: 'Erhöhen',
        increaseAmount: 'Zusätzliche Vorgänge',
        increaseCurrent:
          'Das Vorgangspaket vom %{start} bis %{end} umfasst %{amount} Vorgänge, davon %{remaining} verbleibend.',
        readOnlyCounts: 'Die Anzahl ändert nur „Anzahl erhöhen“.',
        increaseButton: 'Anzahl erhöhen',
        createdTitle: 'Hat geklappt!',
        createdText: 'Das Vorgangspaket mit %{amount} Vorgängen (%{start} bis %{end}) wurde angelegt.',
        updatedTitle: 'Vorgangspaket geändert',
        updatedText: 'Das Vorgangspaket gilt vom %{start} bis %{end}.',
        // Spec section 8, word for word.
        increasedTitle: 'Anzahl der Vorgänge wurden erhöht.',
        increasedText: 'Das Vorgangspaket umfasst jetzt %{amount} Vorgänge.',
        /** packageState of src/domain/licenses.ts. */
        states: {
          valid: 'Gültig',
          usedUp: 'Aufgebraucht',
          expired: 'Abgelaufen',
          suspended: 'Gesperrt',
          future: 'Zukünftig',
        },
      },
    },
  },
};
