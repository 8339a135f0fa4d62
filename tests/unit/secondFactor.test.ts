import { describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET as SCRIPT_SECRET, totpCode } from '../../scripts/lib/totp.mjs';
import { DEMO_TOTP_SECRET, isSecondFactorRequired } from '../../src/domain/secondFactor';

describe('second factor', () => {
  it('computes the RFC 6238 code (SHA-1, 30 s, 6 digits) of its test vector', () => {
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', new Date(59_000))).toBe('287082');
  });

  it('gives the scripts the demo secret of the domain rule', () => {
    expect(SCRIPT_SECRET).toBe(DEMO_TOTP_SECRET);
  });

  it('requires a second factor of the provider and integrator roles only', () => {
    expect(isSecondFactorRequired('SystemAdmin')).toBe(true);
    expect(isSecondFactorRequired('LumioAdmin')).toBe(true);
    expect(isSecondFactorRequired('SystemIntegratorAdmin')).toBe(true);
    expect(isSecondFactorRequired('Owner')).toBe(false);
    expect(isSecondFactorRequired('Employee')).toBe(false);
  });
});
