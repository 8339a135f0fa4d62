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
  actor: { name: 'Sabine System', role: 'SystemAdmin' },
  action: 'administrator.created',
  entityType: 'administrator',
  entityId: 'a-1',
  subject: 'Sina Systemhaus',
  changes: [],
  ...overrides,
});
const what = (overrides: Partial<CompanyHistoryEntry>) => describeHistoryEntry(entry(overrides), translate).what;

describe('the audit rows of administrators in German (issue 12)', () => {
  it('names creating, renaming and deleting with the person', () => {
    expect(what({})).toBe('Administrator angelegt: Sina Systemhaus');
    expect(
      what({
        action: 'administrator.updated',
        subject: 'Sina Systemhaus-Berg',
        changes: [{ field: 'lastName', before: 'Systemhaus', after: 'Systemhaus-Berg' }],
      }),
    ).toBe('Administrator geändert: Sina Systemhaus-Berg (Nachname)');
    expect(what({ action: 'administrator.deleted' })).toBe('Administrator gelöscht: Sina Systemhaus');
    // A later administrator action still reads as German.
    expect(what({ action: 'administrator.something-new', subject: null })).toBe('Administrator geändert');
    expect(describeHistoryEntry(entry({}), translate).who).toBe('Sabine System (Lumio)');
    expect(missing).toEqual([]);
  });
});
