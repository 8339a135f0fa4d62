import { describe, expect, it } from 'vitest';
import {
  choosePackage,
  endIsAfterStart,
  formatLicenseKey,
  increaseFits,
  isLicenseKey,
  LICENSE_KEY_ALPHABET,
  LICENSE_KEY_PATTERN,
  LICENSE_KEY_RANDOM_BYTES,
  LICENSE_VALIDATION_TEXTS,
  licenseCreateSchema,
  licenseUpdateSchema,
  MACHINE_ID_PATTERN,
  normalizeLicenseKey,
  PACKAGE_AMOUNT_MAX,
  packageCreateSchema,
  packageIncreaseSchema,
  packageState,
  packageUpdateSchema,
  type PackageForChoice,
} from '../../src/domain/licenses';

const pkg = (overrides: Partial<PackageForChoice> = {}): PackageForChoice => ({
  id: 'p-1',
  startDate: '2026-11-01',
  endDate: '2026-12-31',
  remainingAmount: 5,
  suspended: false,
  ...overrides,
});

const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('licence keys', () => {
  it('accepts five groups of five of Crockford’s base32, forgiving case and surrounding spaces', () => {
    expect(isLicenseKey('K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0E')).toBe(true);
    expect(isLicenseKey('  k7q2m-8zt4x-w3n9p-hc6vr-5dj0e ')).toBe(true);
    expect(normalizeLicenseKey(' k7q2m-8zt4x-w3n9p-hc6vr-5dj0e ')).toBe('K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0E');
  });

  it('refuses letters that read as digits, wrong grouping and anything else', () => {
    for (const key of [
      'K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0I', // I
      'K7Q2M-8ZT4X-W3N9P-HC6VR-5DJOL', // O, L
      'K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0U', // U
      'K7Q2M8ZT4XW3N9PHC6VR5DJ0E',
      'K7Q2M-8ZT4X-W3N9P-HC6VR',
      'K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0E-AAAAA',
      '',
      '../../etc/passwd',
    ]) {
      expect(isLicenseKey(key), key).toBe(false);
    }
  });
});

describe('generating licence keys', () => {
  it('turns 25 random bytes into five groups of five of the alphabet', () => {
    const bytes = Uint8Array.from({ length: LICENSE_KEY_RANDOM_BYTES }, (_, i) => i);
    expect(formatLicenseKey(bytes)).toBe('01234-56789-ABCDE-FGHJK-MNPQR');
    expect(formatLicenseKey(bytes)).toMatch(LICENSE_KEY_PATTERN);
  });

  it('uses the low five bits of each byte, so every character is equally likely', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte += 1) {
      const key = formatLicenseKey(new Uint8Array(LICENSE_KEY_RANDOM_BYTES).fill(byte));
      expect(key).toMatch(LICENSE_KEY_PATTERN);
      counts.set(key[0], (counts.get(key[0]) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe([...LICENSE_KEY_ALPHABET].sort().join(''));
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it('refuses too few random bytes', () => {
    expect(() => formatLicenseKey(new Uint8Array(LICENSE_KEY_RANDOM_BYTES - 1))).toThrow();
  });
});

describe('machine ids', () => {
  it('take 1 to 128 letters, digits and . _ : -', () => {
    expect(MACHINE_ID_PATTERN.test('studio-pc-01.local:A_7')).toBe(true);
    expect(MACHINE_ID_PATTERN.test('x'.repeat(128))).toBe(true);
    expect(MACHINE_ID_PATTERN.test('x'.repeat(129))).toBe(false);
    expect(MACHINE_ID_PATTERN.test('')).toBe(false);
    expect(MACHINE_ID_PATTERN.test('pc 01')).toBe(false);
    expect(MACHINE_ID_PATTERN.test('pc/01')).toBe(false);
  });
});

describe('package state on a day', () => {
  it('is valid from the first to the last day while units remain', () => {
    expect(packageState(pkg(), '2026-11-01')).toBe('valid');
    expect(packageState(pkg(), '2026-12-31')).toBe('valid');
  });

  it('is future before, expired after, used up without units, suspended above all', () => {
    expect(packageState(pkg(), '2026-10-31')).toBe('future');
    expect(packageState(pkg(), '2027-01-01')).toBe('expired');
    expect(packageState(pkg({ remainingAmount: 0 }), '2026-11-15')).toBe('usedUp');
    expect(packageState(pkg({ suspended: true, remainingAmount: 0 }), '2027-01-01')).toBe('suspended');
  });
});

describe('the package a process consumes from', () => {
  it('is the valid one that ends first', () => {
    const packages = [
      pkg({ id: 'late', endDate: '2027-03-31' }),
      pkg({ id: 'early', endDate: '2026-12-15' }),
      pkg({ id: 'earliest-but-used-up', endDate: '2026-11-20', remainingAmount: 0 }),
      pkg({ id: 'earliest-but-suspended', endDate: '2026-11-20', suspended: true }),
      pkg({ id: 'not-yet', startDate: '2026-11-20', endDate: '2026-11-25' }),
      pkg({ id: 'over', startDate: '2026-01-01', endDate: '2026-11-10' }),
    ];
    expect(choosePackage(packages, '2026-11-15')?.id).toBe('early');
  });

  it('breaks ties by the earlier start, then by id, so concurrent choices agree', () => {
    const packages = [
      pkg({ id: 'b', startDate: '2026-10-01' }),
      pkg({ id: 'c', startDate: '2026-09-01' }),
      pkg({ id: 'a', startDate: '2026-09-01' }),
    ];
    expect(choosePackage(packages, '2026-11-15')?.id).toBe('a');
  });

  it('is none when nothing is valid', () => {
    expect(choosePackage([pkg({ remainingAmount: 0 })], '2026-11-15')).toBeUndefined();
    expect(choosePackage([], '2026-11-15')).toBeUndefined();
  });
});

describe('licence payloads', () => {
  const ids = {
    storeId: '0b6f1a52-6f0e-4c1a-9d8e-2f3b4c5d6e7f',
    systemIntegratorId: '6f1c8f0e-6b7e-4c1e-9a53-0d6c3f5b9a11',
  };

  it('createLicense takes studio, integrator, an optional reseller and postpaid', () => {
    expect(licenseCreateSchema.safeParse({ ...ids, resellerId: null, postpaidAllowed: false }).success).toBe(true);
    expect(licenseCreateSchema.safeParse({ ...ids, resellerId: ids.storeId, postpaidAllowed: true }).success).toBe(
      true,
    );
    // The reseller may be left out (issue 25: 'Lizenz anlegen' needs no reseller).
    expect(licenseCreateSchema.safeParse({ ...ids, postpaidAllowed: false }).success).toBe(true);
    expect(
      licenseCreateSchema.safeParse({ ...ids, resellerId: null, postpaidAllowed: false, key: 'MINE' }).success,
    ).toBe(false);
  });

  it('updateLicense takes a machine id of the device API’s shape or null', () => {
    const base = { postpaidAllowed: true, suspended: false };
    expect(licenseUpdateSchema.safeParse({ ...base, boundMachineId: null }).success).toBe(true);
    expect(licenseUpdateSchema.safeParse({ ...base, boundMachineId: 'studio-pc-01' }).success).toBe(true);
    expect(messagesOf(licenseUpdateSchema.safeParse({ ...base, boundMachineId: 'pc 01' }))).toEqual([
      `boundMachineId: ${LICENSE_VALIDATION_TEXTS.machineIdInvalid}`,
    ]);
  });
});

describe('package payloads', () => {
  it('need an end date after the start date (invalidEndDate on the end date)', () => {
    const same = packageCreateSchema.safeParse({ startDate: '2026-12-01', endDate: '2026-12-01', amount: 10 });
    expect(messagesOf(same)).toEqual([`endDate: ${LICENSE_VALIDATION_TEXTS.invalidEndDate}`]);
    expect(endIsAfterStart({ startDate: '2026-12-01', endDate: '2026-12-02' })).toBe(true);
    expect(endIsAfterStart({ startDate: '2026-12-02', endDate: '2026-12-01' })).toBe(false);
  });

  it('need real calendar days', () => {
    const result = packageCreateSchema.safeParse({ startDate: '2026-02-30', endDate: '2026-03-31', amount: 10 });
    expect(messagesOf(result)).toEqual([`startDate: ${LICENSE_VALIDATION_TEXTS.dateInvalid}`]);
  });

  it('need a whole amount of at least 1 and at most the maximum', () => {
    const create = (amount: unknown) =>
      messagesOf(packageCreateSchema.safeParse({ startDate: '2026-12-01', endDate: '2026-12-31', amount }));
    expect(create(1)).toEqual([]);
    expect(create(PACKAGE_AMOUNT_MAX)).toEqual([]);
    expect(create(0)).toEqual([`amount: ${LICENSE_VALIDATION_TEXTS.amountAtLeastOne}`]);
    expect(create(1.5)).toEqual([`amount: ${LICENSE_VALIDATION_TEXTS.amountWhole}`]);
    expect(create(PACKAGE_AMOUNT_MAX + 1)).toEqual([`amount: ${LICENSE_VALIDATION_TEXTS.amountTooLarge}`]);
    expect(create(undefined)).toEqual([`amount: ${LICENSE_VALIDATION_TEXTS.amountRequired}`]);
  });

  it('updateLicensePackage changes dates and suspension; amounts may only come along unchanged', () => {
    expect(
      packageUpdateSchema.safeParse({ startDate: '2026-12-01', endDate: '2026-12-31', suspended: true }).success,
    ).toBe(true);
    expect(
      packageUpdateSchema.safeParse({
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        suspended: false,
        amount: 10,
        remainingAmount: 4,
      }).success,
    ).toBe(true);
    expect(
      packageUpdateSchema.safeParse({ startDate: '2026-12-01', endDate: '2026-12-31', suspended: false, usedAmount: 1 })
        .success,
    ).toBe(false);
  });

  it('an increase keeps the package at most at the maximum', () => {
    expect(increaseFits(10, 5)).toBe(true);
    expect(increaseFits(PACKAGE_AMOUNT_MAX - 5, 5)).toBe(true);
    expect(increaseFits(PACKAGE_AMOUNT_MAX - 5, 6)).toBe(false);
    expect(increaseFits(10, 0)).toBe(false);
    expect(increaseFits(10, 1.5)).toBe(false);
  });

  it('increaseLicensePackageAmount needs at least 1', () => {
    expect(packageIncreaseSchema.safeParse({ amount: 5 }).success).toBe(true);
    expect(messagesOf(packageIncreaseSchema.safeParse({ amount: 0 }))).toEqual([
      `amount: ${LICENSE_VALIDATION_TEXTS.amountAtLeastOne}`,
    ]);
  });
});
