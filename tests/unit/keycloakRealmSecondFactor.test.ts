import { describe, expect, it } from 'vitest';
import realm from '../../deploy/keycloak/lumio-realm.json';
import { SECOND_FACTOR_REQUIRED_ROLES, TOTP_POLICY } from '../../src/domain/secondFactor';

/**
 * The realm file says what src/domain/secondFactor.ts says (issue 24): the same OTP policy, and the
 * code asked of exactly the roles that must use a second factor. The flow's behaviour itself is
 * tested on a real Keycloak (tests/e2e/second-factor-keycloak.spec.ts).
 */
const REQUIRED_ROLE = 'lumio-otp-required';

describe('the Keycloak realm file and the second-factor rule', () => {
  it('has the OTP policy of TOTP_POLICY, each code usable once', () => {
    expect({
      type: realm.otpPolicyType,
      algorithm: realm.otpPolicyAlgorithm,
      digits: realm.otpPolicyDigits,
      period: realm.otpPolicyPeriod,
      window: realm.otpPolicyLookAheadWindow,
      reusable: realm.otpPolicyCodeReusable,
    }).toEqual({
      type: 'totp',
      algorithm: `Hmac${TOTP_POLICY.algorithm}`,
      digits: TOTP_POLICY.digits,
      period: TOTP_POLICY.periodSeconds,
      window: TOTP_POLICY.window,
      reusable: false,
    });
  });

  it('gives the duty role to exactly the roles that must use a second factor', () => {
    const withDuty = realm.roles.realm
      .filter((role) => 'composites' in role && role.composites?.realm.includes(REQUIRED_ROLE))
      .map((role) => role.name);
    expect(withDuty.sort()).toEqual([...SECOND_FACTOR_REQUIRED_ROLES].sort());
  });

  it('binds its own browser and forgot-password flows, whose role conditions name the duty role', () => {
    const flows = realm.authenticationFlows.map((flow) => flow.alias);
    expect(flows).toContain(realm.browserFlow);
    expect(flows).toContain(realm.resetCredentialsFlow);
    // Keycloak's own forgot-password flow removes the second factor ('reset-otp') after the mail's link.
    const authenticators = realm.authenticationFlows.flatMap((flow) =>
      flow.authenticationExecutions.map((execution) => ('authenticator' in execution ? execution.authenticator : '')),
    );
    expect(authenticators).not.toContain('reset-otp');
    const conditions = realm.authenticatorConfig.map((config) => config.config);
    expect(conditions).toEqual(
      expect.arrayContaining([
        { condUserRole: REQUIRED_ROLE, negate: 'false' },
        { condUserRole: REQUIRED_ROLE, negate: 'true' },
      ]),
    );
  });
});
