import { describe, expect, it } from 'vitest';
import { deviceLicenseState, parseLicenseAuthorization, usableRemaining } from '../../src/domain/deviceApi';
import { SERVER_MESSAGE_TEXTS } from '../../src/domain/errorCatalogue';
import { CANCEL_WINDOW_MINUTES, FORCED_REBIND_LIMIT, FORCED_REBIND_WINDOW_DAYS } from '../../src/domain/licenses';

const KEY = 'K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0E';

describe('parseLicenseAuthorization', () => {
  it('reads the License scheme in any case, forgiving spaces and a lower-case key', () => {
    expect(parseLicenseAuthorization(`License ${KEY}`)).toEqual({ kind: 'key', key: KEY });
    expect(parseLicenseAuthorization(`license   ${KEY.toLowerCase()}  `)).toEqual({ kind: 'key', key: KEY });
  });

  it('calls a missing header or another scheme missing', () => {
    expect(parseLicenseAuthorization(undefined)).toEqual({ kind: 'missing' });
    expect(parseLicenseAuthorization('Bearer abc.def.ghi')).toEqual({ kind: 'missing' });
    expect(parseLicenseAuthorization(`Licenses ${KEY}`)).toEqual({ kind: 'missing' });
  });

  it('calls the License scheme without a valid key malformed', () => {
    for (const header of [
      'License',
      'License ',
      'License K7Q2M',
      `License ${KEY}-AAAAA`,
      `License ${KEY.replace('K', 'I')}`,
    ]) {
      expect(parseLicenseAuthorization(header), header).toEqual({ kind: 'malformed' });
    }
  });
});

describe('deviceLicenseState', () => {
  const license = { suspended: false, boundMachineId: 'PC-1', postpaidAllowed: false };

  it('takes the first state that applies', () => {
    expect(deviceLicenseState({ ...license, suspended: true, boundMachineId: null }, 'PC-1', 0)).toBe('SUSPENDED');
    expect(deviceLicenseState({ ...license, boundMachineId: null }, 'PC-1', 0)).toBe('NOT_BOUND');
    expect(deviceLicenseState(license, 'PC-2', 0)).toBe('OTHER_MACHINE');
    expect(deviceLicenseState(license, 'pc-1', 5)).toBe('OTHER_MACHINE');
    expect(deviceLicenseState(license, 'PC-1', 0)).toBe('NO_CREDIT');
    expect(deviceLicenseState({ ...license, postpaidAllowed: true }, 'PC-1', 0)).toBe('VALID');
    expect(deviceLicenseState(license, 'PC-1', 1)).toBe('VALID');
  });
});

describe('usableRemaining', () => {
  it('adds up the units of the packages valid today only', () => {
    const pkg = (id: string, startDate: string, endDate: string, remainingAmount: number, suspended = false) => ({
      id,
      startDate,
      endDate,
      remainingAmount,
      suspended,
    });
    const packages = [
      pkg('a', '2026-01-01', '2026-12-31', 5),
      pkg('b', '2026-06-15', '2026-06-15', 2),
      pkg('c', '2026-06-16', '2026-12-31', 7),
      pkg('d', '2026-01-01', '2026-06-14', 9),
      pkg('e', '2026-01-01', '2026-12-31', 4, true),
    ];
    expect(usableRemaining(packages, '2026-06-15')).toBe(7);
    expect(usableRemaining([], '2026-06-15')).toBe(0);
  });
});

describe('device API messages', () => {
  it('name the limits of src/domain/licenses.ts', () => {
    expect(SERVER_MESSAGE_TEXTS.forcedRebindLimitReached).toContain(`letzten ${FORCED_REBIND_WINDOW_DAYS} Tagen`);
    expect(SERVER_MESSAGE_TEXTS.forcedRebindLimitReached).toContain(`${FORCED_REBIND_LIMIT}-mal`);
    expect(SERVER_MESSAGE_TEXTS.cancelWindowPassed).toContain(`${CANCEL_WINDOW_MINUTES} Minuten`);
  });
});
