/**
 * Texts of the application shell: landing, imprint, header, footer, tab titles (the header menu,
 * the dashboard and its tiles are the signed-in app's alone: src/i18n/de/appShell.ts). Spec
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
      webhooks: 'Webhooks',
      'api-clients': 'API-Zugänge',
    },
  },
};
