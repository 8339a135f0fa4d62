import type { FastifyReply } from 'fastify';
import { pageTitle } from '../../src/domain/pageTitle';
import { renderView } from '../html';

/**
 * The embedded identity provider's own pages: server-rendered, German, no external assets; the
 * templates are server/views/idp/, each in the IdP's frame (views/idp/frame.eta) in the one page shell.
 */

export const MESSAGES = {
  invalidCredentials: 'Ungültiger Benutzername oder Passwort.',
  tooManyAttempts: 'Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
  /** Keycloak's answer for a disabled account, shown only after the right password. */
  accountDisabled: 'Ihr Konto ist deaktiviert. Bitte wenden Sie sich an Ihr Unternehmen.',
} as const;

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
  footer: string;
  /** An inline script, hashed for the page's CSP from the same constant (cspHash). */
  script?: string;
  /** What the view itself shows. */
  [field: string]: unknown;
}

/** Renders views/idp/<view>.eta in the IdP's frame with its style. */
export function renderIdpPage(view: string, { title, ...data }: PageOptions): string {
  return renderView(`idp/${view}`, { ...data, heading: title, title: pageTitle(title), style: STYLE });
}

export interface LoginFormOptions {
  action: string;
  /** 'Passwort vergessen?' (server/idp/forgot-password.ts). */
  resetUrl: string;
  username?: string;
  error?: string;
  footer: string;
}

/**
 * Keycloak's field names and ids (`username`, `password`, `kc-login`), so tests and tools written
 * for Keycloak work. `novalidate`: an empty field gets the server's German message, not the
 * browser's in the browser's language.
 */
export function renderLoginPage({ action, resetUrl, username = '', error, footer }: LoginFormOptions): string {
  return renderIdpPage('login', { title: 'Anmelden', footer, action, resetUrl, username, error });
}

/** A short message with a way back to the portal (errors, signed out). */
export function renderMessagePage(opts: { title: string; text: string; homeUrl: string; footer: string }): string {
  return renderIdpPage('message', opts);
}

export const AUTO_SUBMIT_SCRIPT =
  "document.addEventListener('DOMContentLoaded',function(){document.forms[0].submit()});";

/**
 * keycloak-js logs out with a plain GET and expects no question: oidc-provider's confirmation
 * form is sent on at once, with `logout=yes` added.
 */
export function renderLogoutPage(form: string, footer: string): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return renderIdpPage('logout', { title: 'Abmelden', footer, script: AUTO_SUBMIT_SCRIPT, form: confirmed });
}

export interface IdpPageHeaders {
  /**
   * 'same-origin' where the page's own form post must carry an Origin header (with no-referrer,
   * browsers send "Origin: null") and a token in the URL must not leak to other sites.
   */
  referrerPolicy?: 'same-origin' | 'no-referrer';
  /** Origins the page's form may post to besides its own. */
  formActionOrigins?: readonly string[];
}

/** Sends one of the identity provider's pages: never cached, never framed, no script. */
export function sendIdpPage(
  reply: FastifyReply,
  html: string,
  status = 200,
  { referrerPolicy = 'same-origin', formActionOrigins = [] }: IdpPageHeaders = {},
) {
  const formAction = ["'self'", ...formActionOrigins].join(' ');
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', referrerPolicy)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(html);
}
