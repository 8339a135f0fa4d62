/**
 * Texts of the signed-in shell only: the header menu, the dashboard and its tiles (spec section 2).
 * Split off src/i18n/de/shell.ts (issue 28), whose texts the public pages (landing, registration,
 * invitation) download as well: these travel with the admin app (src/i18n/shellModules.ts).
 */
export const appShellMessages = {
  app: {
    menu: {
      dashboard: 'Übersicht',
      verify: 'eID-Verifizierung',
      administration: 'Verwaltung',
      companyManagement: 'Firma & Studio',
      companies: 'Firmen',
      licenses: 'Lizenzen',
      reseller: 'Reseller',
      employees: 'Mitarbeitende',
      openApplications: 'Offene Anträge',
      identificationProcessReports: 'Vorgangsauswertung',
      systemIntegrators: 'System-Integrator',
      webhooks: 'Webhooks',
      apiClients: 'API-Zugänge',
      // Issue 28: the audit log, for LumioAdmin, SystemAdmin and Owner (a menu entry, no tile).
      auditLog: 'Protokoll',
    },
    dashboard: {
      title: 'Übersicht',
      tiles: 'Bereiche',
      openApplicationCount: '%{smart_count} offener Antrag |||| %{smart_count} offene Anträge',
      openEidReviewCount: '%{smart_count} offene eID-Prüfung |||| %{smart_count} offene eID-Prüfungen',
      /** 'Was ansteht' below the tiles (issue 25): each figure a link to the screen that handles it. */
      pending: {
        title: 'Was ansteht',
        loading: 'Zahlen werden geladen …',
        pendingEmployees: '%{smart_count} Person wartet auf Freigabe |||| %{smart_count} Personen warten auf Freigabe',
        processes: 'Identifikationsvorgänge',
        processesLink: 'Zur Nutzung',
        month: 'Monat',
        thisMonth: 'Dieser Monat',
        lastMonth: 'Letzter Monat',
        prepaid: 'Prepaid',
        postpaid: 'Postpaid',
        cancelled: 'Storniert',
        packagesUsedUp: '%{smart_count} Paket aufgebraucht |||| %{smart_count} Pakete aufgebraucht',
        packagesLow:
          '%{smart_count} Paket unter der Hinweisschwelle |||| %{smart_count} Pakete unter der Hinweisschwelle',
        packagesEnding:
          '%{smart_count} Paket endet in den nächsten 30 Tagen |||| %{smart_count} Pakete enden in den nächsten 30 Tagen',
        licensesActive: '%{smart_count} Lizenz aktiv |||| %{smart_count} Lizenzen aktiv',
        licensesSuspended: '%{smart_count} Lizenz gesperrt |||| %{smart_count} Lizenzen gesperrt',
        eidMissing: 'Ihre eID-Verifizierung fehlt noch.',
        eidInReview: 'Ihre eID-Daten werden vom Anbieter geprüft.',
        approvalMissing: 'Die Freigabe durch Ihre Firma steht noch aus.',
        nothingMissing: 'Für Ihr Konto steht nichts an.',
        openApplications: '%{smart_count} offener Antrag |||| %{smart_count} offene Anträge',
        openEidReviews: '%{smart_count} offene eID-Prüfung |||| %{smart_count} offene eID-Prüfungen',
        companiesApproved:
          '%{smart_count} Firma in diesem Monat freigegeben |||| %{smart_count} Firmen in diesem Monat freigegeben',
        chartTitle: 'Vorgänge je Tag, letzte 30 Tage',
        chartSummary: '%{total} Vorgänge in 30 Tagen, am meisten %{max} an einem Tag',
        chartShow: 'Diagramm anzeigen',
        chartHide: 'Diagramm ausblenden',
        chartLabel: 'Balkendiagramm: %{total} Vorgänge vom %{from} bis %{to}, am meisten %{max} an einem Tag',
        administrators: '%{smart_count} Administrator |||| %{smart_count} Administratoren',
        systemIntegrators: '%{smart_count} System-Integrator |||| %{smart_count} System-Integratoren',
        mailsWaiting: '%{smart_count} Mail wartet im Postausgang |||| %{smart_count} Mails warten im Postausgang',
        oldestMail: 'älteste seit %{smart_count} Minute |||| älteste seit %{smart_count} Minuten',
        failedJobs:
          '%{smart_count} Hintergrundauftrag in 24 Stunden fehlgeschlagen |||| %{smart_count} Hintergrundaufträge in 24 Stunden fehlgeschlagen',
      },
    },
    tiles: {
      profileManagement: {
        title: 'Profilverwaltung',
        description: 'Eigenes Profil ansehen und bearbeiten.',
      },
      employees: {
        title: 'Mitarbeitende',
        description: 'Übersicht über die Mitarbeitenden Ihres Unternehmens.',
      },
      verify: {
        title: 'eID-Verifizierung',
        description:
          'Bevor Sie das System nutzen können, müssen Sie sich mit Ihrem Personalausweis über ein eID-Verfahren eines externen Anbieters verifizieren.',
        // Issue 25: where the person stands once the eID step is taken (src/domain/eidReview.ts eidProgress).
        descriptions: {
          waitingForRelease:
            'Ihr Ausweis ist mit Ihrem Konto verknüpft. Ihr Unternehmen muss Ihr Konto noch freigeben; danach können Sie Lumio nutzen.',
          reviewOpen:
            'Ihre Angaben werden manuell geprüft. Sie erhalten eine E-Mail, sobald die Prüfung abgeschlossen ist.',
          reviewRejected:
            'Ihre letzte eID-Verifizierung wurde nicht bestätigt. Bitte prüfen Sie Ihre Angaben und verifizieren Sie sich erneut.',
        },
      },
      reseller: {
        title: 'Reseller',
        description: 'Reseller ansehen und verwalten.',
      },
      companyManagement: {
        title: 'Firma & Studios',
        description: 'Eigene Firma und Filialen (Studios) verwalten.',
      },
      administration: {
        title: 'Verwaltung',
        description: 'Administrator-Accounts verwalten.',
      },
      companies: {
        title: 'Firmen',
        description: 'Registrierte Firmen ansehen.',
      },
      openApplications: {
        title: 'Offene Anträge',
        description: 'Offene Anträge bestätigen und verwalten.',
      },
      eidReviews: {
        title: 'eID-Prüfungen',
        description: 'Abweichende Ausweisdaten prüfen und bestätigen oder ablehnen.',
      },
      identificationProcessReports: {
        title: 'Vorgangsauswertung',
        description: 'Übersicht und Download der Vorgänge.',
      },
      licenses: {
        title: 'Lizenzen',
        description: 'Lizenzen und Vorgangspakete im Überblick.',
      },
      systemIntegrators: {
        title: 'System-Integrator',
        description: 'Übersicht und Verwaltung der System-Integratoren.',
      },
    },
  },
};
