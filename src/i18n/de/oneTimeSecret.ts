/** Texts of the dialog that shows a new secret once (webhook secret, API client secret); merged into src/i18n/de.ts. */
export const oneTimeSecretMessages = {
  app: {
    oneTimeSecret: {
      hint: 'Das Geheimnis wird nur jetzt angezeigt und kann später nicht mehr abgerufen werden. Kopieren Sie es und bewahren Sie es sicher auf.',
      copy: '%{label} kopieren',
      copied: '%{label} in die Zwischenablage kopiert.',
      copyFailed: 'Das Kopieren hat nicht geklappt. Bitte markieren und kopieren Sie den Text selbst.',
      done: 'Ich habe es gespeichert',
    },
  },
};
