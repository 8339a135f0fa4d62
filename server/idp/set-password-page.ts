import { PASSWORD_RULES } from '../../src/domain/password';
import { escapeHtml, renderPage } from './login-page';

/** German texts of the set-password page; the tests and the browser test read them from here. */
export const SET_PASSWORD_TEXTS = {
  title: 'Passwort festlegen',
  intro: 'Legen Sie das Passwort für Ihr Lumio-Konto fest.',
  account: 'Konto',
  password: 'Passwort',
  passwordRepeat: 'Passwort wiederholen',
  rulesHeading: 'Ihr Passwort muss Folgendes erfüllen:',
  submit: 'Passwort speichern',
  savedTitle: 'Passwort gespeichert',
  saved: 'Ihr Passwort wurde gespeichert.',
  login: 'Jetzt anmelden',
  invalidTitle: 'Link ungültig',
  invalid: 'Der Link ist ungültig oder abgelaufen.',
  home: 'Zur Startseite',
  forbiddenTitle: 'Anfrage abgelehnt',
  forbidden: 'Die Anfrage kam nicht von dieser Seite. Bitte öffnen Sie den Link aus Ihrer E-Mail erneut.',
  tooManyTitle: 'Zu viele Versuche',
  tooMany: 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
} as const;

const T = SET_PASSWORD_TEXTS;

export interface SetPasswordFormOptions {
  action: string;
  token: string;
  email: string;
  errors?: string[];
  footer: string;
}

/**
 * The form, with Keycloak's field names of its update-password page (`password-new`,
 * `password-confirm`). The one-time token travels in a hidden field: it is the form's secret, so
 * a forged cross-site post cannot know it. The e-mail is shown and offered to password managers
 * as the user name. `novalidate`, and no minlength or maxlength: the server checks the rules and
 * answers in German, where the browser would answer in its own language, and a maxlength would
 * silently cut a longer pasted password instead of saying that it is too long.
 */
export function renderSetPasswordPage({ action, token, email, errors = [], footer }: SetPasswordFormOptions): string {
  const invalid = errors.length ? ' aria-invalid="true" aria-describedby="input-error password-rules"' : '';
  const described = errors.length ? '' : ' aria-describedby="password-rules"';
  const alert = errors.length
    ? `<div class="alert" id="input-error" role="alert">${errors.map(escapeHtml).join('<br>')}</div>`
    : '';
  const body = `<h1>${T.title}</h1>
<p>${T.intro}</p>
${alert}
<form id="kc-passwd-update-form" method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="username">${T.account}</label>
<input id="username" name="username" type="email" value="${escapeHtml(email)}" autocomplete="username" readonly>
<label for="password-new">${T.password}</label>
<input id="password-new" name="password-new" type="password" autocomplete="new-password" required autofocus${invalid}${described}>
<label for="password-confirm">${T.passwordRepeat}</label>
<input id="password-confirm" name="password-confirm" type="password" autocomplete="new-password" required${invalid}>
<div id="password-rules">
<p>${T.rulesHeading}</p>
<ul>
${PASSWORD_RULES.map((rule) => `<li>${escapeHtml(rule)}</li>`).join('\n')}
</ul>
</div>
<button id="kc-submit" type="submit">${T.submit}</button>
</form>`;
  return renderPage({ title: T.title, body, footer });
}

/** After success: the way to log in is the portal's landing page, where keycloak-js starts the login. */
export function renderPasswordSavedPage(loginUrl: string, footer: string): string {
  const body = `<h1>${T.savedTitle}</h1>
<p role="status">${T.saved}</p>
<a class="button" id="kc-login-link" href="${escapeHtml(loginUrl)}">${T.login}</a>`;
  return renderPage({ title: T.savedTitle, body, footer });
}

/** Unknown, used or expired link; also a refused request and the rate limit, each with its text. */
export function renderSetPasswordMessage(
  kind: 'invalid' | 'forbidden' | 'tooMany',
  homeUrl: string,
  footer: string,
): string {
  const [title, text] =
    kind === 'invalid'
      ? [T.invalidTitle, T.invalid]
      : kind === 'forbidden'
        ? [T.forbiddenTitle, T.forbidden]
        : [T.tooManyTitle, T.tooMany];
  const body = `<h1>${title}</h1>
<p role="alert">${text}</p>
<a class="button" href="${escapeHtml(homeUrl)}">${T.home}</a>`;
  return renderPage({ title, body, footer });
}
