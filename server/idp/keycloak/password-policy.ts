import { PASSWORD_TEXTS } from '../../../src/domain/password';

/**
 * Keycloak's refusals of a password (`PUT …/reset-password` answers 400 with the policy's message
 * key in `error`) as the set-password page's German messages. The realm's policy mirrors
 * src/domain/password.ts, which the page checks first, so these appear only when an operator made
 * the realm stricter; the catch-all keeps even an unknown policy's refusal German.
 */
export const KEYCLOAK_POLICY_TEXTS = {
  notEmail: 'Das Passwort darf nicht Ihre E-Mail-Adresse sein.',
  history: 'Das Passwort darf keinem Ihrer letzten Passwörter gleichen.',
  blacklisted: 'Dieses Passwort ist zu verbreitet und daher nicht erlaubt.',
  other: 'Das Passwort erfüllt die Passwortrichtlinie nicht. Bitte wählen Sie ein anderes.',
} as const;

const BY_KEY: Record<string, string> = {
  invalidPasswordMinLengthMessage: PASSWORD_TEXTS.tooShort,
  invalidPasswordMaxLengthMessage: PASSWORD_TEXTS.tooLong,
  invalidPasswordMinDigitsMessage: PASSWORD_TEXTS.digit,
  // The realm's regexPattern is the letter rule (deploy/keycloak/lumio-realm.json).
  invalidPasswordRegexPatternMessage: PASSWORD_TEXTS.letter,
  invalidPasswordNotUsernameMessage: KEYCLOAK_POLICY_TEXTS.notEmail,
  invalidPasswordNotEmailMessage: KEYCLOAK_POLICY_TEXTS.notEmail,
  invalidPasswordHistoryMessage: KEYCLOAK_POLICY_TEXTS.history,
  invalidPasswordBlacklistedMessage: KEYCLOAK_POLICY_TEXTS.blacklisted,
};

/** The German message of a refusal; undefined when `key` is no password-policy refusal at all. */
export function policyMessage(key: string | undefined): string | undefined {
  if (!key?.startsWith('invalidPassword')) return undefined;
  return BY_KEY[key] ?? KEYCLOAK_POLICY_TEXTS.other;
}
