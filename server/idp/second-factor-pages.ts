import { renderIdpPage } from './login-page';

/** German texts of the second-factor pages (Keycloak's wording); the tests read them from here. */
export const SECOND_FACTOR_TEXTS = {
  title: 'Anmelden',
  code: 'Einmalcode',
  codeHint: 'Geben Sie den Code ein, den Ihre Authenticator-App zeigt.',
  login: 'Anmelden',
  invalidCode: 'Ungültiger Einmalcode.',
  missingCode: 'Bitte geben Sie den Einmalcode ein.',
  setupTitle: 'Zwei-Faktor-Anmeldung einrichten',
  setupIntro: 'Zum Schutz Ihres Kontos melden Sie sich künftig zusätzlich mit einem Einmalcode an.',
  step1:
    'Installieren Sie eine dieser Apps auf Ihrem Smartphone: FreeOTP, Google Authenticator, Microsoft Authenticator.',
  step2: 'Öffnen Sie die App und scannen Sie den QR-Code:',
  step2Manual: 'Sie können den QR-Code nicht scannen? Geben Sie stattdessen diesen Schlüssel in der App ein:',
  step3: 'Geben Sie den Einmalcode ein, den die App anzeigt, und klicken Sie auf „Speichern“.',
  qrAlt: 'QR-Code für die Authenticator-App',
  deviceName: 'Gerätename',
  deviceNameHint: 'Optional, damit Sie das Gerät später wiedererkennen.',
  save: 'Speichern',
  cancel: 'Abbrechen',
} as const;

const T = SECOND_FACTOR_TEXTS;

/** The code page after the right password (Keycloak's field name `otp`, button `kc-login`). */
export function renderCodePage(opts: { action: string; error?: string; footer: string }): string {
  return renderIdpPage('code', { ...opts, title: T.title, t: T });
}

export interface EnrolPageOptions {
  action: string;
  /** The QR code, an SVG the server made (qrcode); no user input is in it. */
  qrSvg: string;
  /** The key in groups of four. */
  groupedKey: string;
  userLabel?: string;
  error?: string;
  /** An application-initiated set-up (kc_action=CONFIGURE_TOTP) can be cancelled. */
  cancellable: boolean;
  footer: string;
}

/** The set-up page (Keycloak's ids: `kc-totp-secret-key`, `otp`, `userLabel`, `kc-login`). */
export function renderEnrolPage(opts: EnrolPageOptions): string {
  return renderIdpPage('enrol', { ...opts, userLabel: opts.userLabel ?? '', title: T.setupTitle, t: T });
}
