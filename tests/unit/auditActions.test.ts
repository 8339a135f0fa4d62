import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_TEXTS, AUDIT_ACTIONS } from '../../src/domain/auditActions';
import { companyMessages } from '../../src/i18n/de/company';
import { HISTORY_ACTION_KEYS } from '../../src/resources/companies/historyText';

describe('the audit actions in German', () => {
  it('names every action the server records', () => {
    expect(Object.keys(AUDIT_ACTION_TEXTS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(Object.values(AUDIT_ACTION_TEXTS).every((text) => text.trim().length > 0)).toBe(true);
  });

  it('uses the histories’ words for the actions the histories name', () => {
    const what: Record<string, string> = companyMessages.app.companyHistory.what;
    for (const [action, key] of Object.entries(HISTORY_ACTION_KEYS)) {
      expect({ action, text: what[key] }).toEqual({
        action,
        text: AUDIT_ACTION_TEXTS[action as keyof typeof AUDIT_ACTION_TEXTS],
      });
    }
  });
});
