import { createHash } from 'node:crypto';
import { pageTitle } from '../../src/domain/pageTitle';

/**
 * The embedded identity provider's own pages: server-rendered, German, no external assets.
 * Every value that reaches the HTML goes through escapeHtml.
 */

export const MESSAGES = {
  invalidCredentials: 'Ungültiger Benutzername oder Passwort.',
  tooManyAttempts: 'Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
  /** Keycloak's answer for a disabled account, shown only after the right password. */
  accountDisabled: 'Ihr Konto ist deaktiviert. Bitte wenden Sie sich an Ihr Unternehmen.',
} as const;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** CSP source for one inline script, so pages can run their script without 'unsafe-inline'. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d2b3a;
background:linear-gradient(160deg,#fdf6e3 0%,#e8eef7 60%,#dfe7f3 100%)}
main{width:100%;max-width:400px;margin:24px 16px;padding:32px 32px 28px;background:#fff;border-radius:12px;
box-shadow:0 10px 30px rgba(29,43,58,.12)}
.brand{display:flex;align-items:center;gap:10px;font-size:24px;font-weight:700;letter-spacing:.02em;margin-bottom:24px}
.brand i{width:28px;height:28px;border-radius:50%;background:radial-gradient(circle at 35% 35%,#ffe08a,#f5a623 60%,#d9820b);
box-shadow:0 0 12px rgba(245,166,35,.55)}
h1{font-size:20px;font-weight:600;margin:0 0 20px}
p{line-height:1.5}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}
input{width:100%;padding:10px 12px;font:inherit;font-size:16px;border:1px solid #b8c4d2;border-radius:6px;background:#fff;color:inherit}
input:focus{outline:2px solid #2f6fb5;outline-offset:1px;border-color:#2f6fb5}
input[aria-invalid=true]{border-color:#b3261e}
button,.button{display:block;width:100%;margin-top:24px;padding:11px 16px;font:inherit;font-size:16px;font-weight:600;color:#fff;
background:#1d4f91;border:0;border-radius:6px;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{background:#163e73}
button.secondary{margin-top:12px;color:#1d4f91;background:#fff;border:1px solid #1d4f91}
button.secondary:hover{background:#e8eef7}
.alert{padding:10px 12px;border-radius:6px;background:#fdecea;color:#8a1c14;border:1px solid #f3b8b2;font-size:14px;margin-bottom:4px}
footer{font-size:12px;color:#5b6b7c;margin-bottom:16px}
`;

export interface PageOptions {
  /** The page's heading; the tab reads 'title – Lumio' like the web app's pages. */
  title: string;
  body: string;
  footer: string;
  script?: string;
}

export function renderPage({ title, body, footer, script }: PageOptions): string {
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(pageTitle(title))}</title>
<style>${STYLE}</style>
${script ? `<script>${script}</script>` : ''}
</head>
<body>
<main>
<div class="brand"><i aria-hidden="true"></i><span>Lumio</span></div>
${body}
</main>
<footer>${escapeHtml(footer)}</footer>
</body>
</html>`;
}

export interface LoginFormOptions {
  action: string;
  username?: string;
  error?: string;
  footer: string;
}

/**
 * Keycloak's field names and ids (`username`, `password`, `kc-login`), so tests and tools written
 * for Keycloak work. `novalidate`: an empty field gets the server's German message, not the
 * browser's in the browser's language.
 */
export function renderLoginPage({ action, username = '', error, footer }: LoginFormOptions): string {
  const invalid = error ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  const body = `<h1>Anmelden</h1>
${error ? `<div class="alert" id="input-error" role="alert">${escapeHtml(error)}</div>` : ''}
<form id="kc-form-login" method="post" action="${escapeHtml(action)}" novalidate>
<label for="username">E-Mail-Adresse</label>
<input id="username" name="username" type="text" value="${escapeHtml(username)}" autocomplete="username" autocapitalize="none" spellcheck="false" required${username ? '' : ' autofocus'}${invalid}>
<label for="password">Passwort</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${username ? ' autofocus' : ''}${invalid}>
<button id="kc-login" name="login" type="submit">Anmelden</button>
</form>`;
  return renderPage({ title: 'Anmelden', body, footer });
}

/** A short message with a way back to the portal (errors, signed out). */
export function renderMessagePage(opts: { title: string; text: string; homeUrl: string; footer: string }): string {
  const body = `<h1>${escapeHtml(opts.title)}</h1>
<p>${escapeHtml(opts.text)}</p>
<a class="button" href="${escapeHtml(opts.homeUrl)}">Zur Startseite</a>`;
  return renderPage({ title: opts.title, body, footer: opts.footer });
}

export const AUTO_SUBMIT_SCRIPT =
  "document.addEventListener('DOMContentLoaded',function(){document.forms[0].submit()});";

/**
 * keycloak-js logs out with a plain GET and expects no question: oidc-provider's confirmation
 * form is sent on at once, with `logout=yes` added.
 */
export function renderLogoutPage(form: string, footer: string): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  const body = `<h1>Abmelden</h1>
${confirmed}
<noscript><button type="submit" form="op.logoutForm">Abmelden</button></noscript>`;
  return renderPage({ title: 'Abmelden', body, footer, script: AUTO_SUBMIT_SCRIPT });
}
