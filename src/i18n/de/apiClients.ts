/** Texts of the route api-clients (issue 26, part 3) and its dialogs; merged into src/i18n/de.ts. */
export const apiClientsMessages = {
  resources: {
    'api-clients': {
      name: 'API-Zugang |||| API-Zugänge',
      fields: {
        name: 'Name',
        clientId: 'Client-ID',
        createdAt: 'Angelegt',
        lastUsedAt: 'Zuletzt verwendet',
      },
      page: {
        list: 'API-Zugänge',
      },
    },
  },
  app: {
    apiClients: {
      intro:
        'Mit einem API-Zugang ruft Ihr Backoffice (z. B. ERP oder Shop) die Lumio-API ohne Anmeldung einer Person auf: Es holt sich Tokens mit dem OAuth-2.0-Verfahren Client Credentials.',
      create: 'API-Zugang anlegen',
      createSave: 'Anlegen',
      actions: 'Aktionen',
      neverUsed: 'Noch nicht verwendet',
      revoke: 'Widerrufen',
      revokeOf: 'API-Zugang „%{name}“ widerrufen',
      revokeTitle: 'API-Zugang widerrufen?',
      revokeText:
        'Soll der API-Zugang „%{name}“ wirklich widerrufen werden? Seine Tokens funktionieren sofort nicht mehr, und Aufrufe mit ihm werden abgelehnt.',
      revokeConfirm: 'Widerrufen',
      revokedTitle: 'API-Zugang widerrufen',
      revokedText: 'Der API-Zugang „%{name}“ funktioniert nicht mehr.',
      secretTitle: 'API-Zugang angelegt',
      secretIntro: 'Tragen Sie diese Angaben in Ihrem Backoffice ein. Es holt sich damit Tokens an der Token-Adresse.',
      clientIdLabel: 'Client-ID',
      secretLabel: 'Client-Secret',
      tokenUrlLabel: 'Token-Adresse (Token URL)',
      noSystemIntegrator: 'Ihrem Konto ist kein System-Integrator zugeordnet.',
    },
  },
};
