/**
 * Texts of the application shell: landing, imprint, header menu, footer, dashboard tiles. Spec
 * texts are copied exactly; tile descriptions translate the spec's explanations in parentheses.
 */
export const shellMessages = {
  app: {
    name: 'Lumio',
    loading: 'Wird geladen …',
    startupFailed: 'Lumio konnte nicht gestartet werden. Bitte laden Sie die Seite später erneut.',
    comingSoon: 'Dieser Bereich folgt in Kürze.',
    backToDashboard: 'Zur Übersicht',
    landing: {
      title: 'Willkommen bei Lumio',
      intro: 'Das Portal für Fotostudios: Registrierung, Identitätsprüfung per eID, Mitarbeitende und Lizenzen.',
      login: 'Jetzt anmelden',
      registerStudio: 'Fotostudio registrieren',
      pilotNotice: 'Lumio befindet sich in der Pilotphase. Änderungen kündigen wir Ihnen per E-Mail an.',
      logoAlt: 'Lumio',
      idleLogout: 'Sie wurden wegen Inaktivität abgemeldet.',
    },
    imprint: {
      title: 'Impressum',
      brandStatement: 'Lumio ist eine Marke der %{name}.',
      address: 'Anschrift',
      register: 'Registereintrag',
      vatId: 'Umsatzsteuer-Identifikationsnummer',
      contact: 'Kontakt',
    },
    footer: {
      copyright: '© %{year} Lumio',
      imprint: 'Impressum',
    },
    layout: {
      mainNavigation: 'Hauptmenü',
      menu: 'Menü',
      openMenu: 'Menü öffnen',
      closeMenu: 'Menü schließen',
      logout: 'Abmelden',
      /** The user menu's way to the password change (route profile). */
      passwordChange: 'Passwort ändern',
      /** The badge of 'Offene Anträge' (pending employees), read by screen readers. */
      pendingEmployees: '%{smart_count} Person wartet auf Freigabe |||| %{smart_count} Personen warten auf Freigabe',
    },
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
    },
    /** Tab titles ('… – Lumio') of pages whose own texts do not name them yet. */
    pageTitles: {
      employeeInvitation: 'Registrierung',
      emailChangeConfirmation: 'E-Mail-Änderung bestätigen',
      verify: 'eID-Verifizierung',
      profile: 'Profil',
      'profile-management': 'Profilverwaltung',
      employees: 'Mitarbeitende',
      administration: 'Verwaltung',
      'company-management': 'Firma',
      'identification-process-reports': 'Vorgangsauswertung anfordern',
      'license-management': 'Lizenzen',
      reseller: 'Reseller',
    },
    dashboard: {
      title: 'Übersicht',
      tiles: 'Bereiche',
      openApplicationCount: '%{smart_count} offener Antrag |||| %{smart_count} offene Anträge',
      openEidReviewCount: '%{smart_count} offene eID-Prüfung |||| %{smart_count} offene eID-Prüfungen',
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
