import { describe, expect, it } from 'vitest';
import type { CompanyHistoryEntry } from '../../src/dataProvider';
import { createI18nProvider } from '../../src/i18n';
import { deMessages } from '../../src/i18n/de';
import { describeHistoryEntry } from '../../src/resources/companies/historyText';

const missing: string[] = [];
const i18n = createI18nProvider(deMessages, (key) => missing.push(key));
const translate = (key: string, options?: Record<string, unknown>) => i18n.translate(key, options);

const entry = (overrides: Partial<CompanyHistoryEntry>): CompanyHistoryEntry => ({
  id: 'h-1',
  at: '2026-11-23T13:05:00.000Z',
  actor: { name: 'Ingo Integrator', role: 'SystemIntegratorAdmin' },
  action: 'license.created',
  entityType: 'license',
  entityId: 'l-1',
  subject: null,
  changes: [],
  ...overrides,
});
const what = (overrides: Partial<CompanyHistoryEntry>) => describeHistoryEntry(entry(overrides), translate).what;

describe('the audit rows of licences and packages in German (issue 13)', () => {
  it("names an integrator's API client as the one who acted, by its name (issue 26)", () => {
    const line = describeHistoryEntry(entry({ actor: { name: 'Warenwirtschaft', role: 'ApiClient' } }), translate);
    expect(line.who).toBe('API-Zugang „Warenwirtschaft“');
    expect(missing).toEqual([]);
  });

  it('names creating and changing a licence with the changed fields', () => {
    expect(what({})).toBe('Lizenz angelegt');
    expect(
      what({
        action: 'license.updated',
        changes: [
          { field: 'boundMachineId', before: null, after: 'STUDIO-SONNENSCHEIN-PC-01' },
          { field: 'suspended', before: false, after: true },
          { field: 'postpaidAllowed', before: false, after: true },
        ],
      }),
    ).toBe('Lizenz geändert: Geräte-ID, Gesperrt, Postpaid erlaubt');
    expect(describeHistoryEntry(entry({}), translate).who).toBe('Ingo Integrator');
    expect(missing).toEqual([]);
  });

  it('names creating, changing and increasing a package', () => {
    const pkg = { entityType: 'package', entityId: 'p-1' };
    expect(what({ ...pkg, action: 'package.created' })).toBe('Vorgangspaket angelegt');
    expect(
      what({
        ...pkg,
        action: 'package.updated',
        changes: [
          { field: 'endDate', before: '2026-12-31', after: '2027-03-31' },
          { field: 'suspended', before: false, after: true },
        ],
      }),
    ).toBe('Vorgangspaket geändert: Gültig bis, Gesperrt');
    expect(
      what({
        ...pkg,
        action: 'package.increased',
        changes: [
          { field: 'amount', before: 750, after: 1000 },
          { field: 'remainingAmount', before: 150, after: 400 },
        ],
      }),
    ).toBe('Anzahl der Vorgänge erhöht: 750 → 1.000');
    // A later package action still reads as German.
    expect(what({ ...pkg, action: 'package.something-new' })).toBe('Vorgangspaket geändert');
    expect(missing).toEqual([]);
  });
});
