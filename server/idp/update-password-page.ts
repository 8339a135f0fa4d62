import { PASSWORD_RULES } from '../../src/domain/password';
import { renderIdpPage } from './login-page';

/** German texts of the password page (kc_action=UPDATE_PASSWORD); the tests read them from here. */
export const UPDATE_PASSWORD_TEXTS = {
  title: 'Passwort ändern',
  intro: 'Geben Sie Ihr aktuelles Passwort und zweimal Ihr neues Passwort ein.',
  account: 'Konto',
  current: 'Aktuelles Passwort',
  password: 'Neues Passwort',
  passwordRepeat: 'Neues Passwort wiederholen',
  rulesHeading: 'Ihr neues Passwort muss Folgendes erfüllen:',
  submit: 'Passwort ändern',
  cancel: 'Abbrechen',
  currentMissing: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
  currentWrong: 'Das aktuelle Passwort ist nicht korrekt.',
} as const;

const T = UPDATE_PASSWORD_TEXTS;

export interface UpdatePasswordFormOptions {
  action: string;
  email: string;
  errors?: string[];
  footer: string;
}

/**
 * The form, with Keycloak's field names of its update-password page (`password`, `password-new`,
 * `password-confirm`, and `cancel-aia` for cancelling an application-initiated action). No token
 * field: the interaction cookie ties the form to the authorization request, as on the login page.
 * `novalidate` and no length attributes, for the reasons given at the set-password page.
 */
export function renderUpdatePasswordPage({ action, email, errors = [], footer }: UpdatePasswordFormOptions): string {
  const data = { action, email, errors, passwordRules: PASSWORD_RULES, t: T };
  return renderIdpPage('update-password', { title: T.title, footer, ...data });
}
