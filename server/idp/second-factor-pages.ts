import { escapeHtml, renderPage } from './login-page';

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

const EXTRA_STYLE = `<style>
ol.steps{padding-left:20px;margin:0 0 8px}ol.steps li{margin:8px 0;line-height:1.5}
.qr{display:block;width:200px;height:200px;margin:12px auto}
#kc-totp-secret-key{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:16px;letter-spacing:.05em;
background:#f3f6fa;padding:8px 10px;border-radius:6px}
.hint{font-size:13px;color:#5b6b7c;margin:4px 0 0}
</style>`;

function alert(error: string | undefined): string {
  return error ? `<div class="alert" id="input-error" role="alert">${escapeHtml(error)}</div>` : '';
}

function codeInput(error: string | undefined, autofocus: boolean): string {
  const invalid = error ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  return `<label for="otp">${T.code}</label>
<input id="otp" name="otp" type="text" autocomplete="one-time-code" inputmode="numeric" required${autofocus ? ' autofocus' : ''}${invalid}>`;
}

/** The code page after the right password (Keycloak's field name `otp`, button `kc-login`). */
export function renderCodePage(opts: { action: string; error?: string; footer: string }): string {
  const body = `<h1>${T.title}</h1>
${alert(opts.error)}
<form id="kc-otp-login-form" method="post" action="${escapeHtml(opts.action)}" novalidate>
<p class="hint">${T.codeHint}</p>
${codeInput(opts.error, true)}
<button id="kc-login" name="login" type="submit">${T.login}</button>
</form>`;
  return renderPage({ title: T.title, body, footer: opts.footer });
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
  const body = `${EXTRA_STYLE}
<h1>${T.setupTitle}</h1>
${alert(opts.error)}
<p>${T.setupIntro}</p>
<ol class="steps">
<li>${T.step1}</li>
<li>${T.step2}<span class="qr" role="img" aria-label="${T.qrAlt}">${opts.qrSvg}</span>
${T.step2Manual}<div id="kc-totp-secret-key">${escapeHtml(opts.groupedKey)}</div></li>
<li>${T.step3}</li>
</ol>
<form id="kc-totp-settings-form" method="post" action="${escapeHtml(opts.action)}" novalidate>
${codeInput(opts.error, Boolean(opts.error))}
<label for="userLabel">${T.deviceName}</label>
<input id="userLabel" name="userLabel" type="text" maxlength="100" value="${escapeHtml(opts.userLabel ?? '')}" autocomplete="off">
<p class="hint">${T.deviceNameHint}</p>
<button id="kc-login" name="login" type="submit">${T.save}</button>
${opts.cancellable ? `<button id="kc-cancel" class="secondary" type="submit" name="cancel-aia" value="true" formnovalidate>${T.cancel}</button>` : ''}
</form>`;
  return renderPage({ title: T.setupTitle, body, footer: opts.footer });
}
