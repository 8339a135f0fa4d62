import { describe, expect, it } from 'vitest';
import { WEEKDAY_SHORT_NAMES, weekdayColumn } from '../../src/components/datePicker/calendar';
import { formatDate, formatDateTime, parseGermanDate, WEEK_STARTS_ON } from '../../src/domain/dates';
import { isExemptFromIdleLogout, ROLES } from '../../src/domain/roles';
import { GUARDED_ROUTE_ROOTS, isGuardedPath } from '../../src/domain/routes';
import { parseRuntimeConfig, RuntimeConfigError } from '../../src/domain/runtimeConfig';
import { displayName } from '../../src/domain/self';

describe('German dates', () => {
  it('shows dates as DD.MM.YYYY', () => {
    expect(formatDate('2024-03-07')).toBe('07.03.2024');
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('31.12.2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('kein Datum')).toBe('');
  });

  it('keeps an ISO calendar date on its day in every time zone', () => {
    expect(formatDate('2024-01-01')).toBe('01.01.2024');
  });

  it('shows date and time as "DD.MM.YYYY, HH:MM" in local time', () => {
    expect(formatDateTime(new Date(2024, 2, 7, 9, 5))).toBe('07.03.2024, 09:05');
  });

  it('reads DD.MM.YYYY and refuses impossible dates', () => {
    expect(parseGermanDate('7.3.2024')).toBe('2024-03-07');
    expect(parseGermanDate(' 29.02.2024 ')).toBe('2024-02-29');
    expect(parseGermanDate('29.02.2023')).toBeNull();
    expect(parseGermanDate('2024-03-07')).toBeNull();
  });

  it('starts the week on Monday', () => {
    expect(WEEK_STARTS_ON).toBe(1);
    expect(WEEKDAY_SHORT_NAMES[0]).toBe('Mo');
    expect(weekdayColumn(new Date(2024, 2, 4))).toBe(0); // a Monday
    expect(weekdayColumn(new Date(2024, 2, 10))).toBe(6); // a Sunday
  });
});

describe('routes', () => {
  it('treats every guarded route of spec section 2 and its children as guarded', () => {
    for (const root of GUARDED_ROUTE_ROOTS) {
      expect(isGuardedPath(`/${root}`)).toBe(true);
      expect(isGuardedPath(`/${root}/123/edit`)).toBe(true);
    }
    expect(isGuardedPath('/access-denied')).toBe(true);
  });

  it('does not treat public or unknown paths as guarded', () => {
    for (const path of ['/', '/imprint', '/register-studio', '/unbekannt', '/dashboardx', '/login']) {
      expect(isGuardedPath(path)).toBe(false);
    }
  });
});

describe('idle logout exemption', () => {
  it('applies to SystemIntegratorAdmin only', () => {
    expect(ROLES.filter(isExemptFromIdleLogout)).toEqual(['SystemIntegratorAdmin']);
  });
});

describe('runtime config', () => {
  const valid = {
    apiUrl: '/api/',
    keycloak: { url: 'http://localhost:8080/', realm: 'lumio', clientId: 'lumio-web' },
    brandOwner: { name: 'N', address: 'A', register: 'R', vatId: 'V', contact: 'C' },
  };

  it('accepts config.json and trims trailing slashes', () => {
    const config = parseRuntimeConfig(valid);
    expect(config.apiUrl).toBe('/api');
    expect(config.keycloak.url).toBe('http://localhost:8080');
  });

  it('names the missing field', () => {
    expect(() => parseRuntimeConfig({ ...valid, keycloak: { ...valid.keycloak, realm: '' } })).toThrow(
      /keycloak\.realm/,
    );
    expect(() => parseRuntimeConfig(null)).toThrow(RuntimeConfigError);
  });
});

describe('display name', () => {
  it('uses first and last name, the e-mail while both are empty', () => {
    expect(displayName({ firstName: 'Max', lastName: 'Muster', email: 'm@x.de' })).toBe('Max Muster');
    expect(displayName({ firstName: '', lastName: '', email: 'm@x.de' })).toBe('m@x.de');
  });
});
