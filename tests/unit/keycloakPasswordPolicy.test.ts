import { describe, expect, it } from 'vitest';
import { PASSWORD_TEXTS } from '../../src/domain/password';
import { KEYCLOAK_POLICY_TEXTS, policyMessage } from '../../server/idp/keycloak/password-policy';

describe("Keycloak's password-policy refusals on the set-password page", () => {
  it.each([
    ['invalidPasswordMinLengthMessage', PASSWORD_TEXTS.tooShort],
    ['invalidPasswordMaxLengthMessage', PASSWORD_TEXTS.tooLong],
    ['invalidPasswordMinDigitsMessage', PASSWORD_TEXTS.digit],
    ['invalidPasswordRegexPatternMessage', PASSWORD_TEXTS.letter],
    ['invalidPasswordNotEmailMessage', KEYCLOAK_POLICY_TEXTS.notEmail],
    ['invalidPasswordHistoryMessage', KEYCLOAK_POLICY_TEXTS.history],
    ['invalidPasswordMinSpecialCharsMessage', KEYCLOAK_POLICY_TEXTS.other],
  ])('reads %s as the German "%s"', (key, message) => {
    expect(policyMessage(key)).toBe(message);
  });

  it('leaves refusals that are no password policy to the caller', () => {
    expect(policyMessage('User exists with same email')).toBeUndefined();
    expect(policyMessage(undefined)).toBeUndefined();
  });
});
