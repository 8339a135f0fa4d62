import { PASSWORD_RULES } from '../../src/domain/password';
import { renderIdpPage } from './login-page';

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
  invalid: 'Dieser Link ist ungültig. Bitte prüfen Sie, ob Sie ihn vollständig aus der E-Mail übernommen haben.',
  expiredTitle: 'Link abgelaufen',
  expired: 'Dieser Link ist abgelaufen: Links zum Festlegen des Passworts gelten 72 Stunden.',
  resetExpired:
    'Dieser Link ist abgelaufen: Links aus „Passwort vergessen?“ gelten 60 Minuten. Einen neuen Link fordern Sie über „Passwort vergessen?“ auf der Anmeldeseite an.',
  newLink: 'Einen neuen Link erhalten Sie vom Lumio-Support:',
  newLinkHint:
    'Schreiben Sie uns Ihre E-Mail-Adresse; wir senden Ihnen eine neue E-Mail, deren Link wieder 72 Stunden gilt.',
  usedTitle: 'Link bereits verwendet',
  used: 'Mit diesem Link wurde Ihr Passwort bereits festgelegt. Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
  replacedTitle: 'Link nicht mehr gültig',
  replaced:
    'Für Ihr Konto wurde inzwischen ein neuer Link verschickt; dieser hier gilt nicht mehr. Bitte verwenden Sie den Link aus der neuesten E-Mail.',
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
  const data = { action, token, email, errors, passwordRules: PASSWORD_RULES, t: T };
  return renderIdpPage('set-password', { title: T.title, footer, ...data });
}

/** After success: the way to log in is the portal's landing page, where keycloak-js starts the login. */
export function renderPasswordSavedPage(loginUrl: string, footer: string): string {
  return renderIdpPage('password-saved', { title: T.savedTitle, footer, loginUrl, t: T });
}

export type SetPasswordMessageKind =
  'invalid' | 'expired' | 'resetExpired' | 'used' | 'replaced' | 'forbidden' | 'tooMany';

export interface SetPasswordMessageOptions {
  homeUrl: string;
  /** The support contact of the imprint (BRAND_OWNER_CONTACT): where a new link comes from. */
  contact: string;
  footer: string;
}

/**
 * A link that cannot be used (unknown, expired, used, replaced by a newer one), a refused
 * request and the rate limit, each with its German text; the dead ends say how to go on.
 */
export function renderSetPasswordMessage(
  kind: SetPasswordMessageKind,
  { homeUrl, contact, footer }: SetPasswordMessageOptions,
): string {
  const texts: Record<SetPasswordMessageKind, [string, string]> = {
    invalid: [T.invalidTitle, T.invalid],
    expired: [T.expiredTitle, T.expired],
    resetExpired: [T.expiredTitle, T.resetExpired],
    used: [T.usedTitle, T.used],
    replaced: [T.replacedTitle, T.replaced],
    forbidden: [T.forbiddenTitle, T.forbidden],
    tooMany: [T.tooManyTitle, T.tooMany],
  };
  const [title, text] = texts[kind];
  // The way to a new link, for links that cannot be used any more: the support contact, a link if it is an address.
  const address = contact.includes('@') && !/\s/.test(contact) ? contact : undefined;
  const showNewLink = kind === 'invalid' || kind === 'expired';
  const button = kind === 'used' ? T.login : T.home;
  const data = { text, homeUrl, contact, address, showNewLink, button, t: T };
  return renderIdpPage('set-password-message', { title, footer, ...data });
}
